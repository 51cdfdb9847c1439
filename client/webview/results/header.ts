// The dynamic part of the panel header: status and figures, "what was sent", the limit banner,
// errors with their action buttons, notices. Rebuilt from state on every change (it is small).

import { type ErrorAction, type RunInfo } from '../../../common/resultsMessages';
import { formatTime } from './columns';
import { el, formatBytes, formatCount, setChildren } from './dom';
import { limitReached, type ResultsState } from './state';

/** Callbacks of the header's buttons. */
export interface HeaderActions {
  readonly action: (action: ErrorAction) => void;
}

const phaseText: Readonly<Record<ResultsState['phase'], string>> = {
  idle: 'No results yet',
  running: 'Running…',
  receiving: 'Receiving rows…',
  done: '',
  error: 'Failed',
  cancelled: 'Cancelled',
};

function stats(state: ResultsState): HTMLElement {
  const parts = [`${formatCount(state.rowCount)} rows`];
  if (state.totals) {
    parts.push(`${formatCount(state.totals.elapsedMs)} ms`, formatBytes(state.totals.bytes));
  }
  const status = phaseText[state.phase];
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

function record(values: Readonly<Record<string, string>> | undefined): string | undefined {
  if (!values) return undefined;
  const lines = Object.entries(values).map(([k, v]) => `${k} = ${v}`);
  return lines.length ? lines.join('\n') : undefined;
}

function range(run: RunInfo): string | undefined {
  if (run.stime === undefined || run.etime === undefined) return undefined;
  return `${formatTime(run.stime, 'local')} → ${formatTime(run.etime, 'local')}`;
}

/** The collapsed "what was sent" block: endpoint, range, params and injects (never a token). */
export function sentDetails(run: RunInfo, open: boolean): HTMLDetailsElement {
  const list = el('dl', { className: 'mxql-sent-list' }, [
    ...entry('Server', run.server),
    ...entry('Endpoint', run.endpoint),
    ...entry('Path', run.path),
    ...entry('Project', run.pcode === undefined ? undefined : String(run.pcode)),
    ...entry('Range', range(run)),
    ...entry('Limit', run.limit === undefined ? undefined : formatCount(run.limit)),
    ...entry('Params', record(run.params)),
    ...entry('Injects', record(run.injects)),
    ...entry('Started', formatTime(run.startedAt, 'local')),
  ]);
  const details = el('details', { className: 'mxql-sent' }, [el('summary', { text: 'What was sent' }), list]);
  details.open = open;
  return details;
}

function errorBlock(state: ResultsState, actions: HeaderActions): HTMLElement | undefined {
  const error = state.error;
  if (state.phase !== 'error' || !error) return undefined;
  const buttons = (error.actions ?? []).map((a) =>
    el('button', {
      className: 'mxql-button mxql-error-action',
      text: a.label,
      attrs: { type: 'button', 'data-action-id': a.id },
      onClick: () => actions.action(a),
    }),
  );
  return el('div', { className: 'mxql-error', attrs: { role: 'alert' } }, [
    el('div', { className: 'mxql-error-message' }, [
      el('span', { className: 'codicon codicon-error', attrs: { 'aria-hidden': 'true' } }),
      el('span', { text: error.message }),
      error.code ? el('code', { className: 'mxql-error-code', text: error.code }) : undefined,
    ]),
    error.hint ? el('div', { className: 'mxql-error-hint', text: error.hint }) : undefined,
    buttons.length ? el('div', { className: 'mxql-error-actions' }, buttons) : undefined,
  ]);
}

function banners(state: ResultsState): (HTMLElement | undefined)[] {
  const limit = state.run?.limit;
  return [
    limitReached(state) && limit !== undefined
      ? el('div', {
          className: 'mxql-banner mxql-limit',
          attrs: { role: 'status' },
          text: `Limit reached (${formatCount(limit)} rows) — the result may be truncated. Raise @limit to see more.`,
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
export function renderHeader(target: HTMLElement, state: ResultsState, actions: HeaderActions): void {
  const wasOpen = target.querySelector('details.mxql-sent')?.hasAttribute('open') ?? false;
  setChildren(target, [
    stats(state),
    state.run ? sentDetails(state.run, wasOpen) : undefined,
    ...banners(state),
    errorBlock(state, actions),
  ]);
}
