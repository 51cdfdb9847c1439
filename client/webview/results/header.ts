// The dynamic part of the panel header: status and figures, "what was sent", the limit banner,
// notices. Rebuilt from state on every change (it is small). Errors and other run outcomes without
// rows are shown in the grid's place (see message.ts), never above rows of another run.

import { type ParamOrigin, type RunInfo } from '../../../common/resultsMessages';
import { formatTime } from './columns';
import { el, setChildren } from './dom';
import { formatCount } from './format';
import { higherLimit, limitCut, type ResultsState } from './state';
import { type TimeMode } from './state';
import { strings } from './strings';

/** Callbacks of the header's buttons. */
export interface HeaderActions {
  /** Runs the query again with a higher row limit. */
  readonly rerunWithLimit: (limit: number) => void;
}

/** What the header shows the rows' times in. */
export interface HeaderFacts {
  readonly timeMode: TimeMode;
}

function stats(state: ResultsState): HTMLElement {
  const parts = [strings.rows(state.rowCount)];
  if (state.totals) {
    parts.push(strings.elapsed(state.totals.elapsedMs));
    const size = strings.bytes(state.totals.bytes);
    if (size !== undefined) parts.push(size);
  }
  const status = strings.phase[state.phase];
  return el('div', { className: 'mxql-stats', attrs: { 'data-phase': state.phase } }, [
    state.run ? el('span', { className: 'mxql-title', text: state.run.title }) : undefined,
    el('span', { className: 'mxql-figures', text: parts.join(' · ') }),
    status ? el('span', { className: `mxql-phase mxql-phase-${state.phase}`, text: status }) : undefined,
  ]);
}

function entry(term: string, value: string | undefined): Node[] {
  if (value === undefined || value === '') return [];
  return [el('dt', { text: term }), el('dd', { text: value })];
}

/**
 * `name = value` lines; a name in `fromRange` says that the run filled it from its time range, one in
 * `origins` where a dashboard's author set it (a `param` object, a field's merge) or that the board's
 * default merge filled it.
 */
function record(
  values: Readonly<Record<string, string>> | undefined,
  fromRange: readonly string[] = [],
  origins: Readonly<Record<string, ParamOrigin>> = {},
): string | undefined {
  if (!values) return undefined;
  const lines = Object.entries(values).map(([k, v]) => {
    const line = `${k} = ${v}`;
    if (fromRange.includes(k)) return strings.sent.fromRange(line);
    const origin = Object.prototype.hasOwnProperty.call(origins, k) ? origins[k] : undefined;
    switch (origin?.kind) {
      case 'param':
        return strings.sent.fromParam(line, origin.pointer);
      case 'field':
        return strings.sent.fromField(line, mergeProperty(k), origin.key, origin.pointer);
      case 'default':
        return strings.sent.fromDefault(line);
      default:
        return line;
    }
  });
  return lines.length ? lines.join('\n') : undefined;
}

/** The field property that states a merge placeholder. */
const mergeProperty = (name: string): string =>
  name === '$OBJECT_MERGE_PLACE' ? 'objectMerge' : name === '$TIME_MERGE_PLACE' ? 'timeMerge' : 'merge';

function range(run: RunInfo): string | undefined {
  if (run.stime === undefined || run.etime === undefined) return undefined;
  return `${formatTime(run.stime, 'local')} → ${formatTime(run.etime, 'local')}`;
}

/** The collapsed "what was sent" block: endpoint, range, params and injects (never a token). */
export function sentDetails(run: RunInfo, open: boolean): HTMLDetailsElement {
  const t = strings.sent;
  const list = el('dl', { className: 'mxql-sent-list' }, [
    ...entry(t.server, run.server),
    ...entry(t.endpoint, run.endpoint),
    ...entry(t.path, run.path),
    ...entry(t.project, run.pcode === undefined ? undefined : String(run.pcode)),
    ...entry(t.range, range(run)),
    ...entry(t.limit, run.limit === undefined ? undefined : formatCount(run.limit)),
    ...entry(t.params, record(run.params, run.paramsFromRange, run.paramOrigins)),
    ...entry(t.injects, record(run.injects)),
    ...entry(t.started, formatTime(run.startedAt, 'local')),
  ]);
  const details = el('details', { className: 'mxql-sent' }, [el('summary', { text: t.summary }), list]);
  details.open = open;
  return details;
}

function limitBanner(
  state: ResultsState,
  actions: HeaderActions,
  facts: HeaderFacts,
): HTMLElement | undefined {
  const cut = limitCut(state);
  const limit = state.totals?.facts?.limit;
  if (!cut || limit === undefined) return undefined;
  const next = higherLimit(limit, cut.suggestedLimit);
  const mode = facts.timeMode === 'utc' ? 'utc' : 'local';
  // What the host judged the limit kept: only rows in time order say which part of the range they cover.
  const coverage = !cut.covered
    ? undefined
    : cut.kept === 'oldest'
      ? strings.limitCoverage(formatTime(cut.covered.etime, mode))
      : strings.limitCoverageNewest(formatTime(cut.covered.stime, mode));
  const estimate = cut.estimatedTotal === undefined ? undefined : strings.limitEstimate(cut.estimatedTotal);
  return el('div', { className: 'mxql-banner mxql-limit', attrs: { role: 'status' } }, [
    el('span', { text: strings.limit(limit) }),
    coverage === undefined ? undefined : el('span', { className: 'mxql-limit-coverage', text: coverage }),
    estimate === undefined ? undefined : el('span', { className: 'mxql-limit-estimate', text: estimate }),
    next === undefined
      ? undefined
      : el('button', {
          className: 'mxql-button mxql-limit-rerun',
          text: strings.limitRerun(next),
          attrs: { type: 'button', 'data-limit': String(next) },
          onClick: () => actions.rerunWithLimit(next),
        }),
  ]);
}

function banners(
  state: ResultsState,
  actions: HeaderActions,
  facts: HeaderFacts,
): (HTMLElement | undefined)[] {
  const partialCancel = state.phase === 'cancelled' && state.rowCount > 0;
  const missing = state.phase === 'done' ? (state.totals?.facts?.missingColumns ?? []) : [];
  return [
    limitBanner(state, actions, facts),
    missing.length > 0
      ? el('div', {
          className: 'mxql-banner mxql-missing-columns',
          attrs: { role: 'status' },
          text: strings.missingColumns(missing),
        })
      : undefined,
    partialCancel
      ? el('div', {
          className: 'mxql-banner mxql-cancelled',
          attrs: { role: 'status' },
          text: strings.cancelledPartial(state.rowCount),
        })
      : undefined,
    state.problem
      ? el('div', { className: 'mxql-banner mxql-problem', attrs: { role: 'alert' }, text: state.problem })
      : undefined,
    state.notice
      ? el('div', {
          className: `mxql-notice mxql-notice-${state.notice.level}`,
          attrs: { role: 'status' },
          text: state.notice.text,
        })
      : undefined,
  ];
}

/** Rebuilds the header's dynamic part into `target`. */
export function renderHeader(
  target: HTMLElement,
  state: ResultsState,
  actions: HeaderActions,
  facts: HeaderFacts,
): void {
  const wasOpen = target.querySelector('details.mxql-sent')?.hasAttribute('open') ?? false;
  setChildren(target, [
    stats(state),
    state.run ? sentDetails(state.run, wasOpen) : undefined,
    ...banners(state, actions, facts),
  ]);
}
