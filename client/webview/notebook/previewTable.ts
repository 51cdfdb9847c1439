// The light first view of a result: its first rows as a plain table, each value set as text and shown
// as the grid shows it (same kinds, time and number formats, alignment and row height). A notebook
// renders the saved outputs of many cells when it opens; this view needs none of the grid's code, so
// the first screen does not wait for SlickGrid to load and build.
import type { CellOutput } from '../../../common/notebookOutput';
import { displayText, inferKinds, isIdColumn } from '../results/columns';
import { el } from '../results/dom';
import { strings } from '../results/strings';

type ResultOutput = Extract<CellOutput, { type: 'result' }>;

/** More rows than the output's frame shows (360 px at 22 px a row), so none is missing at the bottom. */
export const PREVIEW_ROWS = 16;
/** More columns than fit across a notebook. */
export const PREVIEW_COLUMNS = 40;

/** The light view of `output` (its texts must be the results table in use, see useResultsTexts). */
export function resultPreview(output: ResultOutput): HTMLElement {
  const names = output.columns.slice(0, PREVIEW_COLUMNS);
  const kinds = inferKinds(
    names.map((name) => ({ name })),
    output.rows,
  );
  const classes = names.map((name, i) => {
    const kind = kinds[i] ?? 'string';
    return { kind, plain: isIdColumn(name), numeric: kind === 'number' };
  });
  const head = el(
    'tr',
    {},
    names.map((name, i) =>
      el('th', { className: classes[i]?.numeric ? 'mxql-num' : '', text: name, attrs: { scope: 'col' } }),
    ),
  );
  const body = output.rows.slice(0, PREVIEW_ROWS).map((row, r) =>
    el(
      'tr',
      { className: r % 2 === 1 ? 'odd' : '' },
      names.map((_, i) => {
        const { kind, plain, numeric } = classes[i] ?? { kind: 'string', plain: false, numeric: false };
        return el('td', {
          className: `mxql-cell-${kind}${numeric ? ' mxql-num' : ''}`,
          text: displayText(row[i], kind, 'local', plain),
        });
      }),
    ),
  );
  return el('div', { className: 'mxql-nb-preview' }, [
    el('header', { className: 'mxql-header' }, [
      el('div', { className: 'mxql-toolbar' }, [
        el('span', { className: 'mxql-stats', text: strings.rows(output.rows.length) }),
      ]),
    ]),
    el('div', { className: 'mxql-nb-preview-body' }, [
      el('table', { className: 'mxql-nb-preview-table' }, [el('thead', {}, [head]), el('tbody', {}, body)]),
    ]),
  ]);
}
