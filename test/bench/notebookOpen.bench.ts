// Opening a 50-cell MXQL notebook in real VS Code (code-server with the packaged VSIX), as a user opens it
// (goal ≤ 1 s). Prints figures; not a timed test.
//   node --import tsx test/bench/notebookOpen.bench.ts [warm opens] [--only kind,kind] [--fresh]
// --only opens only those documents (mxqlnb, mxqlnbNoOutputs, ipynb, text; `--only ipynb` never activates
// MXQL); --fresh opens a new copy of the file each time, so no open finds a document VS Code has seen.
//
// The notebook (test/support/fiftyCellNotebook.ts): 25 markdown and 25 MXQL cells with saved results of 20
// to 300 rows; one problem in the first and one in the last MXQL cell.
//
// One open runs from the Enter that accepts the file in Quick Open (the open command) to:
//   shown:       the editor is on screen with its first cells (notebook: the first MXQL cell's text, the
//                first markdown cell rendered and the first rows of the first cell output, as the light
//                table the renderer shows first or as the grid; text file: the first lines);
//   diagnostics: the status bar's Problems count reached its final value: the time of its last change,
//                read once it has held still for 2 s (VS Code shows a language server's diagnostics
//                there as soon as they arrive).
// For the notebooks it also prints when the notebook's webview fetched the renderer module (resource
// timing), and any `mxql-nb:*` performance marks the renderer sets.
// The cold open is the first open of its kind in the window (for the MXQL notebook it includes activating
// the extension and starting the language server); warm opens follow "View: Close All Editors" and the
// Problems count falling back to where it was. In the same window and interleaved with it:
//   - the same notebook saved without outputs (what the outputs cost);
//   - baseline: the same cells as a built-in Jupyter .ipynb, each result as a plain-text output of the
//     same rows (VS Code's own notebook editor and renderers, no language server);
//   - baseline: a plain .mxql file with the same text (markdown as comment lines, no outputs). A .mxql
//     file is one document to the language server, so its Problems count differs from the notebook's.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg, cpus } from 'node:os';
import type { Page } from 'playwright-core';
import type { FileCell } from '../../client/src/notebook/notebookFile';
import { fiftyCellNotebook, fiftyCells } from '../support/fiftyCellNotebook';
import { notebookFrame, startE2eRig, type E2eRig } from '../support/e2eWorkbench';

const WARM_OPENS = Number(process.argv[2] ?? 5);
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const FRESH = process.argv.includes('--fresh');
const GOAL_MS = 1000;
const STABLE_MS = 2000;
const OPEN_TIMEOUT_MS = 120_000;

/** The documents opened, each with the same 50 cells. */
type Kind = 'mxqlnb' | 'mxqlnbNoOutputs' | 'ipynb' | 'text';
// In this order: the .ipynb first, so its cold open shows VS Code's notebook editor before the MXQL
// extension is active; the MXQL notebook's cold open then includes activating the extension.
const FILES: Record<Kind, { name: string; label: string }> = {
  ipynb: { name: 'fifty-cells.ipynb', label: 'baseline: built-in .ipynb' },
  mxqlnb: { name: 'fifty-cells.mxqlnb', label: 'MXQL notebook' },
  mxqlnbNoOutputs: { name: 'fifty-cells-no-outputs.mxqlnb', label: 'the same without outputs' },
  text: { name: 'fifty-cells-as-text.mxql', label: 'baseline: .mxql, same text' },
};
/** A value of the first saved output, to see it on screen in the .ipynb (plain text output). */
const FIRST_OUTPUT_VALUE = 'storefront-api-00:8080';

/** Jupyter's own format, with each result as a plain-text table of the same rows. */
function ipynb(all: readonly FileCell[]): string {
  const lines = (text: string) => text.split('\n').map((l, i, a) => (i < a.length - 1 ? `${l}\n` : l));
  return JSON.stringify(
    {
      cells: all.map((c) =>
        c.kind === 'markdown'
          ? { cell_type: 'markdown', metadata: {}, source: lines(c.source) }
          : {
              cell_type: 'code',
              execution_count: 1,
              metadata: {},
              source: lines(c.source),
              outputs: (c.outputs ?? []).map((o) => ({
                output_type: 'stream',
                name: 'stdout',
                text:
                  o.type === 'result'
                    ? [o.columns, ...o.rows].map((row) => `${row.map(String).join('\t')}\n`)
                    : [],
              })),
            },
      ),
      metadata: { language_info: { name: 'python' } },
      nbformat: 4,
      nbformat_minor: 5,
    },
    null,
    1,
  );
}

/** Writes the four documents; returns their sizes in bytes. */
function writeFiles(workspaceDir: string): Record<Kind, number> {
  const all = fiftyCells();
  const text = all
    .map((c) =>
      c.kind === 'markdown'
        ? c.source
            .split('\n')
            .map((line) => `-- ${line}`.trimEnd())
            .join('\n')
        : c.source,
    )
    .join('\n\n')
    .concat('\n');
  const contents: Record<Kind, string> = {
    mxqlnb: fiftyCellNotebook(true),
    mxqlnbNoOutputs: fiftyCellNotebook(false),
    ipynb: ipynb(all),
    text: `-- @param $oid = 1600292156\n${text}`,
  };
  const sizes = {} as Record<Kind, number>;
  for (const kind of Object.keys(FILES) as Kind[]) {
    writeFileSync(join(workspaceDir, FILES[kind].name), contents[kind]);
    sizes[kind] = Buffer.byteLength(contents[kind]);
  }
  return sizes;
}

// Installed in the workbench page before an open: records when the Problems item last changed.
const watchProblems = `(() => {
  const item = () => document.getElementById('status.problems');
  const read = () => (item()?.getAttribute('aria-label') ?? '') + '|' + (item()?.textContent ?? '');
  const state = { value: read(), changedAt: 0 };
  globalThis.__mxqlProblems?.observer.disconnect();
  const observer = new MutationObserver(() => {
    const value = read();
    if (value !== state.value) { state.value = value; state.changedAt = Date.now(); }
  });
  observer.observe(document.querySelector('.part.statusbar') ?? document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  globalThis.__mxqlProblems = { state, observer };
  return state.value;
})()`;

const problemsState = `({ ...globalThis.__mxqlProblems.state })`;

async function problemsValue(page: Page): Promise<string> {
  return page.evaluate<string>(
    `(() => { const i = document.getElementById('status.problems'); return (i?.getAttribute('aria-label') ?? '') + '|' + (i?.textContent ?? ''); })()`,
  );
}

interface OpenFigures {
  shownMs: number;
  /** Undefined when the Problems count did not change (nothing to time). */
  diagnosticsMs: number | undefined;
  problems: string;
  /** When each part of the first screen appeared (ms after the open command). */
  parts: Record<string, number>;
  /** The renderer's own timeline in the notebook's webview (ms after the open command), when it ran. */
  renderer: Record<string, number>;
}

// Read in the notebook's webview: when the renderer's module was fetched and what it marked
// (`mxql-nb:*` performance marks), as epoch ms so they compare with the open command's time.
const rendererTimeline = `(() => {
  const at = (ms) => Math.round(performance.timeOrigin + ms);
  const out = {};
  for (const r of performance.getEntriesByType('resource')) {
    const file = r.name.split('?')[0].split('/').pop();
    if (!/^(notebookRenderer|grid|chart|chunk-|l10n)/.test(file) || !file.endsWith('.js')) continue;
    out['fetch ' + file.replace(/-[A-Z0-9]{8}\\.js$/, '').replace(/\\.js$/, '')] = at(r.startTime);
    out['fetched ' + file.replace(/-[A-Z0-9]{8}\\.js$/, '').replace(/\\.js$/, '')] = at(r.responseEnd);
  }
  for (const m of performance.getEntriesByType('mark')) {
    if (m.name.startsWith('mxql-nb:') && !(m.name.slice(8) in out)) out[m.name.slice(8)] = at(m.startTime);
  }
  return out;
})()`;

/** Closes every editor and waits until the Problems count is back to `idle`. */
async function closeAll(rig: E2eRig, idle: string): Promise<boolean> {
  await rig.workbench.runCommand('View: Close All Editors');
  await rig.page.locator('.tabs-container .tab').first().waitFor({ state: 'detached' });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if ((await problemsValue(rig.page)) === idle) return true;
    await rig.page.waitForTimeout(100);
  }
  return false;
}

/** The Problems item's value with no editor open, once it has held still for STABLE_MS. */
async function settledIdle(rig: E2eRig): Promise<string> {
  await rig.page.locator('[id="status.problems"]').waitFor({ state: 'visible' });
  await rig.workbench.runCommand('View: Close All Editors');
  let value = await problemsValue(rig.page);
  let since = Date.now();
  while (Date.now() - since < STABLE_MS) {
    await rig.page.waitForTimeout(200);
    const now = await problemsValue(rig.page);
    if (now !== value) [value, since] = [now, Date.now()];
  }
  return value;
}

/** Types the file name into Quick Open and returns once Enter would open it. */
async function prepareQuickOpen(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('.quick-input-box input');
  await input.waitFor({ state: 'visible' });
  await input.fill(name);
  await widget.locator('.monaco-list-row.focused', { hasText: name }).waitFor({ state: 'visible' });
}

/** When each part of the first screen appeared, in ms after `t0`; the editor is shown once all have. */
async function waitShown(page: Page, kind: Kind, name: string, t0: number): Promise<Record<string, number>> {
  const timeout = OPEN_TIMEOUT_MS;
  const parts: Record<string, () => Promise<void>> = {
    tab: () =>
      page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ state: 'visible', timeout }),
  };
  if (kind === 'text') {
    parts.text = () =>
      page
        .locator('.editor-instance .monaco-editor .view-lines .view-line', {
          hasText: 'Step 1 of the investigation',
        })
        .first()
        .waitFor({ state: 'visible', timeout });
  } else {
    const outputs = notebookFrame(page);
    parts.cellText = () =>
      page
        .locator('.notebook-editor .cell-list-container .code-cell-row .view-lines', {
          hasText: /@name\s+Step\s+1\b/,
        })
        .first()
        .waitFor({ state: 'visible', timeout });
    // Markdown cells are rendered in the same webview as the outputs.
    parts.markdown = () =>
      outputs.getByText('Step 1 of the investigation').first().waitFor({ state: 'visible', timeout });
    // The first rows of an output: its grid.
    if (kind === 'mxqlnb')
      parts.output = () =>
        outputs.locator('.mxql-nb-result .slick-row').first().waitFor({ state: 'visible', timeout });
    if (kind === 'ipynb')
      parts.output = () =>
        outputs.getByText(FIRST_OUTPUT_VALUE).first().waitFor({ state: 'visible', timeout });
  }
  const entries = await Promise.all(
    Object.entries(parts).map(async ([part, wait]) => {
      await wait();
      return [part, Date.now() - t0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** One open: from Enter in Quick Open to the first cells on screen, and to the Problems count settling. */
let copies = 0;

/** A new copy of `name` in the workspace (for --fresh), and its name. */
function freshCopy(rig: E2eRig, name: string): string {
  const copy = `copy-${++copies}-${name}`;
  copyFileSync(join(rig.workspaceDir, name), join(rig.workspaceDir, copy));
  return copy;
}

async function open(rig: E2eRig, kind: Kind, idle: string): Promise<OpenFigures> {
  const name = FRESH ? freshCopy(rig, FILES[kind].name) : FILES[kind].name;
  if (!(await closeAll(rig, idle))) throw new Error('the Problems count did not return to its idle value');
  await prepareQuickOpen(rig.page, name);
  await rig.page.evaluate(watchProblems);
  const t0 = Date.now();
  await rig.page.keyboard.press('Enter');
  const parts = await waitShown(rig.page, kind, name, t0);
  const shownMs = Math.max(...Object.values(parts));
  const renderer: Record<string, number> = {};
  if (kind !== 'text') {
    const timeline = (await notebookFrame(rig.page)
      .locator('body')
      .evaluate(rendererTimeline)
      .catch(() => ({}))) as Record<string, number>;
    for (const [what, at] of Object.entries(timeline)) renderer[what] = at - t0;
  }
  // Settled: no change for STABLE_MS after the last one (or after the editor was shown).
  let state = await rig.page.evaluate<{ value: string; changedAt: number }>(problemsState);
  const deadline = Date.now() + OPEN_TIMEOUT_MS;
  while (Date.now() - Math.max(state.changedAt, t0 + shownMs) < STABLE_MS && Date.now() < deadline) {
    await rig.page.waitForTimeout(200);
    state = await rig.page.evaluate(problemsState);
  }
  return {
    shownMs,
    diagnosticsMs: state.changedAt > 0 ? state.changedAt - t0 : undefined,
    problems: state.value.split('|')[0] ?? '',
    parts,
    renderer,
  };
}

function percentile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p + 0.5))] ?? NaN;
}

function summary(xs: readonly (number | undefined)[]): string {
  const known = xs.filter((x): x is number => x !== undefined);
  if (known.length === 0) return 'n/a (the Problems count did not change)';
  const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;
  return `p50 ${ms(percentile(known, 0.5))}   max ${ms(Math.max(...known))}${known.length < xs.length ? `   (${xs.length - known.length} opens without a change)` : ''}`;
}

/** `tab 120, cellText 300, …`: the order in which the first screen came together. */
const partsText = (f: OpenFigures | undefined) =>
  Object.entries(f?.parts ?? {})
    .map(([part, ms]) => `${part} ${ms}`)
    .join(', ');

function line(label: string, figures: readonly OpenFigures[]): void {
  console.log(`  ${label.padEnd(44)} shown       ${summary(figures.map((f) => f.shownMs))}`);
  console.log(`  ${''.padEnd(44)} diagnostics ${summary(figures.map((f) => f.diagnosticsMs))}`);
}

async function bench(rig: E2eRig): Promise<void> {
  const sizes = writeFiles(rig.workspaceDir);
  const idle = await settledIdle(rig);
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
  console.log(`machine: ${cpus().length} cores, load average ${load()} (1, 5, 15 min) at the start`);
  const kinds = (ONLY?.split(',') ?? Object.keys(FILES)) as Kind[];
  const unknown = kinds.filter((k) => !(k in FILES));
  if (unknown.length > 0)
    throw new Error(`--only takes ${Object.keys(FILES).join(', ')}, not ${unknown.join(', ')}`);
  const cold = {} as Record<Kind, OpenFigures>;
  const warm = Object.fromEntries(kinds.map((k) => [k, [] as OpenFigures[]])) as Record<Kind, OpenFigures[]>;
  const show = (what: string, f: OpenFigures) => {
    console.log(
      `  ${what}: shown ${f.shownMs} ms (${partsText(f)}), diagnostics ${f.diagnosticsMs ?? 'n/a'} ms (${f.problems})`,
    );
    const timeline = Object.entries(f.renderer).sort((a, b) => a[1] - b[1]);
    if (timeline.length > 0)
      console.log(`      renderer: ${timeline.map(([what, ms]) => `${what} ${ms}`).join(', ')}`);
  };
  for (const kind of kinds) {
    cold[kind] = await open(rig, kind, idle);
    show(`cold ${FILES[kind].name}`, cold[kind]);
  }
  for (let i = 0; i < WARM_OPENS; i++) {
    for (const kind of kinds) {
      const f = await open(rig, kind, idle);
      warm[kind].push(f);
      show(`warm ${i + 1} ${FILES[kind].name}`, f);
    }
  }
  console.log(`\nOpening a 50-cell notebook in code-server: 1 cold open, ${WARM_OPENS} warm opens each`);
  for (const kind of kinds) {
    line(`${FILES[kind].label} (${(sizes[kind] / 1024).toFixed(0)} KB), cold`, [cold[kind]]);
    line('  warm', warm[kind]);
  }
  if (!kinds.includes('mxqlnb')) return console.log(`machine load average at the end: ${load()}`);
  const p50 = percentile(
    warm.mxqlnb.map((f) => Math.max(f.shownMs, f.diagnosticsMs ?? 0)),
    0.5,
  );
  console.log(
    `  goal ≤ ${GOAL_MS} ms (warm, both end points): ${p50 <= GOAL_MS ? 'met' : 'NOT met'} (p50 ${p50.toFixed(0)} ms)`,
  );
  console.log(`machine load average at the end: ${load()}`);
}

async function main(): Promise<void> {
  let rig: E2eRig | undefined;
  try {
    if (!Number.isInteger(WARM_OPENS) || WARM_OPENS < 1) {
      throw new Error(`the number of warm opens must be a positive whole number, not '${process.argv[2]}'`);
    }
    console.log('packaging the extension and starting code-server…');
    rig = await startE2eRig();
    await bench(rig);
  } catch (err) {
    await rig?.screenshot('bench-notebook-open-failed').catch(() => undefined);
    console.error(`the benchmark could not run: ${err instanceof Error ? err.stack : String(err)}`);
    process.exitCode = 1;
  } finally {
    await rig?.close();
  }
}

void main();
