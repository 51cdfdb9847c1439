// Which buttons a failed run offers, chosen from the typed error of the API client. Pure, so the
// mapping is tested without VS Code; the runner turns the ids into commands.
import { isOpenApiError } from '../../../api/index';
import type { ErrorAction, ResultsError } from '../../../common/resultsMessages';
import { errorText } from '../errorText';
import { templateText } from '../../../common/templateText';
import { translateText } from '../l10n';

/** Buttons of a failure, by id, with the label the notification and the panel show. */
const RUN_ERROR_LABELS = {
  setToken: templateText('Set Token'),
  openSettings: templateText('Open Settings'),
  showLog: templateText('Show Log'),
  rerun: templateText('Re-run'),
} as const;
export type RunErrorActionId = keyof typeof RUN_ERROR_LABELS;

/** The button `id` with its label in the user's language (said when a run fails). */
export function runErrorAction(id: RunErrorActionId): ErrorAction {
  return { id, label: translateText(RUN_ERROR_LABELS[id]) };
}

function actionsFor(kind: string, status: number | undefined): RunErrorActionId[] {
  if (kind === 'http' && (status === 401 || status === 403)) return ['setToken', 'showLog'];
  if (kind === 'config') return ['setToken', 'openSettings'];
  if (kind === 'insecure') return ['openSettings'];
  if (kind === 'network' || (kind === 'http' && status === 404)) return ['openSettings', 'showLog'];
  if (kind === 'limit' || kind === 'invalid-params') return ['showLog'];
  return ['rerun', 'showLog'];
}

/** A readable panel error with a stable code and its buttons, from anything a run can throw. */
export function describeRunError(error: unknown): ResultsError {
  if (isOpenApiError(error)) {
    const code = error.status !== undefined ? `${error.kind}/${error.status}` : error.kind;
    const actions = actionsFor(error.kind, error.status).map(runErrorAction);
    // The message already ends with the hint, so it is not repeated as a separate line.
    return { message: errorText(error), code, actions };
  }
  return { message: errorText(error), code: 'run/failed', actions: [runErrorAction('showLog')] };
}

/** True when the error is the caller's own cancel. */
export function isAbort(error: unknown): boolean {
  return isOpenApiError(error) && error.kind === 'aborted';
}
