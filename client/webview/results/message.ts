// What the grid's place shows when there are no rows to show: the idle hint, "running", the error
// of a failed run with its hint and buttons, a cancel before any row, an empty result. Shown
// instead of the grid, so no outcome ever appears above rows of another run.

import { type ErrorAction } from '../../../common/resultsMessages';
import { el, setChildren } from './dom';
import { readableErrorText } from './errorText';
import { type ResultsState } from './state';
import { strings } from './strings';

/** Called when the user clicks a button of an error. */
export type ErrorActionHandler = (action: ErrorAction) => void;

function errorBlock(state: ResultsState, onAction: ErrorActionHandler): HTMLElement {
  const error = state.error ?? { message: strings.runFailed };
  const buttons = (error.actions ?? []).map((a) =>
    el('button', {
      className: 'mxql-button mxql-error-action',
      text: a.label,
      attrs: { type: 'button', 'data-action-id': a.id },
      onClick: () => onAction(a),
    }),
  );
  return el('div', { className: 'mxql-error', attrs: { role: 'alert' } }, [
    el('div', { className: 'mxql-error-message' }, [
      el('span', { className: 'codicon codicon-error', attrs: { 'aria-hidden': 'true' } }),
      el('span', { className: 'mxql-error-text', text: readableErrorText(String(error.message)) }),
      error.code ? el('code', { className: 'mxql-error-code', text: error.code }) : undefined,
    ]),
    error.hint
      ? el('div', { className: 'mxql-error-hint', text: readableErrorText(String(error.hint)) })
      : undefined,
    buttons.length ? el('div', { className: 'mxql-error-actions' }, buttons) : undefined,
  ]);
}

/** The text shown in the grid's place, or undefined when the grid (with rows) is shown. */
function placeholder(state: ResultsState): string | undefined {
  if (state.rowCount > 0) return undefined;
  switch (state.phase) {
    case 'idle':
      return strings.message.idle;
    case 'running':
    case 'receiving':
      return strings.message.running;
    case 'cancelled':
      return strings.message.cancelledEmpty;
    case 'done':
      return strings.message.doneEmpty;
    case 'error':
      return undefined;
  }
}

/**
 * Fills `target` with the run's outcome when it has no rows to show and returns true; empties it
 * and returns false when the grid should be visible instead.
 */
export function renderMessage(
  target: HTMLElement,
  state: ResultsState,
  onAction: ErrorActionHandler,
): boolean {
  if (state.phase === 'error') {
    setChildren(target, [errorBlock(state, onAction)]);
    target.dataset.kind = 'error';
    return true;
  }
  const text = placeholder(state);
  if (text === undefined) {
    setChildren(target, []);
    delete target.dataset.kind;
    return false;
  }
  setChildren(target, [el('div', { className: 'mxql-message-text', text })]);
  target.dataset.kind = state.phase;
  return true;
}
