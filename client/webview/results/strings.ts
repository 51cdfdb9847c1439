// Every user-visible text of the results panel, in one place so it can be localised as a whole
// (the extension will hand the webview a translated table; until then these are the English texts).
// Functions take the values they need, so word order and plural forms stay the translator's choice.

import { formatBytes, formatCount } from './format';

const rows = (n: number): string => (n === 1 ? '1 row' : `${formatCount(n)} rows`);

/** Texts of the results panel. */
export const strings = {
  phase: {
    idle: 'No results yet',
    running: 'Running…',
    receiving: 'Receiving rows…',
    done: '',
    error: 'Failed',
    cancelled: 'Cancelled',
  },
  rows,
  elapsed: (ms: number): string => `${formatCount(ms)} ms`,
  /** Response size, or nothing when the size is not known (0 means "not measured" in the protocol). */
  bytes: (bytes: number): string | undefined => (bytes > 0 ? formatBytes(bytes) : undefined),
  message: {
    idle: 'Run a query (Ctrl+Enter in an .mxql file) to see its rows here.',
    running: 'Running the query… the rows appear here as they arrive.',
    cancelledEmpty: 'Cancelled before any rows arrived. Run the query again to see its rows.',
    doneEmpty: 'The query returned no rows for this time range.',
    stale: 'These rows belong to the previous run.',
  },
  cancelledPartial: (n: number): string => `Cancelled after ${rows(n)}: the result is incomplete.`,
  limit: (limit: number): string => `Limit reached (${rows(limit)}) — the result may be truncated.`,
  /** Rows come in time order from the start of the range, so a truncated result ends early. */
  limitCoverage: (until: string): string =>
    `The rows shown run from the start of the range to ${until}; the rest of the range is not shown.`,
  limitRerun: (limit: number): string => `Re-run with limit ${formatCount(limit)}`,
  missingChunk: (expected: number, received: number): string =>
    `Rows are missing: expected part ${expected}, received part ${received}.`,
  detailEmpty: 'Select a cell to see its full value.',
  detailLabel: 'Selected cell',
  detailToggle: 'Show the selected cell in full',
  filterCount: (visible: number, total: number): string => `${formatCount(visible)} of ${formatCount(total)}`,
  sent: {
    summary: 'What was sent',
    server: 'Server',
    endpoint: 'Endpoint',
    path: 'Path',
    project: 'Project',
    range: 'Range',
    limit: 'Limit',
    params: 'Params',
    injects: 'Injects',
    started: 'Started',
  },
  runFailed: 'The run failed.',
  htmlPage: 'The service answered with an HTML page instead of data.',
  toolbar: {
    rerun: 'Run again',
    cancel: 'Cancel the query',
    copyCell: 'Copy the selected cell',
    copyCellText: 'Cell',
    copyRow: 'Copy the selected row as TSV',
    copyRowText: 'Row',
    copySelection: 'Copy the selection as TSV with a header',
    copySelectionText: 'Selection',
    exportCsv: 'Export all rows to CSV',
    exportCsvText: 'CSV',
    exportJson: 'Export all rows to JSON',
    exportJsonText: 'JSON',
    openJson: 'Open the rows (or the selected rows) as a JSON document',
    openJsonText: 'Open',
    timeLabel: 'Show times as',
    timeLocal: 'Local time',
    timeUtc: 'UTC',
    timeRaw: 'Raw epoch ms',
    filter: 'Filter rows',
    grid: 'Grid',
    chart: 'Chart',
    detail: 'Detail',
  },
  columnsTitle: 'Columns',
  chart: {
    none: 'No chart: the result needs a time column (epoch ms) and at least one numeric column.',
    split: 'Split series by',
    values: 'Values',
    splitBy: 'Split by',
    shape: (series: number, points: number): string =>
      `${formatCount(series)} series, ${formatCount(points)} ${points === 1 ? 'point' : 'points'} each`,
    downsampled: 'downsampled: values averaged per time bucket',
    dropped: (n: number): string => `${formatCount(n)} smaller series not shown`,
  },
} as const;
