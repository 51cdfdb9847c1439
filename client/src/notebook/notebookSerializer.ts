// Converts between `.mxqlnb` bytes and VS Code's NotebookData. The file format itself lives in
// notebookFile.ts; here are only the mapping onto cells, output items and notebook metadata, and the
// rule for a file that is not a notebook: it opens as one raw cell holding the exact text (under a
// note saying what is wrong), and saving writes that cell's text back unchanged, so nothing is lost
// and the user can repair the file in place.
import * as vscode from 'vscode';
import { t } from '../l10n';
import {
  NOTEBOOK_RESULT_MIME,
  OUTPUT_LANGUAGE_KEY,
  parseOutput,
  parseRun,
  type CellOutput,
  type OutputRun,
} from '../../../common/notebookOutput';
import { toObjects } from '../../../common/tabular';
import {
  NotebookFormatError,
  outputJson,
  parseNotebook,
  printNotebook,
  type FileCell,
  type NotebookFile,
  type NotebookHeader,
} from './notebookFile';

/** The notebook type in package.json `contributes.notebooks`. */
export const NOTEBOOK_TYPE = 'mxql-notebook';

/** Notebook metadata key of the header. */
const HEADER_KEY = 'mxql';
/** Cell metadata of the raw cell that holds an unreadable file: why, and the exact text read. */
const RAW_FILE_KEY = 'mxqlRawFile';

/** A notebook or its data: both carry metadata (optional on NotebookData). */
type HasMetadata = { readonly metadata?: { readonly [key: string]: unknown } | undefined };

const encoder = new TextEncoder();
// `fatal`: bytes that are not UTF-8 refuse to open instead of being replaced and later lost on save.
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const decoder = new TextDecoder();

/** The header stored in a notebook's metadata (empty when none). */
export function headerOf(notebook: HasMetadata): NotebookHeader {
  const header = notebook.metadata?.[HEADER_KEY];
  return typeof header === 'object' && header !== null ? header : {};
}

/** The metadata of a notebook with `header`, keeping everything else. */
export function withHeader(
  metadata: { readonly [key: string]: unknown },
  header: NotebookHeader,
): { [key: string]: unknown } {
  return { ...metadata, [HEADER_KEY]: header };
}

/** Why a notebook opened raw, and its file text exactly as read. */
interface Malformed {
  readonly problem: string;
  readonly text: string;
}

function malformedOf(cell: HasMetadata): Malformed | undefined {
  const value = cell.metadata?.[RAW_FILE_KEY];
  if (typeof value !== 'object' || value === null) return undefined;
  const { problem, text } = value as Record<string, unknown>;
  return typeof problem === 'string' && typeof text === 'string' ? { problem, text } : undefined;
}

const sameLines = (a: string, b: string): boolean => a.replace(/\r\n?/g, '\n') === b.replace(/\r\n?/g, '\n');

/** The output items of one stored output: the renderer's item, then JSON rows or plain text. */
export function outputItems(output: CellOutput): vscode.NotebookCellOutputItem[] {
  // The renderer has no vscode.l10n: the display language travels with the item (never to the file).
  const item = { ...(outputJson(output) as object), [OUTPUT_LANGUAGE_KEY]: vscode.env.language };
  const own = new vscode.NotebookCellOutputItem(encoder.encode(JSON.stringify(item)), NOTEBOOK_RESULT_MIME);
  if (output.type === 'result') {
    const columns = output.columns.map((name) => ({ name }));
    // Compact, unlike an exported file: VS Code carries every item of every output to the workbench
    // when a notebook opens, and the indented form was two thirds of a 50-cell notebook's output bytes.
    const rows = JSON.stringify(toObjects(columns, output.rows));
    return [own, new vscode.NotebookCellOutputItem(encoder.encode(rows), 'application/json')];
  }
  const text = output.type === 'error' ? t('MXQL: {0}', output.message) : t('MXQL: the run was cancelled.');
  return [own, vscode.NotebookCellOutputItem.text(text)];
}

/** A cell output showing `output`; its metadata carries the run for the cell's status bar. */
export function cellOutput(output: CellOutput): vscode.NotebookCellOutput {
  return new vscode.NotebookCellOutput(outputItems(output), { run: output.run });
}

/** The stored output behind a cell output, if it is one of ours and readable. */
export function storedOutput(output: vscode.NotebookCellOutput): CellOutput | undefined {
  const item = output.items.find((i) => i.mime === NOTEBOOK_RESULT_MIME);
  if (!item) return undefined;
  try {
    return parseOutput(JSON.parse(decoder.decode(item.data)));
  } catch {
    return undefined;
  }
}

/**
 * The run behind a cell output of ours, read from the output's metadata (which cellOutput writes), so
 * a cell's status bar does not decode and check every row of its output; an output without it (or
 * with a malformed one) falls back to the stored output.
 */
export function storedRun(output: vscode.NotebookCellOutput): OutputRun | undefined {
  if (!output.items.some((i) => i.mime === NOTEBOOK_RESULT_MIME)) return undefined;
  try {
    const run: unknown = output.metadata?.['run'];
    if (run !== undefined) return parseRun(run, 'run');
  } catch {
    // Read the output itself below.
  }
  return storedOutput(output)?.run;
}

function toCellData(cell: FileCell): vscode.NotebookCellData {
  if (cell.kind === 'markdown')
    return new vscode.NotebookCellData(vscode.NotebookCellKind.Markup, cell.source, 'markdown');
  const data = new vscode.NotebookCellData(
    vscode.NotebookCellKind.Code,
    cell.source,
    cell.kind === 'mxql' ? 'mxql' : 'plaintext',
  );
  if (cell.outputs) data.outputs = cell.outputs.map(cellOutput);
  return data;
}

function malformedData(text: string, problem: string): vscode.NotebookData {
  const note = new vscode.NotebookCellData(
    vscode.NotebookCellKind.Markup,
    `${t('**This file could not be read as an MXQL notebook.** {0}', problem)}\n\n${t(
      'The cell below holds the file exactly as it is on disk. Saving writes that text back unchanged: fix it there (or with *Reopen Editor With… › Text Editor*) and reopen the notebook.',
    )}`,
    'markdown',
  );
  const raw = new vscode.NotebookCellData(vscode.NotebookCellKind.Code, text, 'json');
  // The editor normalises line ends in cells, so the exact text is kept for an unchanged save.
  raw.metadata = { [RAW_FILE_KEY]: { problem, text } };
  const data = new vscode.NotebookData([note, raw]);
  return data;
}

/** NotebookData of a file's text; never throws (an unreadable file opens raw). */
export function notebookDataOf(text: string): vscode.NotebookData {
  let file: NotebookFile;
  try {
    file = parseNotebook(text);
  } catch (error) {
    const problem = error instanceof NotebookFormatError ? t(error.template, ...error.args) : String(error);
    return malformedData(text, problem);
  }
  const data = new vscode.NotebookData(file.cells.map(toCellData));
  data.metadata = withHeader({}, file.header);
  return data;
}

/** What a cell of NotebookData and of an open NotebookDocument have in common here. */
interface CellLike {
  readonly kind: vscode.NotebookCellKind;
  readonly value: string;
  readonly languageId: string;
  readonly outputs?: readonly vscode.NotebookCellOutput[] | undefined;
}

function toFileCell(cell: CellLike): FileCell {
  if (cell.kind === vscode.NotebookCellKind.Markup) return { kind: 'markdown', source: cell.value };
  if (cell.languageId !== 'mxql') return { kind: 'raw', source: cell.value };
  const outputs = (cell.outputs ?? []).map(storedOutput).filter((o): o is CellOutput => o !== undefined);
  return { kind: 'mxql', source: cell.value, outputs };
}

/** An open notebook as file data (exports read it; outputs are always included). */
export function fileOfDocument(notebook: vscode.NotebookDocument): NotebookFile {
  const cells = notebook.getCells().map((cell) =>
    toFileCell({
      kind: cell.kind,
      value: cell.document.getText(),
      languageId: cell.document.languageId,
      outputs: cell.outputs,
    }),
  );
  return { header: headerOf(notebook), cells };
}

/** The file text of `data`; `saveOutputsDefault` applies when the header does not decide. */
export function fileTextOf(data: vscode.NotebookData, saveOutputsDefault: boolean): string {
  for (const cell of data.cells) {
    const malformed = malformedOf(cell);
    if (malformed) return sameLines(cell.value, malformed.text) ? malformed.text : cell.value;
  }
  const header = headerOf(data);
  const file: NotebookFile = { header, cells: data.cells.map(toFileCell) };
  return printNotebook(file, header.saveOutputs ?? saveOutputsDefault);
}

/** The serializer VS Code calls to open and save `.mxqlnb` files. */
export class MxqlNotebookSerializer implements vscode.NotebookSerializer {
  constructor(private readonly saveOutputsDefault: () => boolean) {}

  deserializeNotebook(content: Uint8Array): vscode.NotebookData {
    let text: string;
    try {
      text = strictDecoder.decode(content);
    } catch {
      // Thrown before any cell exists, so VS Code shows the message and the file stays untouched.
      throw new Error(
        t(
          'This .mxqlnb file is not UTF-8 text, so it cannot be opened as an MXQL notebook. Reopen it with the text editor to see it.',
        ),
      );
    }
    return notebookDataOf(text);
  }

  serializeNotebook(data: vscode.NotebookData): Uint8Array {
    return encoder.encode(fileTextOf(data, this.saveOutputsDefault()));
  }
}
