// An error or a cancel of a cell as text with the same buttons as the editor's error notification.
import type { CellOutput, NOTEBOOK_TEXTS, RendererToExtension } from '../../../common/notebookOutput';
import { el } from '../results/dom';

/** Renders a failed or cancelled run; every value is set as text. */
export function mountError(
  element: HTMLElement,
  output: Exclude<CellOutput, { type: 'result' }>,
  send: (message: RendererToExtension) => void,
  texts: Readonly<Record<keyof typeof NOTEBOOK_TEXTS, string>>,
): void {
  const cancelled = output.type === 'cancelled';
  const message = cancelled ? texts.cancelled : output.message;
  const code =
    !cancelled && output.code ? el('span', { className: 'mxql-nb-code', text: output.code }) : undefined;
  const buttons = (cancelled ? [] : (output.actions ?? [])).map((action) =>
    el('button', {
      className: 'mxql-button',
      text: action.label,
      attrs: { type: 'button', 'data-action-id': action.id },
      onClick: () => send({ type: 'action', actionId: action.id, run: output.run }),
    }),
  );
  element.replaceChildren(
    el(
      'div',
      { className: `mxql-nb-error${cancelled ? ' mxql-nb-cancelled' : ''}`, attrs: { role: 'alert' } },
      [
        el('span', {
          className: `codicon codicon-${cancelled ? 'circle-slash' : 'error'}`,
          attrs: { 'aria-hidden': 'true' },
        }),
        el('span', { className: 'mxql-nb-message', text: message }),
        code,
        el('div', { className: 'mxql-nb-actions' }, buttons),
      ],
    ),
  );
}
