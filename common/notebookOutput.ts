/**
 * The outputs of MXQL notebook cells and the messages of their renderer
 * (`client/webview/notebook`). An output item of {@link NOTEBOOK_RESULT_MIME} holds one
 * {@link CellOutput} as JSON; the same object is what the `.mxqlnb` file stores, so a saved notebook
 * shows its outputs again without a run. Never contains a token.
 */
import { parseChartMarks, type ChartMarks } from './chartMarks';
import type { Cell } from './resultsMessages';
import type { RunRecord } from './runRecord';
import { fillTemplate } from './l10n';

/** The output item the notebook renderer draws (extension → renderer). */
export const NOTEBOOK_RESULT_MIME = 'application/vnd.mxql.result+json';

/** The renderer id in package.json `contributes.notebookRenderer`. */
export const NOTEBOOK_RENDERER_ID = 'mxql.notebookRenderer';

/**
 * The renderer's own texts (English templates by key); the results grid's come from
 * `resultsTexts.ts`. The renderer translates both with the table of the output's `lang`.
 */
export const NOTEBOOK_TEXTS = {
  openInPanel: 'Open in Results Panel',
  openInPanelTitle: 'Show these rows in the full results panel',
  cancelled: 'The run was cancelled; nothing was received.',
  cannotShow: 'This MXQL output cannot be shown: {0}',
} as const;

/**
 * The display language of VS Code (`vscode.env.language`, e.g. `ko`) that the extension adds to each
 * output item it hands the renderer, under this key. It is never saved: the file keeps the output
 * alone, and a notebook opened later gets the language of that moment.
 */
export const OUTPUT_LANGUAGE_KEY = 'lang';

/** The display language an output item was given, or undefined. */
export function outputLanguage(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const lang = (item as Record<string, unknown>)[OUTPUT_LANGUAGE_KEY];
  return typeof lang === 'string' ? lang : undefined;
}

/** What a run of a cell was, for the cell's status bar and the saved output. */
export interface OutputRun
  extends
    Pick<RunRecord, 'title'>,
    Partial<Pick<RunRecord, 'pcode' | 'stime' | 'etime' | 'endpoint' | 'ms' | 'rows'>> {
  readonly profile?: string;
  /** The project's name, when known. */
  readonly project?: string;
  /** The range as the notebook says it (`1h`, or its two ends). */
  readonly range?: string;
  /** Epoch ms when the run started (the record's `startedAt`, under the name the file format keeps). */
  readonly ranAt?: number;
  /** What its chart draws over the lines: thresholds, spans, the fields' units (common/chartMarks.ts). */
  readonly marks?: ChartMarks;
}

/** A button under an error output: an id of `mxql.runErrorAction`. */
export interface OutputAction {
  readonly id: string;
  readonly label: string;
}

/** One output of an MXQL cell. */
export type CellOutput =
  | {
      readonly type: 'result';
      readonly run: OutputRun;
      readonly columns: readonly string[];
      readonly rows: readonly (readonly Cell[])[];
    }
  | {
      readonly type: 'error';
      readonly run: OutputRun;
      readonly message: string;
      readonly code?: string;
      readonly actions?: readonly OutputAction[];
    }
  | { readonly type: 'cancelled'; readonly run: OutputRun };

/** Messages from the renderer to the extension (renderer → extension), each about one output. */
export type RendererToExtension =
  | { readonly type: 'openInPanel'; readonly output: CellOutput }
  | { readonly type: 'export'; readonly format: 'csv' | 'json'; readonly output: CellOutput }
  | { readonly type: 'copy'; readonly text: string; readonly rows: number; readonly cells: number }
  /** A button of an error, or the grid's Run again; `run` identifies the output (its cell re-runs). */
  | { readonly type: 'action'; readonly actionId: string; readonly run: OutputRun };

/** True when `value` is a {@link RendererToExtension} in shape (the output itself is checked on use). */
export function isRendererToExtension(value: unknown): value is RendererToExtension {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  if (m.type === 'openInPanel') return typeof m.output === 'object' && m.output !== null;
  if (m.type === 'export') return (m.format === 'csv' || m.format === 'json') && typeof m.output === 'object';
  if (m.type === 'copy') return typeof m.text === 'string' && typeof m.rows === 'number';
  if (m.type === 'action')
    return typeof m.actionId === 'string' && typeof m.run === 'object' && m.run !== null;
  return false;
}

/**
 * A file that could not be read as a notebook: why, in a sentence that says where. `template` is the
 * English sentence with `{0}`, `{1}` … (the extension's translation key) and `args` its values.
 */
export class NotebookFormatError extends Error {
  override readonly name = 'NotebookFormatError';
  readonly args: readonly string[];

  constructor(
    readonly template: string,
    ...args: string[]
  ) {
    super(fillTemplate(template, ...args));
    this.args = args;
  }
}

// Reading: every shape is checked, and a problem names the place (`cells[3].outputs[0].rows`).

/** A decoded JSON object. */
export type Obj = Readonly<Record<string, unknown>>;

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Throws a {@link NotebookFormatError}: `template` names the place as `{0}`, which is `where`. */
export function fail(template: string, where: string, ...more: string[]): never {
  throw new NotebookFormatError(template, where, ...more);
}

/** `value` as an object, else a format error. */
export function obj(value: unknown, where: string): Obj {
  if (!isObj(value)) fail('{0} must be an object.', where);
  return value;
}

/** An optional string field. */
export function optString(o: Obj, key: string, where: string): string | undefined {
  const value = o[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') fail('{0} must be a string.', `${where}.${key}`);
  return value;
}

/** An optional finite number field. */
export function optNumber(o: Obj, key: string, where: string): number | undefined {
  const value = o[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) fail('{0} must be a number.', `${where}.${key}`);
  return value;
}

/** Only defined fields, so optional properties stay absent (exactOptionalPropertyTypes). */
export function defined<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T;
}

/** The run part of an output (also kept in a cell output's metadata). Throws {@link NotebookFormatError}. */
export function parseRun(value: unknown, where: string): OutputRun {
  const o = obj(value, where);
  const title = optString(o, 'title', where) ?? '';
  return defined({
    title,
    profile: optString(o, 'profile', where),
    pcode: optNumber(o, 'pcode', where),
    project: optString(o, 'project', where),
    range: optString(o, 'range', where),
    stime: optNumber(o, 'stime', where),
    etime: optNumber(o, 'etime', where),
    endpoint: optString(o, 'endpoint', where),
    ms: optNumber(o, 'ms', where),
    rows: optNumber(o, 'rows', where),
    ranAt: optNumber(o, 'ranAt', where),
    marks: parseChartMarks(o.marks),
  });
}

function isCell(value: unknown): value is Cell {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function parseRows(value: unknown, where: string): Cell[][] {
  if (!Array.isArray(value)) fail('{0} must be an array of rows.', where);
  return value.map((row: unknown, i) => {
    if (!Array.isArray(row) || !row.every(isCell))
      fail('{0} must be an array of plain values.', `${where}[${i}]`);
    return row;
  });
}

function parseActions(value: unknown, where: string): OutputAction[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) fail('{0} must be an array.', where);
  return value.map((a: unknown, i) => {
    const o = obj(a, `${where}[${i}]`);
    return {
      id: optString(o, 'id', `${where}[${i}]`) ?? '',
      label: optString(o, 'label', `${where}[${i}]`) ?? '',
    };
  });
}

/** One output as stored (also what the renderer receives). Throws {@link NotebookFormatError}. */
export function parseOutput(value: unknown, where = 'output'): CellOutput {
  const o = obj(value, where);
  const run = parseRun(o.run ?? {}, `${where}.run`);
  if (o.type === 'result') {
    const columns = o.columns;
    if (!Array.isArray(columns) || !columns.every((c) => typeof c === 'string'))
      fail('{0} must be an array of column names.', `${where}.columns`);
    return { type: 'result', run, columns: columns, rows: parseRows(o.rows, `${where}.rows`) };
  }
  if (o.type === 'error') {
    return defined({
      type: 'error' as const,
      run,
      message: optString(o, 'message', where) ?? 'The run failed.',
      code: optString(o, 'code', where),
      actions: parseActions(o.actions, `${where}.actions`),
    });
  }
  if (o.type === 'cancelled') return { type: 'cancelled', run };
  return fail('{0} must be "result", "error" or "cancelled".', `${where}.type`);
}
