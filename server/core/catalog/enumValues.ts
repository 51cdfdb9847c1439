/**
 * Enumerable values of MXQL options, as data. Each value carries a one-line description in our own
 * words so completion and hover can show it without a second table.
 */
import { type SourceConfidence } from './commandTypes';
import { ROLLUP_STEP_MS, type RollupSuffix } from '../../../common/categoryName';

/** A value that completion can offer, with what it means. */
export interface EnumValue {
  readonly value: string;
  readonly description: string;
  readonly confidence: SourceConfidence;
}

function values(confidence: SourceConfidence, pairs: readonly (readonly [string, string])[]): EnumValue[] {
  return pairs.map(([value, description]) => ({ value, description, confidence }));
}

/** ORDER `sort` directions. */
export const SORT_ORDERS: readonly EnumValue[] = values('documented', [
  ['asc', 'Smallest first.'],
  ['desc', 'Largest first.'],
]);

/** `true` / `false` for switches such as `backward`, `exist`, `ifexist`. */
export const BOOLEAN_VALUES: readonly EnumValue[] = values('documented', [
  ['true', 'Switch the behaviour on.'],
  ['false', 'Switch the behaviour off (the default for most switches).'],
]);

/**
 * Time buckets seen for GROUP `timeunit` and TIME-FILTER `duration`. Suffix forms (`5m`) and prefix
 * forms (`m5`) both occur; a plain number means milliseconds.
 */
export const TIMEUNIT_VALUES: readonly EnumValue[] = [
  ...values('documented', [
    ['5000', 'Five seconds, written in milliseconds.'],
    ['5s', 'Five-second buckets.'],
    ['1m', 'One-minute buckets.'],
    ['5m', 'Five-minute buckets.'],
    ['10m', 'Ten-minute buckets.'],
    ['1h', 'One-hour buckets.'],
    ['1d', 'One-day buckets.'],
    ['m1', 'One minute (prefix form).'],
    ['m5', 'Five minutes (prefix form).'],
    ['m10', 'Ten minutes (prefix form).'],
    ['h1', 'One hour (prefix form).'],
    ['d1', 'One day (prefix form).'],
  ]),
  ...values('observed', [
    ['10s', 'Ten-second buckets.'],
    ['30s', 'Thirty-second buckets.'],
    ['60s', 'Sixty-second buckets.'],
    ['120s', 'Two-minute buckets, written in seconds.'],
  ]),
];

/** Durations offered for TIME-RANGE `recent`/`duration` and TIME-PAST `delta`. */
export const DURATION_VALUES: readonly EnumValue[] = values('observed', [
  ['15s', 'The last fifteen seconds.'],
  ['1m', 'One minute.'],
  ['5m', 'Five minutes.'],
  ['10m', 'Ten minutes.'],
  ['30m', 'Thirty minutes.'],
  ['1h', 'One hour.'],
  ['6h', 'Six hours.'],
  ['24h', 'Twenty-four hours.'],
  ['1d', 'One day.'],
  ['3d', 'Three days.'],
  ['7d', 'One week.'],
  ['28d', 'Four weeks.'],
]);

/** Reductions of a MetricValue, for UPDATE `value` (and the Flex Board merge placeholders). */
export const MERGE_FUNCTIONS: readonly EnumValue[] = [
  ...values('documented', [
    ['sum', 'Add up the merged values.'],
    ['avg', 'Mean of the merged values; what a MetricValue shows when not reduced.'],
    ['min', 'Smallest merged value.'],
    ['max', 'Largest merged value.'],
    ['last', 'The value merged most recently.'],
    ['cnt', 'How many values were merged.'],
  ]),
  ...values('observed', [
    ['count', 'How many values were merged (long spelling).'],
    ['aggr', 'Aggregate log statistics produced by LogCountLoad.'],
  ]),
];

/** The operations UPDATE can perform; each is an option key of UPDATE. */
export const UPDATE_KINDS: readonly EnumValue[] = [
  ...values('documented', [
    ['value', 'Reduce a MetricValue with a merge function.'],
    ['datetime', 'Format an epoch-millisecond column as text with a Java date pattern.'],
    ['timezone', 'Time zone used by `datetime`.'],
    ['notnull', 'Value to put where the column is empty.'],
    ['pct', 'Percentile of a column collected with GROUP `listup`.'],
    ['decimal', 'Format a number with a Java decimal pattern.'],
  ]),
  ...values('observed', [['cast', 'Convert the column to another type.']]),
];

/** Target types of UPDATE `cast`. */
export const CAST_TYPES: readonly EnumValue[] = values('observed', [
  ['long', 'Whole number (64-bit).'],
  ['int', 'Whole number (32-bit).'],
  ['string', 'Text.'],
]);

/** JOIN `type` values. */
export const JOIN_TYPES: readonly EnumValue[] = values('observed', [
  ['inner', 'Keep only rows whose key is found in both queries.'],
]);

/** Dictionaries HVTEXT can resolve a hash against. */
export const HVTEXT_TYPES: readonly EnumValue[] = values('observed', [
  ['sql', 'SQL statement text.'],
  ['service', 'Transaction (service) name.'],
  ['error', 'Error class or message.'],
  ['db_attribute', 'Database attribute name.'],
  ['db_url', 'Database connection URL.'],
  ['http_domain', 'HTTP domain.'],
  ['httpc_host', 'Host of an outgoing HTTP call.'],
  ['httpc_url', 'URL of an outgoing HTTP call.'],
  ['login', 'Login user name.'],
  ['mtrace_spec', 'Multi-transaction trace spec.'],
  ['referer', 'HTTP referer.'],
  ['user_agent', 'Browser user agent.'],
]);

/** FORMAT `type` values. */
export const FORMAT_TYPES: readonly EnumValue[] = values('observed', [
  ['ip', 'Turn a numeric IPv4 address into dotted text.'],
]);

/** Query-environment values CREATE `env` can copy into a column. */
export const ENV_VALUES: readonly EnumValue[] = values('observed', [
  ['stime', 'Start of the query window (epoch ms).'],
  ['etime', 'End of the query window (epoch ms).'],
  ['now', 'Time the query ran (epoch ms).'],
]);

/** Display codes used as HEADER values (their meaning is inferred from use). */
export const HEADER_TYPE_CODES: readonly EnumValue[] = values('observed', [
  ['I', 'Integer.'],
  ['F', 'Decimal number.'],
  ['P', 'Percentage.'],
  ['%', 'Percentage.'],
  ['B', 'Bytes.'],
  ['ms', 'Milliseconds.'],
  ['S', 'Text.'],
  ['#', 'Count.'],
  ['id', 'Identifier.'],
  ['l', 'Long integer.'],
  ['pct', 'Percentage.'],
  ['pct#', 'Percentage of a count.'],
  ['dollar', 'Money in dollars.'],
  ['millicore', 'Thousandths of a CPU core.'],
  ['count', 'Count.'],
  ['PERCENT', 'Percentage.'],
]);

/** Time zones offered for `timezone` options. */
export const TIMEZONE_VALUES: readonly EnumValue[] = [
  { value: 'GMT9', description: 'UTC+9 (Korea, Japan).', confidence: 'documented' },
  { value: "'GMT+9'", description: 'UTC+9, quoted form.', confidence: 'observed' },
  { value: 'GMT0', description: 'UTC.', confidence: 'observed' },
];

/** What each roll-up suffix reads; typed over common/'s table, so a new suffix cannot go undescribed. */
const ROLLUP_DESCRIPTIONS: Record<RollupSuffix, string> = {
  m5: 'Five-minute roll-up; columns hold MetricValues.',
  h1: 'One-hour roll-up; columns hold MetricValues.',
};

/** Roll-up suffixes a category name may carry: `app_counter{m5}`. */
export const CATEGORY_SUFFIXES: readonly EnumValue[] = values(
  'documented',
  (Object.keys(ROLLUP_STEP_MS) as RollupSuffix[]).map((s) => [`{${s}}`, ROLLUP_DESCRIPTIONS[s]] as const),
);

/**
 * Every value list by the name it is exported under, in the order completion looks up a value's
 * description (the first list that has the value wins); translations are keyed by these names.
 */
export const VALUE_LISTS = {
  SORT_ORDERS,
  BOOLEAN_VALUES,
  TIMEUNIT_VALUES,
  DURATION_VALUES,
  MERGE_FUNCTIONS,
  UPDATE_KINDS,
  CAST_TYPES,
  JOIN_TYPES,
  HVTEXT_TYPES,
  FORMAT_TYPES,
  ENV_VALUES,
  HEADER_TYPE_CODES,
  TIMEZONE_VALUES,
  CATEGORY_SUFFIXES,
} as const satisfies Readonly<Record<string, readonly EnumValue[]>>;

/** The name of one of the {@link VALUE_LISTS}. */
export type ValueListName = keyof typeof VALUE_LISTS;
