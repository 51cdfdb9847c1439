// Messages between the dashboard preview webview and the extension, with the direction of each. Both
// sides parse what they receive: a malformed message is dropped, never trusted.
import type { Cell, ColumnInfo } from './resultsMessages';
import type { ThresholdMark } from './chartMarks';

/**
 * The preview page's texts (English templates by key). The extension sends them translated in the
 * page's `mxql-texts` meta; the page falls back to these.
 */
export const BOARD_TEXTS = {
  heading: 'Dashboard preview',
  range: 'Time range',
  rangeLast: 'Last {0}',
  refresh: 'Refresh',
  refreshTitle: 'Run every query of the board again',
  waiting: 'Reading the dashboard…',
  running: 'Running {0} of {1} queries…',
  done: '{0} queries on {1}',
  widgetRunning: 'Running…',
  widgetNeeds: 'needs {0}',
  widgetNoRows: 'No rows for this time range.',
  widgetNoChart: 'No chart: the result has no time column (epoch ms) or no numeric column.',
  widgetEmpty: 'Nothing to preview: this widget has no query and no text.',
  widgetRowsShown: 'First {0} of {1} rows',
  widgetStacked: 'No usable layout: stacked below the board',
  linkTitle: 'Link (not opened from the preview): {0}',
} as const;

/** Bumped when a message changes shape. */
export const BOARD_PROTOCOL_VERSION = 1;

/** Rows a grid widget receives (the chart gets every row the query returns). */
export const BOARD_GRID_ROWS = 200;

/** A widget as the page draws it. */
export interface BoardWidgetView {
  readonly index: number;
  readonly id: string;
  readonly title: string;
  readonly kind: 'markdown' | 'series' | 'grid' | 'empty';
  readonly place: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
  readonly stacked: boolean;
  readonly markdown?: string;
  /** The labels of its queries (metric names), in order. */
  readonly queries: readonly string[];
}

/** E→W: the board to draw; every query starts as running. */
export interface BoardMessage {
  readonly type: 'board';
  readonly v: number;
  /** Increases with every render; results of an older one are dropped. */
  readonly generation: number;
  readonly name: string;
  readonly columns: number;
  readonly rows: number;
  readonly widgets: readonly BoardWidgetView[];
  /** What is wrong with the file, in the user's language; the board shows what it can. */
  readonly problems: readonly string[];
  /** Where the queries run (`Demo · project`). */
  readonly target: string;
  /** The range presets offered and the one chosen. */
  readonly presets: readonly string[];
  readonly preset: string;
}

export type QueryStatus = 'running' | 'done' | 'error' | 'needs' | 'cancelled';

/** E→W: where one query of one widget stands. */
export interface QueryMessage {
  readonly type: 'query';
  readonly v: number;
  readonly generation: number;
  readonly widget: number;
  readonly query: number;
  readonly status: QueryStatus;
  /** Error text, or the `$params` needed, in the user's language. */
  readonly message?: string;
  readonly columns?: readonly ColumnInfo[];
  readonly rows?: readonly (readonly Cell[])[];
  /** Rows the query returned in all (a grid gets at most {@link BOARD_GRID_ROWS}). */
  readonly total?: number;
  /** The catalog unit of each field the query reads that has one: the chart's y axis caption. */
  readonly units?: Readonly<Record<string, string>>;
  /** The thresholds of the workspace's event rules on the category the query reads: bands on the chart. */
  readonly thresholds?: readonly ThresholdMark[];
  /** The `$params` the board filled, one line each with where the value came from, in the user's language. */
  readonly sent?: readonly string[];
}

export type ExtensionToBoard = BoardMessage | QueryMessage;

/** What the page shows of one widget: the state the extension and its tests read back. */
export interface WidgetReport {
  readonly index: number;
  readonly kind: BoardWidgetView['kind'];
  /** `done` once every query is in; otherwise the state of the first query that is not. */
  readonly status: QueryStatus | 'shown';
  /** Rows shown (grid) or drawn (chart). */
  readonly rows: number;
  /** Chart lines drawn. */
  readonly series: number;
  /** The widget's message as shown (an error, what it needs). */
  readonly message: string;
  /** The `$params` its queries were sent with and where each came from, as the widget's tooltip shows them. */
  readonly sent?: string;
  /** The captions of the threshold bands the chart draws (the workspace's rules on its fields). */
  readonly bands?: readonly string[];
}

/** W→E: the page is ready; Refresh; a range preset picked; what the page shows now. */
export type BoardToExtension =
  | { readonly type: 'ready' }
  | { readonly type: 'refresh' }
  | { readonly type: 'range'; readonly preset: string }
  | { readonly type: 'rendered'; readonly generation: number; readonly widgets: readonly WidgetReport[] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const STATUSES: readonly string[] = ['running', 'done', 'error', 'needs', 'cancelled', 'shown'];

function parseReport(value: unknown): WidgetReport | undefined {
  if (!isRecord(value)) return undefined;
  const { index, kind, status, rows, series, message, sent, bands } = value;
  if (typeof index !== 'number' || typeof kind !== 'string' || typeof status !== 'string') return undefined;
  if (!['markdown', 'series', 'grid', 'empty'].includes(kind) || !STATUSES.includes(status)) return undefined;
  return {
    index,
    kind: kind as WidgetReport['kind'],
    status: status as WidgetReport['status'],
    rows: typeof rows === 'number' ? rows : 0,
    series: typeof series === 'number' ? series : 0,
    message: typeof message === 'string' ? message : '',
    ...(typeof sent === 'string' && sent !== '' ? { sent } : {}),
    ...(Array.isArray(bands) && bands.length > 0 ? { bands: bands.map(String) } : {}),
  };
}

/** The message for the extension, or undefined when `data` is not one. */
export function parseBoardToExtension(data: unknown): BoardToExtension | undefined {
  if (!isRecord(data)) return undefined;
  if (data.type === 'ready' || data.type === 'refresh') return { type: data.type };
  if (data.type === 'range' && typeof data.preset === 'string') return { type: 'range', preset: data.preset };
  if (data.type === 'rendered' && typeof data.generation === 'number' && Array.isArray(data.widgets)) {
    const widgets = data.widgets.map(parseReport).filter((w): w is WidgetReport => w !== undefined);
    return { type: 'rendered', generation: data.generation, widgets };
  }
  return undefined;
}

/** The message for the page, or undefined when `data` is not one of this protocol. */
export function parseExtensionToBoard(data: unknown): ExtensionToBoard | undefined {
  if (!isRecord(data) || data.v !== BOARD_PROTOCOL_VERSION || typeof data.generation !== 'number')
    return undefined;
  if (data.type === 'board' && Array.isArray(data.widgets) && typeof data.name === 'string')
    return data as unknown as BoardMessage;
  if (data.type === 'query' && typeof data.widget === 'number' && typeof data.query === 'number')
    return data as unknown as QueryMessage;
  return undefined;
}
