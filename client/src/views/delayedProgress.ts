// A cancellable progress notification for work that is usually quick: it appears only when the work
// outlasts PROGRESS_DELAY_MS, because a fast request would otherwise flash a notification that VS Code
// keeps on screen after its result is already shown. Runs and the reading of a tag value's values use it.
import * as vscode from 'vscode';

/** How long work may take before its progress notification (with Cancel) appears. */
export const PROGRESS_DELAY_MS = 400;

/** Awaits `task`, with a notification titled `title` once it is slow; Cancel aborts `controller`. */
export function withDelayedProgress<T>(
  title: string,
  controller: AbortController,
  task: Promise<T>,
): Promise<T> {
  let settled = false;
  const settle = () => {
    settled = true;
  };
  task.then(settle, settle);
  const timer = setTimeout(() => {
    if (settled) return;
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (_progress, token) => {
        const subscription = token.onCancellationRequested(() => controller.abort());
        try {
          await task.catch(() => undefined);
        } finally {
          subscription.dispose();
        }
      },
    );
  }, PROGRESS_DELAY_MS);
  return task.finally(() => clearTimeout(timer));
}
