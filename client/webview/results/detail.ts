// The side panel showing the selected cell in full: column, type and the untruncated value.

import { type Cell } from '../../../common/resultsMessages';
import { type DisplayKind, displayText, isIdColumn } from './columns';
import { el, setChildren } from './dom';
import { type TimeMode } from './state';

/** Fills the detail panel with one cell; values are text, JSON-looking strings are pretty-printed. */
export function renderDetail(
  target: HTMLElement,
  column: string,
  kind: DisplayKind,
  value: Cell | undefined,
  mode: TimeMode,
): void {
  const shown = displayText(value, kind, mode, isIdColumn(column));
  const raw = value === null || value === undefined ? 'null' : String(value);
  setChildren(target, [
    el('div', { className: 'mxql-detail-column', text: column }),
    el('div', { className: 'mxql-detail-kind', text: `${kind}${value === null ? ' · null' : ''}` }),
    el('pre', { className: 'mxql-detail-value', text: prettyJson(shown) }),
    shown !== raw ? el('div', { className: 'mxql-detail-raw', text: `raw: ${raw}` }) : undefined,
  ]);
}

function prettyJson(text: string): string {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed) as unknown, null, 2);
  } catch {
    return text;
  }
}
