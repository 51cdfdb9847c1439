// One stored result in a notebook output: the bar with "Open in Results Panel", the light table of the
// first rows at once, then the results panel's app (resultGrid.ts, loaded on demand) in its place.
import type { CellOutput, RendererToExtension } from '../../../common/notebookOutput';
import { el } from '../results/dom';
import { useResultsTexts } from '../results/strings';
import { resultPreview } from './previewTable';
import type { RendererTexts } from './texts';

type ResultOutput = Extract<CellOutput, { type: 'result' }>;

/** How far outside the visible part of the page an output starts building its grid (about one screen). */
const NEAR_VIEW_MARGIN = '600px 0px';
/** The longest an output near the view waits for an idle moment before its grid is built anyway. */
const IDLE_TIMEOUT_MS = 2000;
/** What shows that the user reaches for an output: the grid is built at once, not at the next idle. */
const REACH_EVENTS = ['pointerover', 'focusin', 'keydown'] as const;

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

function whenIdle(then: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(then, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(then, 0);
}

/**
 * Runs `upgrade` once: at the first sign that the user reaches for `frame`, or at an idle moment once
 * the frame is near the view. A failed upgrade (the grid's chunk could not load) keeps the light view
 * and tries again at the next reach.
 */
function upgradeWhenWanted(frame: HTMLElement, upgrade: () => Promise<void>): void {
  let state: 'waiting' | 'loading' | 'done' = 'waiting';
  const start = (): void => {
    if (state !== 'waiting') return;
    state = 'loading';
    upgrade().then(
      () => {
        state = 'done';
        for (const type of REACH_EVENTS) frame.removeEventListener(type, start);
      },
      () => {
        state = 'waiting';
      },
    );
  };
  for (const type of REACH_EVENTS) frame.addEventListener(type, start, { passive: true });
  whenNearView(frame, () => whenIdle(start));
}

/** Renders `output` into `element`: its first rows at once, the results app when wanted. */
export function mountResult(
  element: HTMLElement,
  runId: string,
  output: ResultOutput,
  send: (message: RendererToExtension) => void,
  texts: RendererTexts,
): void {
  const open = el('button', {
    className: 'mxql-button mxql-nb-open',
    text: texts.notebook.openInPanel,
    title: texts.notebook.openInPanelTitle,
    attrs: { type: 'button' },
    onClick: () => send({ type: 'openInPanel', output }),
  });
  useResultsTexts(texts.results);
  const root = el('div', { className: 'mxql-app' }, [resultPreview(output)]);
  const frame = el('div', { className: 'mxql-nb-result' }, [root]);
  element.replaceChildren(el('div', { className: 'mxql-nb-bar' }, [open]), frame);
  performance.mark('mxql-nb:preview');
  upgradeWhenWanted(frame, async () => {
    const { startApp } = await import('./resultGrid');
    // The output may have been replaced (a re-run) while the chunk loaded.
    if (root.isConnected) startApp(root, runId, output, send, texts.results);
  });
}
