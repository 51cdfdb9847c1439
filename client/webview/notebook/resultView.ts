// Shows one stored result in a notebook output with the results panel's own app (grid with sort,
// filter, copy and export; chart split by agent). The adapter only replays the output as the
// panel's protocol messages and forwards the app's requests to the extension.
import type { CellOutput, NOTEBOOK_TEXTS, RendererToExtension } from '../../../common/notebookOutput';
import {
  chunkColumns,
  RESULTS_PROTOCOL_VERSION as v,
  type ExtensionToResults,
  type ResultsToExtension,
  type RunInfo,
} from '../../../common/resultsMessages';
import { ResultsApp, type HostApi } from '../results/app';
import { el } from '../results/dom';

type ResultOutput = Extract<CellOutput, { type: 'result' }>;

/** The protocol messages that show `output` from scratch. */
export function replayMessages(runId: string, output: ResultOutput): ExtensionToResults[] {
  const r = output.run;
  const run: RunInfo = {
    runId,
    title: r.title,
    endpoint: r.endpoint ?? '',
    startedAt: r.ranAt ?? 0,
    ...(r.stime !== undefined ? { stime: r.stime } : {}),
    ...(r.etime !== undefined ? { etime: r.etime } : {}),
    ...(r.pcode !== undefined ? { pcode: r.pcode } : {}),
    ...(r.marks ? { marks: r.marks } : {}),
  };
  const columns = output.columns.map((name) => ({ name }));
  const done: ExtensionToResults = {
    type: 'done',
    v,
    runId,
    totalRows: output.rows.length,
    elapsedMs: r.ms ?? 0,
    bytes: 0,
  };
  return [
    { type: 'init', v, run, columns },
    ...chunkColumns(runId, output.rows, output.columns.length),
    done,
  ];
}

/** What the app asks, as a message to the extension (undefined: handled here or not offered). */
function forward(message: ResultsToExtension, output: ResultOutput): RendererToExtension | undefined {
  if (message.type === 'copy')
    return { type: 'copy', text: message.text, rows: message.rows, cells: message.cells };
  if (message.type === 'export') return { type: 'export', format: message.format, output };
  if (message.type === 'openJson') return { type: 'export', format: 'json', output };
  if (message.type === 'action') return { type: 'action', actionId: message.actionId, run: output.run };
  if (message.type === 'rerun') return { type: 'action', actionId: 'rerun', run: output.run };
  return undefined;
}

/** How far outside the visible part of the page an output starts building its grid (about one screen). */
const NEAR_VIEW_MARGIN = '600px 0px';

/**
 * Calls `mount` once `element` comes near the visible part of the page. A notebook renders the saved
 * outputs of many cells when it opens (16 of 25 in a 50-cell notebook), and building every grid at once
 * held up the cells and markdown on screen; the output's frame has a fixed height, so the layout is the
 * same before and after.
 */
function whenNearView(element: HTMLElement, mount: () => void): void {
  if (typeof IntersectionObserver === 'undefined') return mount();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      mount();
    },
    { rootMargin: NEAR_VIEW_MARGIN },
  );
  observer.observe(element);
}

/** Renders `output` into `element` with the results app, built once the output is near the view. */
export function mountResult(
  element: HTMLElement,
  runId: string,
  output: ResultOutput,
  send: (message: RendererToExtension) => void,
  texts: Readonly<Record<keyof typeof NOTEBOOK_TEXTS, string>>,
): void {
  const open = el('button', {
    className: 'mxql-button mxql-nb-open',
    text: texts.openInPanel,
    title: texts.openInPanelTitle,
    attrs: { type: 'button' },
    onClick: () => send({ type: 'openInPanel', output }),
  });
  const root = el('div', { className: 'mxql-app' });
  const frame = el('div', { className: 'mxql-nb-result' }, [root]);
  element.replaceChildren(el('div', { className: 'mxql-nb-bar' }, [open]), frame);
  whenNearView(frame, () => startApp(root, runId, output, send));
}

function startApp(
  root: HTMLElement,
  runId: string,
  output: ResultOutput,
  send: (message: RendererToExtension) => void,
): void {
  let state: unknown;
  const host: HostApi = {
    postMessage: (message) => {
      const m = message as ResultsToExtension;
      // `ready` comes from app.start(), after the constructor below has returned.
      if (m.type === 'ready') for (const replay of replayMessages(runId, output)) app.receive(replay);
      const outgoing = forward(m, output);
      if (outgoing) send(outgoing);
    },
    getState: () => state,
    setState: (next) => {
      state = next;
    },
  };
  // The notebook's webview allows inline styles, so SlickGrid's <style> element needs no nonce here.
  const app = new ResultsApp(root, host, '');
  app.start();
}
