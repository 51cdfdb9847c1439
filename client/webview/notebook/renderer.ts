// The MXQL notebook renderer (contributes.notebookRenderer, mime application/vnd.mxql.result+json).
// Results show in the results panel's grid and chart; errors and cancels as text with buttons.
// Everything with side effects (clipboard, files, commands) is asked of the extension by message.
//
// A renderer has no vscode.l10n: the extension adds VS Code's display language (`lang`) to each output
// item it hands over, and the renderer picks the matching table among the extension's own bundles
// (l10n/bundle.l10n.*.json, bundled into it). The saved notebook holds neither a language nor texts, so
// it stays small and opens in the reader's language.
import slickGridCss from 'slickgrid/dist/styles/css/slick.grid.css';
import columnPickerCss from 'slickgrid/dist/styles/css/slick.columnpicker.css';
import uplotCss from 'uplot/dist/uPlot.min.css';
import {
  NotebookFormatError,
  outputLanguage,
  parseOutput,
  type RendererToExtension,
} from '../../../common/notebookOutput';
import { useResultsTexts } from '../results/strings';
import resultsCss from '../results/results.css';
import notebookCss from './notebook.css';
import type { OutputItem, RendererApi, RendererContext } from './rendererApi';
import { mountError } from './errorView';
import { mountResult } from './resultView';
import { rendererTexts } from './texts';

/** The panel's sheet without its page rules: the notebook owns `html` and `body`. */
export function scopedResultsCss(css: string): string {
  return css.replace(/(^|\n)\s*(html,\s*)?body\s*\{[^}]*\}/g, '\n');
}

function installStyles(): void {
  if (document.getElementById('mxql-notebook-styles')) return;
  const style = document.createElement('style');
  style.id = 'mxql-notebook-styles';
  style.textContent = [
    slickGridCss,
    columnPickerCss,
    uplotCss,
    scopedResultsCss(resultsCss),
    notebookCss,
  ].join('\n');
  const codicons = document.createElement('link');
  codicons.rel = 'stylesheet';
  codicons.href = new URL('codicon.css', import.meta.url).toString();
  document.head.append(codicons, style);
}

function showProblem(element: HTMLElement, text: string): void {
  const node = document.createElement('div');
  node.className = 'mxql-nb-error';
  node.textContent = text;
  element.replaceChildren(node);
}

export function activate(context: RendererContext): RendererApi {
  installStyles();
  const send = (message: RendererToExtension): void => context.postMessage?.(message);
  return {
    renderOutputItem(item: OutputItem, element: HTMLElement): void {
      let json: unknown;
      let output;
      const texts = () => rendererTexts(outputLanguage(json));
      try {
        json = item.json();
        output = parseOutput(json);
      } catch (error) {
        const why =
          error instanceof NotebookFormatError
            ? texts().say(error.template, ...error.args)
            : error instanceof Error
              ? error.message
              : String(error);
        showProblem(element, texts().say(texts().notebook.cannotShow, why));
        return;
      }
      // The results app reads its texts when it builds its views, so the table is set first.
      useResultsTexts(texts().results);
      if (output.type === 'result') mountResult(element, item.id, output, send, texts().notebook);
      else mountError(element, output, send, texts().notebook);
    },
  };
}
