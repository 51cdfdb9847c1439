// The MXQL notebook renderer (contributes.notebookRenderer, mime application/vnd.mxql.result+json).
// A result shows at once as a light table of its first rows and becomes the results panel's grid and
// chart (resultGrid.ts, a chunk of its own) when the user reaches for it or the webview is idle; errors
// and cancels show as text with buttons. Everything with side effects (clipboard, files, commands) is
// asked of the extension by message.
import {
  NotebookFormatError,
  outputLanguage,
  parseOutput,
  type RendererToExtension,
} from '../../../common/notebookOutput';
import resultsCss from '../results/results.css';
import notebookCss from './notebook.css';
import type { OutputItem, RendererApi, RendererContext } from './rendererApi';
import { mountError } from './errorView';
import { mountResult } from './resultView';
import { loadTexts, readyTexts, type RendererTexts } from './texts';

// Read by the notebook open benchmark, with the marks of the first preview and grid.
performance.mark('mxql-nb:module');

/** The panel's sheet without its page rules: the notebook owns `html` and `body`. */
export function scopedResultsCss(css: string): string {
  return css.replace(/(^|\n)\s*(html,\s*)?body\s*\{[^}]*\}/g, '\n');
}

// The panel's sheet styles the bar, the buttons, error outputs and the light table too; the grid's
// own sheets come with the grid's chunk.
function installStyles(): void {
  if (document.getElementById('mxql-notebook-styles')) return;
  const style = document.createElement('style');
  style.id = 'mxql-notebook-styles';
  style.textContent = [scopedResultsCss(resultsCss), notebookCss].join('\n');
  const codicons = document.createElement('link');
  codicons.rel = 'stylesheet';
  codicons.href = new URL('codicon.css', import.meta.url).toString();
  document.head.append(codicons, style);
}

/** An output item's JSON, or why it could not be read. */
type Read = { readonly ok: true; readonly json: unknown } | { readonly ok: false; readonly error: unknown };

function showProblem(element: HTMLElement, text: string): void {
  const node = document.createElement('div');
  node.className = 'mxql-nb-error';
  node.textContent = text;
  element.replaceChildren(node);
}

/** What went wrong with an output, in words of `texts`. */
function problem(error: unknown, texts: RendererTexts): string {
  const why =
    error instanceof NotebookFormatError
      ? texts.say(error.template, ...error.args)
      : error instanceof Error
        ? error.message
        : String(error);
  return texts.say(texts.notebook.cannotShow, why);
}

export function activate(context: RendererContext): RendererApi {
  installStyles();
  const send = (message: RendererToExtension): void => context.postMessage?.(message);

  function show(item: OutputItem, read: Read, element: HTMLElement, texts: RendererTexts): void {
    let output;
    try {
      if (!read.ok) return showProblem(element, problem(read.error, texts));
      output = parseOutput(read.json);
    } catch (error) {
      return showProblem(element, problem(error, texts));
    }
    if (output.type === 'result') mountResult(element, item.id, output, send, texts);
    else mountError(element, output, send, texts.notebook);
    performance.mark('mxql-nb:rendered');
  }

  return {
    renderOutputItem(item: OutputItem, element: HTMLElement): void | Promise<void> {
      let read: Read;
      try {
        read = { ok: true, json: item.json() };
      } catch (error) {
        read = { ok: false, error };
      }
      const lang = read.ok ? outputLanguage(read.json) : undefined;
      // English (and a language already loaded) renders at once; another one once its bundle is in.
      const texts = readyTexts(lang);
      if (texts) return show(item, read, element, texts);
      return loadTexts(lang).then((loaded) => show(item, read, element, loaded));
    },
  };
}
