/**
 * Aggregation, ordering and row-filtering commands of the processing stage.
 */
import {
  command,
  docOpt,
  DOCUMENTED,
  enumOf,
  form,
  OBSERVED,
  obsOpt,
  unverifiedOpt,
} from './commandBuilders';
import { type CommandDef } from './commandTypes';
import { CAST_TYPES, MERGE_FUNCTIONS, SORT_ORDERS, TIMEUNIT_VALUES } from './enumValues';

const MERGES = enumOf(MERGE_FUNCTIONS);
const TIMEUNITS = enumOf(TIMEUNIT_VALUES);
const reads = { column: 'reads' } as const;
/** A value compared with the column the sibling `key` names (see OptionDef.comparedWith). */
const byKey = { comparedWith: 'key' } as const;

/** GROUP, UPDATE, IFUPDATE, OIUPDATE. */
export const AGGREGATE_COMMANDS: readonly CommandDef[] = [
  command({
    name: 'GROUP',
    stage: 'process',
    operands: [form('object', 'GROUP {timeunit: 5m, pk: oid, last: oname, merge: [tps, tx_count]}')],
    options: [
      docOpt('timeunit', 'timeunit', 'Width of the time buckets (a duration, m5/h1 form, or ms).', {
        values: TIMEUNITS,
      }),
      docOpt('pk', 'fieldList', 'Columns that identify a group.', {
        aliases: ['primaryKey', 'key'],
        ...reads,
      }),
      docOpt('last', 'fieldList', 'Columns that keep their latest value per group.', reads),
      docOpt('listup', 'fieldList', 'Columns that keep every value as a list (for UPDATE pct).', reads),
      docOpt(
        'user',
        'field',
        'Blob column of user bits: becomes the count of distinct users, the merged bits go to `userbytes`.',
        { ...reads, addsColumns: ['userbytes'] },
      ),
      docOpt('merge', 'fieldList', 'Numeric columns accumulated into MetricValues.', reads),
      docOpt('rows', 'number', 'Most rows kept per group (1000 unless set).'),
      obsOpt('first', 'fieldList', 'Columns that keep their earliest value per group.', reads),
      obsOpt('sum', 'fieldList', 'Columns added up per group.', reads),
      obsOpt('quantile', 'field', 'Column of quantile sketches to merge.', reads),
      obsOpt('quantile2', 'field', 'Column of quantile sketches to merge, read with `rank`.', reads),
      obsOpt('rank', 'numberList', 'Quantiles (0..1) to read from `quantile2`.'),
      unverifiedOpt('timegroup', 'timeunit', 'Seen in generated alert queries in place of `timeunit`.', {
        values: TIMEUNITS,
      }),
      unverifiedOpt('keep', 'field', 'Seen in generated alert queries; meaning unknown.', reads),
    ],
    columnEffect: 'add',
    addsColumns: ['_rows_'],
    confidence: DOCUMENTED,
    description:
      'Buckets rows by time and key columns and merges each bucket into one row; counts the merged rows in `_rows_`.',
  }),
  command({
    name: 'UPDATE',
    stage: 'process',
    operands: [form('object', 'UPDATE {key: [tps, tx_count], value: sum}')],
    options: [
      docOpt('key', 'fieldList', 'Columns to change.', { required: true, ...reads }),
      docOpt('value', 'mergeFunction', 'How to reduce a MetricValue to one number.', { values: MERGES }),
      docOpt('datetime', 'pattern', "Show epoch ms as text, e.g. 'yyyy-MM-dd HH:mm' (quote it)."),
      docOpt('timezone', 'timezone', 'Time zone used by `datetime`.'),
      docOpt('notnull', 'any', 'Value written where the column is empty.'),
      docOpt('pct', 'number', 'Percentile (0..100) of a column collected with GROUP listup.'),
      docOpt('decimal', 'pattern', "Number format such as '0.00' (quote it)."),
      obsOpt('cast', 'enum', 'Convert the column to this type.', { values: enumOf(CAST_TYPES) }),
      unverifiedOpt('expr', 'expression', 'Seen once: recompute the column from a formula.'),
      unverifiedOpt('keep', 'field', 'Seen in generated alert queries; meaning unknown.', reads),
    ],
    columnEffect: 'keep',
    confidence: DOCUMENTED,
    description: 'Changes values in place: reduce MetricValues, format dates and numbers, fill blanks, cast.',
  }),
  command({
    name: 'IFUPDATE',
    stage: 'process',
    operands: [form('object', `IFUPDATE {if: "level == 'L3'", key: color, value: 'warn'}`)],
    options: [
      obsOpt('if', 'expression', 'Condition a row must meet.', { required: true }),
      obsOpt('key', 'fieldList', 'Columns to overwrite.', { required: true, ...reads }),
      obsOpt('value', 'any', 'New value (null clears).', { required: true }),
    ],
    columnEffect: 'keep',
    confidence: OBSERVED,
    description: 'Overwrites columns with a constant on the rows that meet a condition.',
  }),
  command({
    name: 'OIUPDATE',
    stage: 'process',
    operands: [form('object', "OIUPDATE {key: 'process_type', notnull: 'untagged'}")],
    options: [
      obsOpt('key', 'field', 'Column to fill.', { required: true, ...reads }),
      obsOpt('notnull', 'any', 'Value used where the column is empty.'),
    ],
    columnEffect: 'keep',
    confidence: OBSERVED,
    description: 'Fills empty values of an agent-related column with a default.',
  }),
];

/** ORDER, LIMIT, SKIP, FILTER, FILTER-KEYS, FIRST-ONLY, LAST-ONLY, TIME-FILTER. */
export const FILTER_COMMANDS: readonly CommandDef[] = [
  command({
    name: 'ORDER',
    stage: 'process',
    operands: [form('object', 'ORDER {key: [tps, oname], sort: [desc, asc]}')],
    options: [
      docOpt('key', 'fieldList', 'Columns to sort on, most significant first.', { required: true, ...reads }),
      docOpt('sort', 'enum', 'Direction per key.', { values: enumOf(SORT_ORDERS), acceptsList: true }),
      docOpt('rows', 'number', 'Most rows kept per time value (10000 unless set).'),
    ],
    columnEffect: 'keep',
    confidence: DOCUMENTED,
    description: 'Sorts rows. When a `time` column exists it always sorts first.',
  }),
  command({
    name: 'LIMIT',
    stage: 'process',
    operands: [form('number', 'LIMIT 10'), form('param', 'LIMIT $limit')],
    columnEffect: 'keep',
    confidence: DOCUMENTED,
    description: 'Passes on only the first N rows.',
  }),
  command({
    name: 'SKIP',
    stage: 'process',
    operands: [
      form('number', 'SKIP 5'),
      form('param', 'SKIP $skip'),
      form('list', 'SKIP [$skip]'),
      form('object', 'SKIP {value: $skip}'),
    ],
    options: [docOpt('value', 'number', 'How many rows to drop.')],
    columnEffect: 'keep',
    confidence: DOCUMENTED,
    description: 'Drops the first N rows; with LIMIT it pages through results.',
  }),
  command({
    name: 'FILTER',
    stage: 'process',
    operands: [
      form('object', 'FILTER {key: tx_count, over: 100}'),
      form('object', "FILTER {expr: 'tx_error > 0 && tps > 1'}"),
      form('expression', 'FILTER tx_error > 0'),
    ],
    options: [
      docOpt('key', 'field', 'Column the test applies to.', reads),
      docOpt('value', 'any', 'Keep rows where the column equals this.', byKey),
      docOpt('expr', 'expression', 'Keep rows for which this condition holds.'),
      docOpt('exist', 'boolean', 'Keep rows where the column has a value (only `true`).', {
        values: ['true'],
      }),
      docOpt('notexist', 'boolean', 'Keep rows where the column is empty (only `true`).', {
        values: ['true'],
      }),
      docOpt('over', 'number', 'Keep rows where the column is at least this.'),
      docOpt('under', 'number', 'Keep rows where the column is at most this.'),
      obsOpt('like', 'string', 'Keep rows whose value contains this text.', byKey),
      obsOpt('exclude', 'any', 'Drop rows where the column equals this.', byKey),
    ],
    columnEffect: 'keep',
    confidence: DOCUMENTED,
    description: 'Keeps the rows that pass one test; use one FILTER line per condition.',
  }),
  command({
    name: 'FILTER-KEYS',
    aliases: ['FILTERKEYS'],
    stage: 'process',
    operands: [form('object', 'FILTER-KEYS {keys: [oid], values: [1234567890]}')],
    options: [
      docOpt('keys', 'fieldList', 'Columns to compare (plural key).', { required: true, ...reads }),
      docOpt('values', 'any', 'Values they must have, position by position (plural key).', {
        required: true,
        comparedWith: 'keys',
      }),
    ],
    columnEffect: 'keep',
    confidence: DOCUMENTED,
    description: 'Keeps rows whose key columns hold the given values; note the plural `keys`/`values`.',
  }),
  command({
    name: 'FIRST-ONLY',
    stage: 'process',
    operands: [
      form('object', 'FIRST-ONLY {key: oid}'),
      form('list', 'FIRST-ONLY [oid, name]'),
      form('word', 'FIRST-ONLY oid'),
    ],
    options: [
      docOpt('key', 'fieldList', 'Columns whose value combination must be new.', reads),
      obsOpt('timebase', 'boolean', 'Apply per time value.', { values: ['true', 'false'] }),
    ],
    columnEffect: 'keep',
    operandColumns: 'reads',
    confidence: DOCUMENTED,
    description: 'Passes only the first row of each key value; the result depends on load direction.',
  }),
  command({
    name: 'LAST-ONLY',
    aliases: ['LASTONLY'],
    stage: 'process',
    operands: [
      form('none', 'LAST-ONLY'),
      form('object', 'LAST-ONLY {key: [name, namespace]}'),
      form('word', 'LAST-ONLY oid'),
    ],
    options: [obsOpt('key', 'fieldList', 'Columns whose value combination identifies a series.', reads)],
    columnEffect: 'keep',
    operandColumns: 'reads',
    confidence: OBSERVED,
    description: 'Passes only the latest row of each key value.',
  }),
  command({
    name: 'TIME-FILTER',
    stage: 'process',
    operands: [form('object', "TIME-FILTER {date: '2026/07/28', timezone: 'GMT9'}")],
    options: [
      docOpt('time', 'string', "Start instant, as 'yyyy/MM/dd HH:mm:ss'."),
      docOpt('date', 'string', "Day, as 'yyyy/MM/dd'."),
      docOpt('duration', 'timeunit', 'Length from `time`/`date` (d1, h1, m5 … or ms).', {
        aliases: ['dur'],
        values: ['d1', 'h1', 'm1', 'm5', 'm10'],
      }),
      docOpt('timezone', 'timezone', 'Time zone of `time`/`date`.'),
      docOpt('gmt', 'number', 'Offset from GMT in hours (9, -5).'),
    ],
    columnEffect: 'keep',
    confidence: DOCUMENTED,
    description: 'Skips the rows that fall inside a given time span.',
  }),
];
