// The full view of one stored result in a notebook output: the results panel's own app (grid with sort,
// filter, copy and export; chart split by agent). The renderer loads this module (a chunk of its own,
// with SlickGrid and the grid's sheets) only when an output upgrades from its light table. The adapter
// only replays the output as the panel's protocol messages and forwards the app's requests to the
// extension.
import slickGridCss from 'slickgrid/dist/styles/css/slick.grid.css';
import columnPickerCss from 'slickgrid/dist/styles/css/slick.columnpicker.css';
import uplotCss from 'uplot/dist/uPlot.min.css';
import type { CellOutput, RendererToExtension } from '../../../common/notebookOutput';
import {
  chunkColumns,
  RESULTS_PROTOCOL_VERSION as v,
  type ExtensionToResults,
  type ResultsToExtension,
  type RunInfo,
} from '../../../common/resultsMessages';
import type { ResultsTexts } from '../../../common/resultsTexts';
import { ResultsApp, type HostApi } from '../results/app';
import { useResultsTexts } from '../results/strings';

type ResultOutput = Extract<CellOutput, { type: 'result' }>;

function installGridStyles(): void {
  if (document.getElementById('mxql-notebook-grid-styles')) return;
  const style = document.createElement('style');
  style.id = 'mxql-notebook-grid-styles';
  style.textContent = [slickGridCss, columnPickerCss, uplotCss].join('\n');
  // Before the renderer's sheet, so the panel's theme rules win over SlickGrid's defaults as before.
  const own = document.getElementById('mxql-notebook-styles');
  if (own) own.before(style);
  else document.head.append(style);
}

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

/** Builds the results app for `output` in `root`, in place of whatever `root` shows. */
export function startApp(
  root: HTMLElement,
  runId: string,
  output: ResultOutput,
  send: (message: RendererToExtension) => void,
  texts: ResultsTexts,
): void {
  installGridStyles();
  // The results app reads its texts when it builds its views, so the output's table is set first.
  useResultsTexts(texts);
  root.replaceChildren();
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
  performance.mark('mxql-nb:grid');
}
