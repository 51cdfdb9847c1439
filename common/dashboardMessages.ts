// Messages between the live dashboard webview and the extension, with the direction of each.
// Both sides parse what they receive: a malformed message is dropped, never trusted.

/**
 * The dashboard page's texts (English templates by key). The extension sends them translated in the
 * page's `mxql-texts` meta; the page falls back to these.
 */
export const DASHBOARD_TEXTS = {
  heading: 'Live values',
  waiting: 'Waiting for values…',
  refresh: 'Refresh',
  refreshTitle: 'Fetch the live values now',
  refreshFailed: 'Refresh failed: {0}',
  updated: 'Updated {0}',
  empty: 'The project reports no live values.',
} as const;

/** Bumped when a message changes shape. */
export const DASHBOARD_PROTOCOL_VERSION = 1;

/** One live value with the recent numbers behind its sparkline (oldest first). */
export interface DashboardField {
  readonly key: string;
  readonly label: string;
  /** The value as the service sent it (shown as text). */
  readonly value: string;
  readonly history: readonly number[];
}

/** E→W: fresh values of the project. */
export interface DashboardValuesMessage {
  readonly type: 'values';
  readonly v: number;
  readonly title: string;
  /** Epoch ms of the answer. */
  readonly updatedAt: number;
  readonly fields: readonly DashboardField[];
}

/** E→W: the last refresh failed; the previous values stay visible. */
export interface DashboardErrorMessage {
  readonly type: 'error';
  readonly v: number;
  readonly message: string;
}

export type ExtensionToDashboard = DashboardValuesMessage | DashboardErrorMessage;

/** W→E: the page is ready for values, or the user asked for a refresh now. */
export type DashboardToExtension = { readonly type: 'ready' } | { readonly type: 'refresh' };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function parseField(value: unknown): DashboardField | undefined {
  if (!isRecord(value)) return undefined;
  const { key, label, history } = value;
  if (typeof key !== 'string' || typeof label !== 'string' || typeof value.value !== 'string')
    return undefined;
  const numbers = Array.isArray(history)
    ? history.filter((n): n is number => typeof n === 'number' && Number.isFinite(n))
    : [];
  return { key, label, value: value.value, history: numbers };
}

/** The message for the webview, or undefined when `data` is not one. */
export function parseExtensionToDashboard(data: unknown): ExtensionToDashboard | undefined {
  if (!isRecord(data) || data.v !== DASHBOARD_PROTOCOL_VERSION) return undefined;
  if (data.type === 'error' && typeof data.message === 'string') {
    return { type: 'error', v: DASHBOARD_PROTOCOL_VERSION, message: data.message };
  }
  if (data.type !== 'values' || typeof data.title !== 'string' || typeof data.updatedAt !== 'number')
    return undefined;
  if (!Array.isArray(data.fields)) return undefined;
  const fields = data.fields.map(parseField).filter((f): f is DashboardField => f !== undefined);
  return {
    type: 'values',
    v: DASHBOARD_PROTOCOL_VERSION,
    title: data.title,
    updatedAt: data.updatedAt,
    fields,
  };
}

/** The message for the extension, or undefined when `data` is not one. */
export function parseDashboardToExtension(data: unknown): DashboardToExtension | undefined {
  if (!isRecord(data)) return undefined;
  return data.type === 'ready' || data.type === 'refresh' ? { type: data.type } : undefined;
}

/**
 * The SVG polyline points of a sparkline of `values` in a `width` x `height` box: oldest at the
 * left, the range scaled to the height (a flat line sits in the middle). '' for no values.
 */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const y = (v: number) => (max === min ? height / 2 : height - ((v - min) / (max - min)) * height);
  const round = (n: number) => Math.round(n * 10) / 10;
  return values.map((v, i) => `${round(i * step)},${round(y(v))}`).join(' ');
}
