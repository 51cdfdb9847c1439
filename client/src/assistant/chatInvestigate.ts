// `@mxql /investigate <symptom>`: plans the checked queries for the symptom (assistant/'s planner, never
// the model), runs each against the window before through the comparison `mxql_compare` runs, streams the
// progress and a summary of what moved most, and writes everything into a new untitled `.mxqlnb`
// notebook it opens. Nothing is written to an account. Cancelling stops between steps and keeps what
// was done; a step's error is written into its cell and the rest go on.
import type * as vscode from 'vscode';
import {
  rankChanges,
  runInvestigation,
  type InvestigationPlan,
  type ToolContext,
} from '../../../assistant/toolset';
import { translateText, t } from '../l10n';
import type { NotebookFile } from '../notebook/notebookFile';
import {
  investigationNotebook,
  investigationSummary,
  type InvestigationTarget,
} from './investigationNotebook';

/** What `/investigate` needs from the extension. */
export interface InvestigateDeps {
  /** The plan of a symptom over the extension's catalog. */
  plan(symptom: string): InvestigationPlan;
  /** Where the steps run: the tools' context on the active profile and project, and its names. */
  start(): Promise<{ context: ToolContext; target: InvestigationTarget }>;
  /** Opens `file` as a new untitled MXQL notebook. */
  openNotebook(file: NotebookFile): Promise<void>;
}

type Stream = Pick<vscode.ChatResponseStream, 'markdown' | 'progress'>;

function signalOf(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

/** Runs `/investigate` for `prompt`. */
export async function investigate(
  deps: InvestigateDeps,
  prompt: string,
  stream: Stream,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  const symptom = prompt.trim();
  if (!symptom) {
    stream.markdown(t('Say what looks wrong, for example: `/investigate checkout is slow`.'));
    return {};
  }
  const plan = deps.plan(symptom);
  if (plan.steps.length === 0) {
    stream.markdown(t('The catalog holds none of the categories an investigation reads.'));
    return { metadata: { command: 'investigate', steps: 0 } };
  }
  const { context, target } = await deps.start();
  const signal = signalOf(token);
  const ranAt = Date.now();
  const first = plan.steps[0];
  if (first) stream.progress(t('Step {0} of {1}: {2}…', 1, plan.steps.length, translateText(first.title)));
  const { outcomes, cancelled } = await runInvestigation(plan, context, signal, (_outcome, index) => {
    const next = plan.steps[index + 1];
    if (next && !signal.aborted)
      stream.progress(t('Step {0} of {1}: {2}…', index + 2, plan.steps.length, translateText(next.title)));
  });
  const ranked = rankChanges(outcomes);
  const file = investigationNotebook(translateText, plan, outcomes, ranked, { target, ranAt, cancelled });
  await deps.openNotebook(file);
  // No progress line from here on: the chat folds what came before the last one into "Completed N steps".
  const failed = outcomes.filter((o) => !o.ok).length;
  const lines = [
    ...(plan.note ? [translateText(plan.note)] : []),
    cancelled
      ? t(
          'Stopped after {0} of {1} steps; the notebook keeps what was done.',
          outcomes.length,
          plan.steps.length,
        )
      : t('Ran {0} steps on {1}; the findings are in the new notebook.', outcomes.length, target.label),
    ...(failed > 0 ? [t('{0} steps failed; their cells say why.', failed)] : []),
    '',
    investigationSummary(translateText, ranked),
  ];
  stream.markdown(lines.join('\n\n'));
  const top = ranked[0]?.change;
  return {
    metadata: {
      command: 'investigate',
      steps: outcomes.length,
      failed,
      cancelled,
      ...(top ? { top: { agent: top.agent, field: top.field } } : {}),
    },
  };
}
