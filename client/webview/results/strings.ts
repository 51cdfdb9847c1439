// Every user-visible text of the results panel, in one place. The templates are the extension's
// table in the user's language (a `mxql-texts` meta of the page, see common/resultsTexts.ts), each
// falling back to English. Functions take the values they need, so word order and plural forms stay
// the translator's choice.

import { fillTemplate } from '../../../common/l10n';
import { resultsTextsFrom, type ResultsTexts } from '../../../common/resultsTexts';
import { pageTextsJson } from '../pageTexts';
import { formatBytes, formatCount } from './format';

let texts = resultsTextsFrom(pageTextsJson());

const rows = (n: number): string => (n === 1 ? texts.rowsOne : fillTemplate(texts.rowsMany, formatCount(n)));

/** The texts of the panel from the current table. */
const stringsOf = () => ({
  phase: {
    idle: texts.phaseIdle,
    running: texts.phaseRunning,
    receiving: texts.phaseReceiving,
    done: '',
    error: texts.phaseError,
    cancelled: texts.phaseCancelled,
  },
  elapsed: (ms: number): string => fillTemplate(texts.elapsed, formatCount(ms)),
  /** Response size, or nothing when the size is not known (0 means "not measured" in the protocol). */
  bytes: (bytes: number): string | undefined => (bytes > 0 ? formatBytes(bytes) : undefined),
  message: {
    idle: texts.messageIdle,
    running: texts.messageRunning,
    cancelledEmpty: texts.messageCancelledEmpty,
    doneEmpty: texts.messageDoneEmpty,
    stale: texts.messageStale,
  },
  cancelledPartial: (n: number): string => fillTemplate(texts.cancelledPartial, rows(n)),
  limit: (limit: number): string => fillTemplate(texts.limit, rows(limit)),
  /** The limit kept the oldest rows: the result ends early. */
  limitCoverage: (until: string): string => fillTemplate(texts.limitCoverage, until),
  /** The limit kept the newest rows: the result starts late. */
  limitCoverageNewest: (from: string): string => fillTemplate(texts.limitCoverageNewest, from),
  limitEstimate: (total: number): string => fillTemplate(texts.limitEstimate, formatCount(total)),
  missingColumns: (names: readonly string[]): string => fillTemplate(texts.missingColumns, names.join(', ')),
  limitRerun: (limit: number): string => fillTemplate(texts.limitRerun, formatCount(limit)),
  missingChunk: (expected: number, received: number): string =>
    fillTemplate(texts.missingChunk, expected, received),
  detailEmpty: texts.detailEmpty,
  detailLabel: texts.detailLabel,
  detailToggle: texts.detailToggle,
  filterCount: (visible: number, total: number): string =>
    fillTemplate(texts.filterCount, formatCount(visible), formatCount(total)),
  sent: {
    summary: texts.sentSummary,
    server: texts.sentServer,
    endpoint: texts.sentEndpoint,
    path: texts.sentPath,
    project: texts.sentProject,
    range: texts.sentRange,
    limit: texts.sentLimit,
    params: texts.sentParams,
    /** A `$param` line whose value the run took from its time range. */
    fromRange: (line: string): string => fillTemplate(texts.sentParamFromRange, line),
    /** A dashboard query's `$param` line whose value its author set in a `param` object at `pointer`. */
    fromParam: (line: string, pointer: string): string =>
      fillTemplate(texts.sentParamFromParam, line, pointer),
    /** …or in a field's `timeMerge`/`objectMerge` (`property`) at `pointer`. */
    fromField: (line: string, property: string, key: string, pointer: string): string =>
      fillTemplate(texts.sentParamFromField, line, property, key, pointer),
    /** …or the board's default merge, since the author set none. */
    fromDefault: (line: string): string => fillTemplate(texts.sentParamFromDefault, line),
    injects: texts.sentInjects,
    started: texts.sentStarted,
  },
  runFailed: texts.runFailed,
  htmlPage: texts.htmlPage,
  toolbar: {
    rerun: texts.toolbarRerun,
    cancel: texts.toolbarCancel,
    copyCell: texts.toolbarCopyCell,
    copyCellText: texts.toolbarCopyCellText,
    copyRow: texts.toolbarCopyRow,
    copyRowText: texts.toolbarCopyRowText,
    copySelection: texts.toolbarCopySelection,
    copySelectionText: texts.toolbarCopySelectionText,
    exportCsv: texts.toolbarExportCsv,
    exportCsvText: 'CSV',
    exportJson: texts.toolbarExportJson,
    exportJsonText: 'JSON',
    openJson: texts.toolbarOpenJson,
    openJsonText: texts.toolbarOpenJsonText,
    timeLabel: texts.toolbarTimeLabel,
    timeLocal: texts.toolbarTimeLocal,
    timeUtc: 'UTC',
    timeRaw: texts.toolbarTimeRaw,
    filter: texts.toolbarFilter,
    grid: texts.toolbarGrid,
    chart: texts.toolbarChart,
    detail: texts.toolbarDetail,
  },
  columnsTitle: texts.columnsTitle,
  chart: {
    none: texts.chartNone,
    split: texts.chartSplit,
    values: texts.chartValues,
    splitBy: texts.chartSplitBy,
    shape: (series: number, points: number): string =>
      points === 1
        ? fillTemplate(texts.chartShapeOne, formatCount(series))
        : fillTemplate(texts.chartShapeMany, formatCount(series), formatCount(points)),
    downsampled: texts.chartDownsampled,
    dropped: (n: number): string => fillTemplate(texts.chartDropped, formatCount(n)),
    /** A baseline series of Compare with…: "api-01 (baseline: yesterday)". */
    baseline: (label: string, name: string): string => fillTemplate(texts.chartBaseline, label, name),
  },
  compare: {
    button: texts.toolbarCompare,
    buttonText: texts.toolbarCompareText,
    tab: texts.toolbarCompared,
    window: (from: string, to: string, rowsText: string): string =>
      fillTemplate(texts.compareWindow, from, to, rowsText),
    baseline: (name: string, from: string, to: string, rowsText: string): string =>
      fillTemplate(texts.compareBaseline, name, from, to, rowsText),
    baselineEmpty: texts.compareBaselineEmpty,
    noNumeric: texts.compareNoNumeric,
    onlyWindow: (names: readonly string[]): string => fillTemplate(texts.compareOnlyWindow, names.join(', ')),
    onlyBaseline: (names: readonly string[]): string =>
      fillTemplate(texts.compareOnlyBaseline, names.join(', ')),
    none: texts.compareNone,
    caption: texts.compareCaption,
    rank: texts.compareRank,
    agent: texts.compareAgent,
    field: texts.compareField,
    windowValue: texts.compareWindowValue,
    baselineValue: texts.compareBaselineValue,
    change: texts.compareChange,
    relative: texts.compareRelative,
    score: texts.compareScore,
    isNew: texts.compareNew,
  },
  rows,
});

/** Texts of the results panel. */
export let strings = stringsOf();

/**
 * Replaces the page's table, for a page without a `mxql-texts` meta (the notebook renderer picks
 * a table per output); views built afterwards read the new texts.
 */
export function useResultsTexts(table: ResultsTexts): void {
  texts = table;
  strings = stringsOf();
}
