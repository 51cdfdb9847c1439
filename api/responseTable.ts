// Turns any Open API answer into rows, by the shape the specification gives it; the one reading that the
// results grid, `mxql api` and the assistant's open-api tool share. Record lists become rows, per-agent
// series become one row per point (time, oid, oname, value) so a grid can chart them, bare values become
// one cell, and nested server snapshots are flattened to dotted columns. Pure, so every shape is tested
// without VS Code.

/** One row of the grid: column name to a scalar. */
export type TableRow = Record<string, string | number | boolean | null>;

/** How the answer was read; `series` tells the caller that a chart makes sense. */
export type TableShape = 'records' | 'series' | 'value' | 'object' | 'servers' | 'map' | 'empty';

export interface ResponseTable {
  readonly shape: TableShape;
  readonly rows: TableRow[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPoint = (v: unknown): v is [unknown, unknown] => Array.isArray(v) && v.length === 2;

function scalar(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/**
 * Nested objects as one level of dotted keys (`snapshot.cpu.usr`); arrays stay as JSON text.
 * Keys that would clash with an inherited property are fine: the result is built with own keys.
 */
export function flattenObject(value: unknown, prefix = '', out: TableRow = {}): TableRow {
  if (!isObject(value)) {
    out[prefix || 'value'] = scalar(value);
    return out;
  }
  for (const [key, inner] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isObject(inner)) flattenObject(inner, name, out);
    else out[name] = scalar(inner);
  }
  return out;
}

/** Points as rows; a plain loop with literal rows, since per-agent series run to tens of thousands. */
function seriesRows(series: unknown, oid?: TableRow[string], oname?: TableRow[string]): TableRow[] {
  if (!Array.isArray(series)) return [];
  const rows: TableRow[] = [];
  const perAgent = oid !== undefined || oname !== undefined;
  for (const point of series) {
    if (!isPoint(point)) continue;
    const time = scalar(point[0]);
    const value = scalar(point[1]);
    rows.push(perAgent ? { time, oid: oid ?? null, oname: oname ?? null, value } : { time, value });
  }
  return rows;
}

/** Per-agent (`objects`) or averaged (`series`) metric series as rows of points. */
function metricRows(body: Json): TableRow[] | undefined {
  if (Array.isArray(body['objects'])) {
    return body['objects']
      .filter(isObject)
      .flatMap((o) => seriesRows(o['series'], scalar(o['oid']), scalar(o['oname'])));
  }
  if (Array.isArray(body['series'])) return seriesRows(body['series']);
  return undefined;
}

/** `data` of visitor series (points), the monthly list, or any record list under `data`. */
function dataRows(data: unknown[]): ResponseTable {
  if (data.length > 0 && data.every(isPoint)) return { shape: 'series', rows: seriesRows(data) };
  return { shape: 'records', rows: data.map((d) => flattenObject(d)) };
}

/** Server statistics: one row per server and time point. */
function timeDataRows(servers: unknown[]): TableRow[] {
  return servers.filter(isObject).flatMap((s) => {
    const points = Array.isArray(s['timeData']) ? s['timeData'].filter(isObject) : [];
    return points.map((p) => ({ oid: scalar(s['oid']), ...flattenObject(p) }));
  });
}

/** The `values` of the second host's spot answers: a count, a list, a per-server map or `sm`. */
function spotValueTable(values: unknown): ResponseTable {
  if (Array.isArray(values)) return { shape: 'records', rows: values.map((v) => flattenObject(v)) };
  if (!isObject(values)) return { shape: 'value', rows: [{ value: scalar(values) }] };
  if (Array.isArray(values['servers'])) {
    return { shape: 'servers', rows: values['servers'].map((s) => flattenObject(s)) };
  }
  const rows = Object.entries(values).flatMap(([server, v]): TableRow[] => {
    if (Array.isArray(v)) return v.map((item) => ({ server, ...flattenObject(item) }));
    return [isObject(v) ? { server, ...flattenObject(v) } : { server, value: scalar(v) }];
  });
  return { shape: 'map', rows };
}

/** Database parameter comparison: one row per differing key, then every key of both days. */
function paramComparisonRows(body: Json): TableRow[] {
  const unmatched = Array.isArray(body['unmatchedKeys']) ? body['unmatchedKeys'].filter(isObject) : [];
  return unmatched.map((u) => ({ key: scalar(u['key']), ...flattenObject(u['value']) }));
}

function objectTable(body: Json): ResponseTable {
  if (Array.isArray(body['records'])) {
    return { shape: 'records', rows: body['records'].map((r) => flattenObject(r)) };
  }
  const metric = metricRows(body);
  if (metric) return { shape: 'series', rows: metric };
  if (Array.isArray(body['data'])) return dataRows(body['data']);
  if (Array.isArray(body['servers'])) return { shape: 'series', rows: timeDataRows(body['servers']) };
  if (Array.isArray(body['dbc_total'])) {
    return { shape: 'records', rows: body['dbc_total'].map((r) => flattenObject(r)) };
  }
  if (Array.isArray(body['unmatchedKeys'])) return { shape: 'records', rows: paramComparisonRows(body) };
  if ('values' in body) return spotValueTable(body['values']);
  return { shape: 'object', rows: [flattenObject(body)] };
}

/** The rows of an Open API answer for the results grid. Never throws. */
export function responseTable(body: unknown): ResponseTable {
  if (Array.isArray(body)) {
    return { shape: body.length === 0 ? 'empty' : 'records', rows: body.map((r) => flattenObject(r)) };
  }
  if (isObject(body)) return objectTable(body);
  return { shape: 'value', rows: [{ value: scalar(body) }] };
}
