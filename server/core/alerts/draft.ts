/**
 * A query becomes an alert rule: from the query's text (its category) and the rows it returned over a
 * window, pick the numeric field (or the one asked), suggest a threshold from the data (a high percentile,
 * rounded to a readable number) or read the one given (with its unit, see threshold.ts), and build a rule
 * object in the event-rule format the project already checks (embedded/eventRules.ts): `category`,
 * `rule`, `eventTitle`, `eventMessage` with `${field}` and `${oname}`, `eventLevelText`, `silentSec`, and
 * the breach duration as `repeatDuration` (seconds) with `repeatCount` (samples at the data's step), the
 * keys public rule files carry for it. The drafted rule passes that check with the caller's catalog, or
 * the draft is refused with the check's words. Pure; bad input is a problem with a code, never a throw.
 */
import { templateText, type TemplateArg, type TemplateText } from '../../../common/templateText';
import { splitCategorySuffix } from '../../../common/categoryName';
import { formatDuration } from '../../../common/durations';
import type { CategoryCatalog } from '../catalog/index';
import { computeColumnFlow } from '../columns/flow';
import { checkEventRules } from '../embedded/eventRules';
import { agentKeyOf, agentOf } from '../../../common/rowFacts';
import { NOT_MEASURES, type CompareRow } from '../run/compare';
import { parse } from '../syntax/index';
import {
  backtest,
  breaches,
  medianStep,
  type Backtest,
  type BacktestPoint,
  type Comparator,
} from './backtest';
import { parseThreshold, unitSuffix } from './threshold';

/** Levels an event rule takes (`eventLevelText`). */
export const EVENT_LEVELS = ['Critical', 'Warning', 'Info'] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

/** Defaults of a draft, said in its basis so nothing is hidden. */
export const DRAFT_DEFAULTS = {
  comparator: '>' as Comparator,
  percentile: 95,
  durationMs: 300_000,
  level: 'Warning' as EventLevel,
  silentSec: 300,
} as const;

/** Codes of the ways a draft (or a rule-file edit) is refused. */
export type AlertProblemCode =
  | 'alert/empty-result'
  | 'alert/no-numeric-field'
  | 'alert/unknown-field'
  | 'alert/no-category'
  | 'alert/bad-threshold'
  | 'alert/unit-mismatch'
  | 'alert/bad-option'
  | 'alert/rule-check'
  | 'alert/not-a-rule-file';

/** Why nothing was drafted (or no file text produced): a stable code and a text in English to translate. */
export interface AlertProblem {
  readonly code: AlertProblemCode;
  readonly text: TemplateText;
}

/** A drafted rule object, in the key order a rule file shows. */
export interface AlertRuleObject {
  readonly category: string;
  readonly rule: string;
  readonly eventTitle: string;
  readonly eventMessage: string;
  readonly eventLevelText: EventLevel;
  readonly silentSec: number;
  /** Seconds the condition must hold before the event (0: at once). */
  readonly repeatDuration: number;
  /** Samples at the data's step within repeatDuration (0 with no duration). */
  readonly repeatCount: number;
  readonly enabled: boolean;
}

/** Where the threshold came from, with the field's spread over the window. */
export type ThresholdBasis = {
  /** Values of the field in the window. */
  readonly samples: number;
  readonly min: number;
  readonly max: number;
  readonly median: number;
  /** Share (0..1) of the window's values that meet the condition at this threshold. */
  readonly shareBreaching: number;
} & (
  | {
      readonly kind: 'percentile';
      /** e.g. 95 for p95 (nearest rank over every value of every agent). */
      readonly percentile: number;
      /** The percentile as computed, before rounding. */
      readonly value: number;
    }
  | {
      readonly kind: 'given';
      /** The text the caller gave (`250ms`). */
      readonly text: string;
      readonly typedUnit?: string;
    }
);

/** A drafted rule and everything it was made from. */
export interface AlertDraft {
  readonly rule: AlertRuleObject;
  readonly category: string;
  readonly field: string;
  /** The field's unit in the catalog, if known (`pct`, `ms`, …). */
  readonly unit?: string;
  readonly comparator: Comparator;
  readonly threshold: number;
  readonly durationMs: number;
  /** Sampling step of the rows (median spacing of an agent's points), 0 when unknown. */
  readonly stepMs: number;
  readonly basis: ThresholdBasis;
  /** Numeric fields of the rows the draft could have used, in column order. */
  readonly numericFields: readonly string[];
}

export type DraftResult =
  { readonly ok: true; readonly draft: AlertDraft } | { readonly ok: false; readonly problem: AlertProblem };

/** What a draft can be asked for; every key is optional. */
export interface DraftOptions {
  /** The field to alert on (default: the first numeric field of the rows). */
  readonly field?: string;
  /** The threshold as typed (`80`, `80%`, `250ms`); default: the percentile of the data. */
  readonly threshold?: string;
  readonly comparator?: Comparator;
  /** Percentile of the suggestion, 1..100 (default 95). */
  readonly percentile?: number;
  /** How long the breach must last, in ms (default 5 minutes). */
  readonly durationMs?: number;
  readonly level?: EventLevel;
  readonly silentSec?: number;
  /** The step of the data, when the caller knows it better than the rows' spacing. */
  readonly stepMs?: number;
}

export interface DraftInput {
  /** The MXQL text that was run (its category is the rule's). */
  readonly queryText: string;
  /** The rows it returned over the window. */
  readonly rows: readonly CompareRow[];
  readonly catalog: CategoryCatalog;
  readonly options?: DraftOptions;
}

const refuse = (code: AlertProblemCode, text: TemplateText): DraftResult => ({
  ok: false,
  problem: { code, text },
});

/** Columns of the rows that hold numbers (in most rows that have them), in first-seen column order. */
export function numericFieldsOf(rows: readonly CompareRow[]): string[] {
  const seen = new Map<string, { numbers: number; others: number }>();
  for (const row of rows)
    for (const [key, value] of Object.entries(row)) {
      if (NOT_MEASURES.has(key) || value === null || value === undefined) continue;
      let count = seen.get(key);
      if (!count) seen.set(key, (count = { numbers: 0, others: 0 }));
      if (typeof value === 'number' && Number.isFinite(value)) count.numbers++;
      else count.others++;
    }
  return [...seen].filter(([, c]) => c.numbers > 0 && c.numbers >= c.others).map(([key]) => key);
}

/** The points of `field` in `rows` for a replay: time, agent (oname, `oid N` or `all`) and value. */
export function alertPoints(rows: readonly CompareRow[], field: string): BacktestPoint[] {
  const key = agentKeyOf(rows);
  const out: BacktestPoint[] = [];
  for (const row of rows) {
    const time = row['time'];
    if (typeof time !== 'number') continue;
    const value = row[field];
    out.push({ time, agent: agentOf(row, key).label, value: typeof value === 'number' ? value : null });
  }
  return out;
}

/** Nearest-rank percentile (`p` in 1..100) of sorted values. */
export function percentileOf(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] as number;
}

/**
 * A readable threshold near `value`: two significant digits, rounded away from the values that breach
 * (up for `>`, down for `<`), so the suggestion never sits on the breaching side of the percentile.
 */
export function readableThreshold(value: number, up: boolean): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  const magnitude = 10 ** (Math.floor(Math.log10(Math.abs(value))) - 1);
  const scaled = value / magnitude;
  // A value already on the grid stays (float noise aside).
  const near = Math.round(scaled);
  const steps = Math.abs(scaled - near) < 1e-9 ? near : up ? Math.ceil(scaled) : Math.floor(scaled);
  return Number.parseFloat((steps * magnitude).toPrecision(12));
}

const COMPARATOR_WORDS: Readonly<Record<Comparator, string>> = {
  '>': 'above',
  '>=': 'at or above',
  '<': 'below',
  '<=': 'at or below',
};

/** The category the query reads (its main pipeline's, without a roll-up suffix). */
export function queryCategory(queryText: string, catalog: CategoryCatalog): string | undefined {
  const flow = computeColumnFlow(parse(queryText).ast, catalog);
  const name = flow.main.category ?? [...flow.subs.values()].find((s) => s.category !== null)?.category;
  return name ? splitCategorySuffix(name).base : undefined;
}

/** Drafts a rule from a query's rows; see the module header. */
export function draftAlertRule(input: DraftInput): DraftResult {
  const { rows, catalog } = input;
  const o = input.options ?? {};
  const comparator = o.comparator ?? DRAFT_DEFAULTS.comparator;
  const percentile = o.percentile ?? DRAFT_DEFAULTS.percentile;
  const durationMs = o.durationMs ?? DRAFT_DEFAULTS.durationMs;
  const silentSec = o.silentSec ?? DRAFT_DEFAULTS.silentSec;
  if (!(percentile > 0 && percentile <= 100))
    return refuse(
      'alert/bad-option',
      templateText('The percentile must be above 0 and at most 100 (got {0}).', percentile),
    );
  if (!(durationMs >= 0) || !Number.isFinite(durationMs))
    return refuse(
      'alert/bad-option',
      templateText('The duration must be 0 or more (got {0} ms).', durationMs),
    );
  if (!(silentSec >= 0))
    return refuse('alert/bad-option', templateText('silentSec must be 0 or more (got {0}).', silentSec));
  if (rows.length === 0)
    return refuse(
      'alert/empty-result',
      templateText(
        'The query returned no rows over the window, so there is nothing to draft a rule from: widen the range or check the query.',
      ),
    );
  const numericFields = numericFieldsOf(rows);
  const field = o.field ?? numericFields[0];
  if (field === undefined)
    return refuse(
      'alert/no-numeric-field',
      templateText(
        'The query returns no numeric field to alert on (only {0}): select a measure such as a count, a time or a percentage.',
        columnsText(rows),
      ),
    );
  if (!numericFields.includes(field)) {
    const present = rows.some((r) => Object.hasOwn(r, field));
    return present
      ? refuse(
          'alert/no-numeric-field',
          templateText(
            "The field '{0}' holds no numbers; numeric fields of the result: {1}.",
            field,
            listText(numericFields),
          ),
        )
      : refuse(
          'alert/unknown-field',
          templateText(
            "The result has no field '{0}'; numeric fields of the result: {1}.",
            field,
            listText(numericFields),
          ),
        );
  }
  const category = queryCategory(input.queryText, catalog);
  if (category === undefined)
    return refuse(
      'alert/no-category',
      templateText('The query names no CATEGORY, so the rule would not know which data it watches.'),
    );
  const unit = catalog.categoryColumns(category).find((c) => c.name === field)?.unit;
  const values = rows
    .map((r) => r[field])
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
    .sort((a, b) => a - b);
  const up = comparator === '>' || comparator === '>=';
  let threshold: number;
  let source:
    | { kind: 'percentile'; percentile: number; value: number }
    | { kind: 'given'; text: string; typedUnit?: string };
  if (o.threshold !== undefined) {
    const read = parseThreshold(o.threshold, unit, field);
    if (!read.ok) return refuse(read.code, read.text);
    threshold = read.value;
    source = {
      kind: 'given',
      text: o.threshold.trim(),
      ...(read.typedUnit ? { typedUnit: read.typedUnit } : {}),
    };
  } else {
    // For a "below" rule the low tail is the unusual one: p95 of a drop is the 5th percentile.
    const value = percentileOf(values, up ? percentile : 100 - percentile);
    threshold = readableThreshold(value, up);
    source = { kind: 'percentile', percentile, value };
  }
  const points = alertPoints(rows, field);
  const stepMs = o.stepMs ?? stepOf(points);
  const suffix = unitSuffix(unit);
  const words = COMPARATOR_WORDS[comparator];
  const lasting = durationMs > 0 ? ` for ${formatDuration(durationMs)}` : '';
  const rule: AlertRuleObject = {
    category,
    rule: `${field} ${comparator} ${numberText(threshold)}`,
    eventTitle: `${field} ${words} ${numberText(threshold)}${suffix}`,
    eventMessage: `${field} is \${${field}}${suffix} on \${oname}: ${words} ${numberText(threshold)}${suffix}${lasting}`,
    eventLevelText: o.level ?? DRAFT_DEFAULTS.level,
    silentSec,
    repeatDuration: Math.round(durationMs / 1000),
    repeatCount: durationMs === 0 ? 0 : stepMs > 0 ? Math.max(1, Math.ceil(durationMs / stepMs)) : 1,
    enabled: true,
  };
  const findings = checkEventRules(JSON.stringify([rule], null, 2), catalog).filter(
    (d) => d.severity === 'error' || d.severity === 'warning',
  );
  if (findings.length > 0)
    return refuse(
      'alert/rule-check',
      templateText(
        'The drafted rule does not pass the event-rule check: {0}',
        findings.map((d) => d.message).join(' '),
      ),
    );
  const breaching = values.filter((v) => breaches(v, comparator, threshold)).length;
  const basis: ThresholdBasis = {
    ...source,
    samples: values.length,
    min: values[0] as number,
    max: values[values.length - 1] as number,
    median: percentileOf(values, 50),
    shareBreaching: values.length > 0 ? breaching / values.length : 0,
  };
  return {
    ok: true,
    draft: {
      rule,
      category,
      field,
      ...(unit !== undefined ? { unit } : {}),
      comparator,
      threshold,
      durationMs,
      stepMs,
      basis,
      numericFields,
    },
  };
}

/** Replays a draft over rows (the ones it was drafted from, or any others of the same query). */
export function backtestDraft(
  draft: AlertDraft,
  rows: readonly CompareRow[],
  window?: { readonly stime: number; readonly etime: number },
): Backtest {
  return backtest(
    alertPoints(rows, draft.field),
    { comparator: draft.comparator, threshold: draft.threshold, durationMs: draft.durationMs },
    { ...(draft.stepMs > 0 ? { stepMs: draft.stepMs } : {}), ...(window ? { window } : {}) },
  );
}

/** The step of the data: the median of each agent's median spacing. */
function stepOf(points: readonly BacktestPoint[]): number {
  const byAgent = new Map<string, number[]>();
  for (const p of points) {
    const list = byAgent.get(p.agent);
    if (list) list.push(p.time);
    else byAgent.set(p.agent, [p.time]);
  }
  const steps = [...byAgent.values()]
    .map((times) => medianStep(times.sort((a, b) => a - b)))
    .filter((s) => s > 0)
    .sort((a, b) => a - b);
  return steps.length > 0 ? (steps[Math.floor((steps.length - 1) / 2)] as number) : 0;
}

/** A number as a rule writes it: no exponent for ordinary sizes, no float noise. */
function numberText(n: number): string {
  return String(Number.parseFloat(n.toPrecision(12)));
}

function listText(names: readonly string[]): TemplateArg {
  return names.length > 0 ? names.join(', ') : templateText('none');
}

/** The columns of the rows, for a refusal that says what the result does hold. */
function columnsText(rows: readonly CompareRow[]): TemplateArg {
  const names = new Set<string>();
  for (const row of rows.slice(0, 50)) for (const key of Object.keys(row)) names.add(key);
  return listText([...names].slice(0, 12));
}
