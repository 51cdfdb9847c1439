// The results panel's texts, crossing from the extension to the webview. The English templates are
// the one source: the webview falls back to them, and the extension sends the same table translated
// with vscode.l10n (the English template is the bundle key, `{0}`, `{1}` are filled in the webview).
import { textsFrom, translateTexts } from './l10n';

/** English templates of the results panel, by stable key. */
export const RESULTS_TEXTS = {
  phaseIdle: 'No results yet',
  phaseRunning: 'Running…',
  phaseReceiving: 'Receiving rows…',
  phaseError: 'Failed',
  phaseCancelled: 'Cancelled',
  rowsOne: '1 row',
  rowsMany: '{0} rows',
  elapsed: '{0} ms',
  messageIdle: 'Run a query (Ctrl+Enter in an .mxql file) to see its rows here.',
  messageRunning: 'Running the query… the rows appear here as they arrive.',
  messageCancelledEmpty: 'Cancelled before any rows arrived. Run the query again to see its rows.',
  messageDoneEmpty: 'The query returned no rows for this time range.',
  messageStale: 'These rows belong to the previous run.',
  cancelledPartial: 'Cancelled after {0}: the result is incomplete.',
  limit: 'Limit reached ({0}) — the result may be truncated.',
  limitCoverage: 'The rows shown run from the start of the range to {0}; the rest of the range is not shown.',
  limitCoverageNewest:
    'The rows shown run from {0} to the end of the range; the start of the range is not shown.',
  limitEstimate: 'About {0} rows are in the range.',
  missingColumns: 'No row has a value for {0}: not a column of this category?',
  limitRerun: 'Re-run with limit {0}',
  missingChunk: 'Rows are missing: expected part {0}, received part {1}.',
  detailEmpty: 'Select a cell to see its full value.',
  detailLabel: 'Selected cell',
  detailToggle: 'Show the selected cell in full',
  filterCount: '{0} of {1}',
  sentSummary: 'What was sent',
  sentServer: 'Server',
  sentEndpoint: 'Endpoint',
  sentPath: 'Path',
  sentProject: 'Project',
  sentRange: 'Range',
  sentLimit: 'Limit',
  sentParams: 'Params',
  sentParamFromRange: '{0} (from the time range)',
  sentParamFromParam: '{0} (set by the dashboard at {1})',
  sentParamFromField: '{0} (the {1} of the dashboard field {2} at {3})',
  sentParamFromDefault: "{0} (the board's default merge)",
  sentInjects: 'Injects',
  sentStarted: 'Started',
  runFailed: 'The run failed.',
  htmlPage: 'The service answered with an HTML page instead of data.',
  toolbarRerun: 'Run again',
  toolbarCancel: 'Cancel the query',
  toolbarCopyCell: 'Copy the selected cell',
  toolbarCopyCellText: 'Cell',
  toolbarCopyRow: 'Copy the selected row as TSV',
  toolbarCopyRowText: 'Row',
  toolbarCopySelection: 'Copy the selection as TSV with a header',
  toolbarCopySelectionText: 'Selection',
  toolbarExportCsv: 'Export all rows to CSV',
  toolbarExportJson: 'Export all rows to JSON',
  toolbarOpenJson: 'Open the rows (or the selected rows) as a JSON document',
  toolbarOpenJsonText: 'Open',
  toolbarTimeLabel: 'Show times as',
  toolbarTimeLocal: 'Local time',
  toolbarTimeRaw: 'Raw epoch ms',
  toolbarFilter: 'Filter rows',
  toolbarGrid: 'Grid',
  toolbarChart: 'Chart',
  toolbarDetail: 'Detail',
  columnsTitle: 'Columns',
  chartNone: 'No chart: the result needs a time column (epoch ms) and at least one numeric column.',
  chartSplit: 'Split series by',
  chartValues: 'Values',
  chartSplitBy: 'Split by',
  chartShapeOne: '{0} series, 1 point each',
  chartShapeMany: '{0} series, {1} points each',
  chartDownsampled: 'downsampled: values averaged per time bucket',
  chartDropped: '{0} smaller series not shown',
  toolbarCompare: 'Compare with a baseline…',
  toolbarCompareText: 'Compare',
  toolbarCompared: 'Changes',
  compareWindow: 'Window: {0} → {1} ({2})',
  compareBaseline: 'Baseline, {0}: {1} → {2} ({3})',
  compareBaselineEmpty: 'The baseline has no rows, so nothing moved against it: compare with another window.',
  compareNoNumeric:
    'Nothing to compare: the query returns no numeric field for the same agent in both windows.',
  compareOnlyWindow: 'Only in the window: {0}',
  compareOnlyBaseline: 'Only in the baseline: {0}',
  compareNone: 'No comparison yet: choose Compare in the toolbar.',
  compareRank: 'Rank',
  compareAgent: 'Agent',
  compareField: 'Field',
  compareWindowValue: 'Window',
  compareBaselineValue: 'Baseline',
  compareChange: 'Change',
  compareRelative: 'Relative',
  compareScore: 'Against spread',
  compareNew: 'new',
  compareCaption: 'What moved, the farthest first',
  chartBaseline: '{0} (baseline: {1})',
} as const;

/** A key of {@link RESULTS_TEXTS}. */
export type ResultsTextKey = keyof typeof RESULTS_TEXTS;

/** The results panel's templates in one language. */
export type ResultsTexts = Readonly<Record<ResultsTextKey, string>>;

/** The table in the user's language: `translate` is vscode.l10n.t (the English template is the key). */
export function translateResultsTexts(translate: (message: string) => string): ResultsTexts {
  return translateTexts(RESULTS_TEXTS, translate);
}

/**
 * The table a page received as JSON; a missing, malformed or non-text entry keeps its English
 * template, so a broken table never leaves the panel without words.
 */
export function resultsTextsFrom(json: string | null | undefined): ResultsTexts {
  return textsFrom(RESULTS_TEXTS, json);
}
