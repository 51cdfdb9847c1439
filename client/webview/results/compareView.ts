// The Changes tab of Compare with…: both windows named plainly (in the time display the user chose), a
// clear message when the baseline has no rows or nothing numeric was compared, and the ranked table of
// what moved in the order the host ranked it (the core's compareRows). Every value goes in as text.

import type { ComparedField, ComparisonInfo } from '../../../common/resultsMessages';
import { formatTime } from './columns';
import { el, setChildren } from './dom';
import type { TimeMode } from './state';
import { strings } from './strings';

/** A mean or a change for a reader: at most 3 decimals, whole numbers kept whole. */
function shown(n: number): string {
  return (Math.round(n * 1000) / 1000).toLocaleString(undefined, { maximumFractionDigits: 3 });
}

function signed(text: string, n: number): string {
  return n > 0 ? `+${text}` : text;
}

function relativeText(c: ComparedField): string {
  if (c.relative === null) return strings.compare.isNew;
  return signed(`${(c.relative * 100).toFixed(1)}%`, c.relative);
}

function time(ms: number, mode: TimeMode): string {
  return formatTime(ms, mode === 'raw' ? 'local' : mode);
}

function row(c: ComparedField, rank: number): HTMLTableRowElement {
  const cell = (text: string, className?: string) => el('td', { text, ...(className ? { className } : {}) });
  const tr = el('tr', { attrs: { 'data-rank': String(rank) } }, [
    cell(String(rank), 'mxql-num'),
    cell(c.agent, 'mxql-compare-agent'),
    cell(c.field, 'mxql-compare-field'),
    cell(shown(c.window), 'mxql-num'),
    cell(shown(c.baseline), 'mxql-num'),
    cell(signed(shown(c.change), c.change), 'mxql-num'),
    cell(relativeText(c), 'mxql-num'),
    cell(signed((Math.round(c.score * 10) / 10).toFixed(1), c.score), 'mxql-num'),
  ]);
  tr.dataset.direction = c.change > 0 ? 'up' : c.change < 0 ? 'down' : 'flat';
  return tr;
}

function table(changes: readonly ComparedField[]): HTMLTableElement {
  const s = strings.compare;
  const heads = [s.rank, s.agent, s.field, s.windowValue, s.baselineValue, s.change, s.relative, s.score];
  return el('table', { className: 'mxql-compare-table' }, [
    el('caption', { text: s.caption }),
    el('thead', {}, [
      el(
        'tr',
        {},
        heads.map((h) => el('th', { text: h, attrs: { scope: 'col' } })),
      ),
    ]),
    el(
      'tbody',
      {},
      changes.map((c, i) => row(c, i + 1)),
    ),
  ]);
}

/** Renders the comparison (or why there is none) into `root`. */
export function renderComparison(
  root: HTMLElement,
  comparison: ComparisonInfo | undefined,
  windowRows: number,
  mode: TimeMode,
): void {
  if (!comparison) {
    setChildren(root, [el('p', { className: 'mxql-compare-message', text: strings.compare.none })]);
    return;
  }
  const s = strings.compare;
  const { window: w, baselineWindow: b } = comparison;
  const baseRows = comparison.baselineRows.rowCount;
  const lines = [
    el('p', {
      className: 'mxql-compare-window',
      text: s.window(time(w.stime, mode), time(w.etime, mode), strings.rows(windowRows)),
    }),
    el('p', {
      className: 'mxql-compare-baseline',
      text: s.baseline(comparison.name, time(b.stime, mode), time(b.etime, mode), strings.rows(baseRows)),
    }),
  ];
  const problem =
    baseRows === 0 ? s.baselineEmpty : comparison.changes.length === 0 ? s.noNumeric : undefined;
  const only = [
    comparison.onlyInWindow.length > 0 ? s.onlyWindow(comparison.onlyInWindow) : undefined,
    comparison.onlyInBaseline.length > 0 ? s.onlyBaseline(comparison.onlyInBaseline) : undefined,
  ].flatMap((text) => (text ? [el('p', { className: 'mxql-compare-only', text })] : []));
  setChildren(root, [
    el('div', { className: 'mxql-compare-windows' }, lines),
    problem
      ? el('p', { className: 'mxql-compare-message', text: problem, attrs: { role: 'status' } })
      : undefined,
    ...only,
    comparison.changes.length > 0 ? table(comparison.changes) : undefined,
  ]);
}
