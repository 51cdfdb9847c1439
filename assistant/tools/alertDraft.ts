// mxql_alert_draft: a query becomes an event rule, replayed over history. The query is planned over the
// backtest window by the core's planAlertWindow, sent by the one executor, drafted by draftAlertRule and
// replayed by backtestDraft, the same steps as `mxql alert draft`. It only reads: the rule comes back as
// JSON for the user to add to their rule file (the diff is theirs to accept); nothing is written anywhere.
import {
  backtestDraft,
  COMPARATORS,
  DEFAULT_BACKTEST_MS,
  draftAlertRule,
  EVENT_LEVELS,
  planAlertWindow,
  type AlertDraft,
  type Comparator,
  type EventLevel,
  type Firing,
} from '../../server/core/index';
import { parseDuration } from '../../common/durations';
import { MXQL_ROW_LIMIT } from '../../common/limits';
import { englishOf } from '../../common/templateText';
import { done, fenced, refuse } from '../results';
import { toolProse } from '../texts';
import type { ToolDefinition } from '../types';
import { run, sendablePlan, sendOrExplain, toolPlanInput } from './run';
import { MQL_SCHEMA, PCODE_SCHEMA, PROJECT_SCHEMA } from './schemas';
import { projectOf, requireTarget } from './target';

export interface AlertDraftInput {
  readonly mql: string;
  readonly over?: string;
  readonly field?: string;
  readonly threshold?: string;
  readonly comparator?: Comparator;
  readonly percentile?: number;
  readonly duration?: string;
  readonly level?: EventLevel;
  readonly silentSec?: number;
  readonly params?: Readonly<Record<string, string>>;
  readonly injects?: Readonly<Record<string, string>>;
  readonly limit?: number;
  readonly pcode?: number;
}

/** Firings listed in the result; the counts cover them all. */
export const MAX_FIRINGS = 50;

const DURATION_PATTERN = '^\\s*[0-9]+\\s*(s|m|h|d)\\s*$';

/** Numbers a model reads: 4 decimals at most. */
function rounded(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

/** `p95 of 2527 values (384.833), rounded` or `as given (250ms)`, in the context's language. */
function basisText(draft: AlertDraft, locale: Parameters<typeof toolProse>[0]): string {
  const b = draft.basis;
  return b.kind === 'percentile'
    ? toolProse(locale, 'alertBasisPercentile', b.percentile, b.samples, rounded(b.value))
    : toolProse(locale, 'alertBasisGiven', b.text);
}

function firingLine(f: Firing): string {
  const at = (ms: number) => new Date(ms).toISOString();
  return `${f.agent} ${at(f.start)} → ${at(f.end)} (fired ${at(f.firedAt)}, ${Math.round(f.durationMs / 1000)} s, peak ${rounded(f.peak)})`;
}

/** `$params` and INJECT fragments are given as mxql_run takes them: one schema for both tools. */
const RUN_PROPERTIES = run.inputSchema['properties'] as Record<string, unknown>;

const FIRING_SCHEMA = {
  type: 'object',
  properties: {
    agent: { type: 'string' },
    start: { type: 'integer' },
    firedAt: { type: 'integer' },
    end: { type: 'integer' },
    durationMs: { type: 'integer' },
    peak: { type: 'number' },
    peakTime: { type: 'integer' },
  },
  required: ['agent', 'start', 'firedAt', 'end', 'durationMs', 'peak'],
} as const;

export const alertDraft: ToolDefinition<AlertDraftInput> = {
  name: 'mxql_alert_draft',
  title: 'Draft an alert rule and replay it',
  description:
    'Turns an MXQL query into an event (alert) rule and replays it over history: runs the query over the last day (over: 6h, 7d …), picks its first numeric field (or field), ' +
    'suggests a threshold from the data (the 95th percentile, rounded; or threshold with a unit: 80%, 250ms, 1.5k) and returns the rule JSON (category, rule, eventTitle, eventMessage, eventLevelText, silentSec, repeatDuration), ' +
    'the threshold basis and the backtest: when and for how long the rule would have fired per agent. Use it when the user wants an alert on a metric; give a query that returns time and oid or oname per row. ' +
    'It writes nothing: show the rule; adding it to a rule file is the user’s to accept.',
  inputSchema: {
    type: 'object',
    properties: {
      mql: MQL_SCHEMA,
      over: {
        type: 'string',
        pattern: DURATION_PATTERN,
        description: 'The backtest window ending now: 6h, 1d, 7d (default 1d).',
      },
      field: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
        description: 'The numeric field to alert on (default: the first numeric field of the result).',
      },
      threshold: {
        type: 'string',
        minLength: 1,
        maxLength: 40,
        description:
          'The threshold in the field’s unit: 80, 80%, 250ms, 2s, 1.5k (default: the percentile of the data).',
      },
      comparator: { enum: [...COMPARATORS], description: 'How the value is compared (default >).' },
      percentile: {
        type: 'number',
        exclusiveMinimum: 0,
        maximum: 100,
        description: 'The percentile suggested when no threshold is given (default 95).',
      },
      duration: {
        type: 'string',
        pattern: '^\\s*(0|[0-9]+\\s*(s|m|h|d))\\s*$',
        description: 'How long the breach must last before the rule fires: 0, 30s, 5m (default 5m).',
      },
      level: { enum: [...EVENT_LEVELS], description: 'The event level (default Warning).' },
      silentSec: {
        type: 'integer',
        minimum: 0,
        maximum: 604_800,
        description: 'Seconds of silence after an event (default 300).',
      },
      params: RUN_PROPERTIES['params'],
      injects: RUN_PROPERTIES['injects'],
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MXQL_ROW_LIMIT.max,
        description: 'Rows the service may return over the window (default: -- @limit, else 100000).',
      },
      pcode: PCODE_SCHEMA,
    },
    required: ['mql'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      written: { const: false },
      rule: {
        type: 'object',
        properties: {
          category: { type: 'string' },
          rule: { type: 'string' },
          eventTitle: { type: 'string' },
          eventMessage: { type: 'string' },
          eventLevelText: { enum: [...EVENT_LEVELS] },
          silentSec: { type: 'number' },
          repeatDuration: { type: 'number' },
          repeatCount: { type: 'number' },
          enabled: { type: 'boolean' },
        },
        required: [
          'category',
          'rule',
          'eventTitle',
          'eventMessage',
          'eventLevelText',
          'silentSec',
          'repeatDuration',
        ],
      },
      field: { type: 'string' },
      unit: { type: 'string' },
      comparator: { enum: [...COMPARATORS] },
      threshold: { type: 'number' },
      durationMs: { type: 'integer', minimum: 0 },
      basis: {
        type: 'object',
        properties: {
          kind: { enum: ['percentile', 'given'] },
          percentile: { type: 'number' },
          value: { type: 'number' },
          text: { type: 'string' },
          samples: { type: 'integer' },
          min: { type: 'number' },
          max: { type: 'number' },
          median: { type: 'number' },
          shareBreaching: { type: 'number' },
        },
        required: ['kind', 'samples', 'min', 'max', 'median', 'shareBreaching'],
      },
      window: {
        type: 'object',
        properties: {
          stime: { type: 'integer' },
          etime: { type: 'integer' },
          stimeIso: { type: 'string' },
          etimeIso: { type: 'string' },
          rowCount: { type: 'integer', minimum: 0 },
          complete: { type: 'boolean', description: 'False when the row limit cut the window.' },
        },
        required: ['stime', 'etime', 'stimeIso', 'etimeIso', 'rowCount', 'complete'],
      },
      project: PROJECT_SCHEMA,
      backtest: {
        type: 'object',
        properties: {
          count: { type: 'integer', minimum: 0 },
          totalMs: { type: 'number' },
          longestMs: { type: 'number' },
          share: { type: 'number' },
          shortBreaches: { type: 'integer', minimum: 0 },
          agents: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                agent: { type: 'string' },
                count: { type: 'integer' },
                totalMs: { type: 'number' },
                longestMs: { type: 'number' },
                share: { type: 'number' },
              },
              required: ['agent', 'count', 'totalMs', 'longestMs', 'share'],
            },
          },
          firings: { type: 'array', items: FIRING_SCHEMA },
        },
        required: ['count', 'totalMs', 'longestMs', 'share', 'shortBreaches', 'agents', 'firings'],
      },
    },
    required: [
      'written',
      'rule',
      'field',
      'comparator',
      'threshold',
      'durationMs',
      'basis',
      'window',
      'project',
      'backtest',
    ],
  },
  readsService: true,
  async run(input, context, signal) {
    const overMs = input.over === undefined ? DEFAULT_BACKTEST_MS : (parseDuration(input.over) ?? 0);
    if (!(overMs > 0))
      refuse(context, 'alert/bad-option', 'alertProblem', `over must be above 0 (got ${input.over})`);
    const durationMs =
      input.duration === undefined
        ? undefined
        : input.duration.trim() === '0'
          ? 0
          : parseDuration(input.duration);
    const plan = planAlertWindow(toolPlanInput(input, context), overMs);
    const sendable = await sendablePlan(plan, input, context, signal);
    const target = requireTarget(context);
    const pcode = projectOf(context, target, 'run/no-project', input.pcode, sendable.pcode);
    const catalog = context.catalogs.categories;
    const run = await sendOrExplain(context, target, sendable, { signal, pcode, catalog });
    const result = draftAlertRule({
      queryText: plan.query?.text ?? input.mql,
      rows: run.rows,
      catalog,
      options: {
        ...(input.field !== undefined ? { field: input.field } : {}),
        ...(input.threshold !== undefined ? { threshold: input.threshold } : {}),
        ...(input.comparator !== undefined ? { comparator: input.comparator } : {}),
        ...(input.percentile !== undefined ? { percentile: input.percentile } : {}),
        ...(durationMs !== undefined && durationMs !== null ? { durationMs } : {}),
        ...(input.level !== undefined ? { level: input.level } : {}),
        ...(input.silentSec !== undefined ? { silentSec: input.silentSec } : {}),
      },
    });
    if (!result.ok) refuse(context, result.problem.code, 'alertProblem', englishOf(result.problem.text));
    const { draft } = result;
    const { facts } = run;
    const bt = backtestDraft(draft, run.rows, { stime: facts.stime, etime: facts.etime });
    const window = {
      stime: facts.stime,
      etime: facts.etime,
      stimeIso: new Date(facts.stime).toISOString(),
      etimeIso: new Date(facts.etime).toISOString(),
      rowCount: facts.rowCount,
      complete: facts.cut === undefined,
    };
    const { locale } = context;
    const firings = bt.firings.slice(0, MAX_FIRINGS);
    const lines = [
      toolProse(locale, 'alertHead', draft.category, draft.field, draft.rule.rule, basisText(draft, locale)),
      toolProse(locale, 'alertRuleIntro'),
      fenced(JSON.stringify(draft.rule, null, 2), 'json'),
      toolProse(
        locale,
        'alertBacktest',
        window.stimeIso,
        window.etimeIso,
        window.rowCount,
        bt.agents.length,
        bt.count,
        Math.round(bt.totalMs / 1000),
        Math.round(bt.longestMs / 1000),
        rounded(bt.share * 100),
      ),
      ...(window.complete ? [] : [toolProse(locale, 'alertCut')]),
      ...(firings.length > 0
        ? [toolProse(locale, 'alertFiringsIntro'), fenced(firings.map(firingLine).join('\n'))]
        : []),
      toolProse(locale, 'alertNothingWritten'),
    ];
    const structured = {
      written: false,
      rule: draft.rule,
      field: draft.field,
      ...(draft.unit !== undefined ? { unit: draft.unit } : {}),
      comparator: draft.comparator,
      threshold: draft.threshold,
      durationMs: draft.durationMs,
      basis: draft.basis,
      window,
      project: { pcode, target: target.label },
      backtest: {
        count: bt.count,
        totalMs: bt.totalMs,
        longestMs: bt.longestMs,
        share: rounded(bt.share),
        shortBreaches: bt.shortBreaches,
        agents: bt.agents.map((a) => ({
          agent: a.agent,
          count: a.count,
          totalMs: a.totalMs,
          longestMs: a.longestMs,
          share: rounded(a.share),
        })),
        firings,
      },
    };
    return done(lines.join('\n'), structured);
  },
};
