// The `.mxqlnb` file format as plain data: parse and print, no vscode. The printed form is readable
// JSON with a fixed key order (unknown keys sorted), one source line per array element and one
// result row per line, so a changed query or a re-run shows as a small diff. Printing what was parsed
// gives the same bytes back for every file this module wrote.
import {
  defined,
  fail,
  NotebookFormatError,
  obj,
  optNumber,
  optString,
  parseOutput,
  type CellOutput,
  type Obj,
  type OutputRun,
} from '../../../common/notebookOutput';

export { NotebookFormatError, type CellOutput, type OutputRun } from '../../../common/notebookOutput';

/** The format marker and version written at the top of every file. */
export const NOTEBOOK_FORMAT = 'mxqlnb';
export const NOTEBOOK_VERSION = 1;

/** The notebook header: what every MXQL cell inherits unless its own directives say otherwise. */
export interface NotebookHeader {
  /** Profile name (the Demo profile or one of `mxql.profiles`). */
  readonly profile?: string;
  /** Project code. */
  readonly pcode?: number;
  /** A range as `@range` takes it (`1h`, `30m`, `2d`). */
  readonly range?: string;
  /** Shared `$params` (keys keep their `$`). */
  readonly params?: Readonly<Record<string, string>>;
  /** False keeps outputs out of the file; absent follows `mxql.notebook.saveOutputs`. */
  readonly saveOutputs?: boolean;
}

/** One cell: prose, an MXQL query, or raw text kept as is (how an unreadable file is opened). */
export interface FileCell {
  readonly kind: 'markdown' | 'mxql' | 'raw';
  readonly source: string;
  readonly outputs?: readonly CellOutput[];
}

/** A whole notebook. */
export interface NotebookFile {
  readonly header: NotebookHeader;
  readonly cells: readonly FileCell[];
}

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

// ---------------------------------------------------------------------------------------------
// Printing

const INDENT = '  ';

function isPrimitive(value: Json): boolean {
  return value === null || typeof value !== 'object';
}

/** Prints `value`; arrays of primitives stay on one line unless `key` is `source`. */
function printValue(value: Json, depth: number, key: string | undefined): string {
  if (isPrimitive(value)) return JSON.stringify(value);
  const pad = INDENT.repeat(depth + 1);
  const close = INDENT.repeat(depth);
  if (Array.isArray(value)) {
    const items = value as readonly Json[];
    if (items.length === 0) return '[]';
    if (key !== 'source' && items.every(isPrimitive))
      return `[${items.map((v) => JSON.stringify(v)).join(', ')}]`;
    return `[\n${items.map((v) => pad + printValue(v, depth + 1, undefined)).join(',\n')}\n${close}]`;
  }
  const entries = Object.entries(value as { readonly [key: string]: Json });
  if (entries.length === 0) return '{}';
  const lines = entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${printValue(v, depth + 1, k)}`);
  return `{\n${lines.join(',\n')}\n${close}}`;
}

/** Drops undefined fields, keeping the order in which they were listed. */
function compact(fields: Record<string, Json | undefined>): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out;
}

function sortedRecord(record: Readonly<Record<string, string>> | undefined): Json | undefined {
  if (!record) return undefined;
  const keys = Object.keys(record).sort();
  return Object.fromEntries(keys.map((k) => [k, record[k] ?? '']));
}

function headerJson(header: NotebookHeader): Json {
  return compact({
    profile: header.profile,
    pcode: header.pcode,
    range: header.range,
    params: sortedRecord(header.params),
    saveOutputs: header.saveOutputs,
  });
}

function runJson(run: OutputRun): Json {
  return compact({
    title: run.title,
    profile: run.profile,
    pcode: run.pcode,
    project: run.project,
    range: run.range,
    stime: run.stime,
    etime: run.etime,
    endpoint: run.endpoint,
    ms: run.ms,
    rows: run.rows,
    ranAt: run.ranAt,
    marks: run.marks as Json | undefined,
  });
}

/** One output as JSON in the file's key order (also the bytes of the renderer's output item). */
export function outputJson(output: CellOutput): Json {
  if (output.type === 'result') {
    return { type: 'result', run: runJson(output.run), columns: output.columns, rows: output.rows };
  }
  if (output.type === 'error') {
    return compact({
      type: 'error',
      run: runJson(output.run),
      message: output.message,
      code: output.code,
      actions: output.actions?.map((a) => ({ id: a.id, label: a.label })),
    });
  }
  return { type: 'cancelled', run: runJson(output.run) };
}

/** Splits text into lines that join back with `\n` to the same text. */
export function sourceLines(text: string): string[] {
  return text.split('\n');
}

function cellJson(cell: FileCell, withOutputs: boolean): Json {
  const outputs = withOutputs && cell.kind === 'mxql' ? cell.outputs?.map(outputJson) : undefined;
  return compact({
    kind: cell.kind,
    source: sourceLines(cell.source),
    outputs: outputs && outputs.length > 0 ? outputs : undefined,
  });
}

/** The file's text. `withOutputs` false leaves every output out (the header or the setting said so). */
export function printNotebook(notebook: NotebookFile, withOutputs: boolean): string {
  const json = {
    format: NOTEBOOK_FORMAT,
    version: NOTEBOOK_VERSION,
    header: headerJson(notebook.header),
    cells: notebook.cells.map((cell) => cellJson(cell, withOutputs)),
  };
  return `${printValue(json, 0, undefined)}\n`;
}

// ---------------------------------------------------------------------------------------------
// Parsing: every shape is checked, and a problem names the place (`cells[3].source`).

function stringRecord(value: unknown, where: string): Record<string, string> {
  const o = obj(value, where);
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(o)) {
    if (typeof v !== 'string') fail('{0} must be a string.', `${where}.${key}`);
    out[key] = v;
  }
  return out;
}

function parseHeader(value: unknown): NotebookHeader {
  if (value === undefined) return {};
  const o = obj(value, 'header');
  const saveOutputs = o.saveOutputs;
  if (saveOutputs !== undefined && typeof saveOutputs !== 'boolean')
    fail('{0} must be true or false.', 'header.saveOutputs');
  return defined({
    profile: optString(o, 'profile', 'header'),
    pcode: optNumber(o, 'pcode', 'header'),
    range: optString(o, 'range', 'header'),
    params: o.params === undefined ? undefined : stringRecord(o.params, 'header.params'),
    saveOutputs,
  });
}

function parseSource(value: unknown, where: string): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value) || !value.every((line) => typeof line === 'string'))
    fail('{0} must be an array of lines (strings).', where);
  return value.join('\n');
}

function parseCell(value: unknown, index: number): FileCell {
  const where = `cells[${index}]`;
  const o = obj(value, where);
  const kind = o.kind;
  if (kind !== 'markdown' && kind !== 'mxql' && kind !== 'raw')
    fail('{0} must be "markdown", "mxql" or "raw".', `${where}.kind`);
  const source = parseSource(o.source ?? [], `${where}.source`);
  if (o.outputs === undefined) return { kind, source };
  if (!Array.isArray(o.outputs)) fail('{0} must be an array.', `${where}.outputs`);
  const outputs = o.outputs.map((out: unknown, i) => parseOutput(out, `${where}.outputs[${i}]`));
  return { kind, source, outputs };
}

/** Reads a notebook file. An empty file is an empty notebook. Throws {@link NotebookFormatError}. */
export function parseNotebook(text: string): NotebookFile {
  if (text.trim() === '') return { header: {}, cells: [] };
  if (text.startsWith('\uFEFF'))
    throw new NotebookFormatError('The file starts with a byte order mark; save it as UTF-8 without one.');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new NotebookFormatError('The file is not valid JSON ({0}).', detail);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new NotebookFormatError('The file must be a JSON object.');
  const root = json as Obj;
  if (root.format !== NOTEBOOK_FORMAT)
    throw new NotebookFormatError('The file has no "format": "{0}" marker.', NOTEBOOK_FORMAT);
  if (typeof root.version !== 'number' || root.version > NOTEBOOK_VERSION)
    throw new NotebookFormatError(
      'The file has version {0}; this extension reads version {1}.',
      String(root.version),
      String(NOTEBOOK_VERSION),
    );
  if (!Array.isArray(root.cells)) fail('{0} must be an array.', 'cells');
  return { header: parseHeader(root.header), cells: root.cells.map(parseCell) };
}
