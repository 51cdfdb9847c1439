// Handlers of the notebook commands: the ways into a notebook (new, open a file as a notebook, add a
// history entry or an agent's query), the header editor and the per-notebook outputs toggle.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { translateText, t } from '../l10n';
import type { Ctx } from '../ctx';
import type { ExplorerNode } from '../explorer/explorerNodes';
import { newQueryText } from '../explorer/queryTemplates';
import { pickProfile, pickProject } from '../profiles/profileCommands';
import type { PickItem } from '../views/ui';
import { headerRange, parseParamList } from './cellRun';
import { historyCellText, notebookOfQueries } from './notebookCells';
import type { NotebookFile, NotebookHeader } from './notebookFile';
import { headerOf, NOTEBOOK_TYPE, notebookDataOf, withHeader } from './notebookSerializer';
import { printNotebook } from './notebookFile';

const STARTER: NotebookFile = {
  header: {},
  cells: [
    {
      kind: 'markdown',
      source:
        '# Investigation\n\nWrite what you are looking for here. The notebook header (**MXQL: Edit Notebook Header**) sets the profile, project, time range and shared `$params` of every cell.',
    },
    {
      kind: 'mxql',
      source: '-- @name Throughput per agent\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, oname, tps]',
    },
  ],
};

/** Opens `file` as a new untitled notebook and shows it. */
async function openUntitled(file: NotebookFile): Promise<vscode.NotebookEditor> {
  const data = notebookDataOf(printNotebook(file, true));
  const notebook = await vscode.workspace.openNotebookDocument(NOTEBOOK_TYPE, data);
  return vscode.window.showNotebookDocument(notebook);
}

/** mxql.notebook.new: an untitled notebook with a note and a starter query. */
export function newNotebook(): Promise<vscode.NotebookEditor> {
  return openUntitled(STARTER);
}

/** mxql.notebook.openAsNotebook: the .mxql file (argument or active editor), one cell per query. */
export async function openAsNotebook(ctx: Ctx, arg: unknown): Promise<vscode.NotebookEditor | undefined> {
  const uri = arg instanceof vscode.Uri ? arg : typeof arg === 'string' ? vscode.Uri.parse(arg) : undefined;
  const editor = vscode.window.activeTextEditor;
  const document = uri
    ? await vscode.workspace.openTextDocument(uri)
    : editor?.document.languageId === 'mxql'
      ? editor.document
      : undefined;
  if (!document) {
    void ctx.ui.message('info', t('MXQL: open an .mxql file first, then run "Open as Notebook".'));
    return undefined;
  }
  return openUntitled(notebookOfQueries(document.getText()));
}

/** The MXQL notebook to add cells to: the active one, else a visible one, else a new one. */
async function targetNotebook(): Promise<vscode.NotebookEditor> {
  const isOurs = (e: vscode.NotebookEditor | undefined): e is vscode.NotebookEditor =>
    e?.notebook.notebookType === NOTEBOOK_TYPE;
  const active = vscode.window.activeNotebookEditor;
  if (isOurs(active)) return active;
  const visible = vscode.window.visibleNotebookEditors.find(isOurs);
  if (visible) return vscode.window.showNotebookDocument(visible.notebook);
  return openUntitled({ header: {}, cells: [] });
}

/** Appends an MXQL cell to the target notebook and reveals it. */
export async function appendCell(source: string): Promise<vscode.NotebookCell> {
  const editor = await targetNotebook();
  const notebook = editor.notebook;
  const index = notebook.cellCount;
  const edit = new vscode.WorkspaceEdit();
  const cell = new vscode.NotebookCellData(vscode.NotebookCellKind.Code, source, 'mxql');
  edit.set(notebook.uri, [vscode.NotebookEdit.insertCells(index, [cell])]);
  if (!(await vscode.workspace.applyEdit(edit)))
    throw new Error(t('The cell could not be added to the notebook.'));
  const range = new vscode.NotebookRange(index, index + 1);
  editor.selection = range;
  editor.revealRange(range);
  return notebook.cellAt(index);
}

/** mxql.notebook.addFromHistory: a history entry (argument: the entry or its id) as a cell. */
export async function addFromHistory(ctx: Ctx, arg: unknown): Promise<vscode.NotebookCell | undefined> {
  const id = typeof arg === 'string' ? arg : (arg as { id?: unknown } | undefined)?.id;
  const entry = typeof id === 'string' ? ctx.history.find(id) : undefined;
  if (!entry) {
    void ctx.ui.message('info', t('MXQL: pick a run in the History view to add it to a notebook.'));
    return undefined;
  }
  return appendCell(historyCellText(entry));
}

/** mxql.notebook.addFromExplorer: an agent's (or a project's) query, scoped with OID and @pcode. */
export async function addFromExplorer(ctx: Ctx, arg: unknown): Promise<vscode.NotebookCell | undefined> {
  const node = arg as ExplorerNode | undefined;
  if (node?.kind !== 'agent' && node?.kind !== 'project') {
    void ctx.ui.message(
      'info',
      t('MXQL: use "Add to Notebook" on an agent or a project in the MXQL explorer.'),
    );
    return undefined;
  }
  const agent = node.kind === 'agent' && !Number.isNaN(node.agent.oid) ? node.agent : undefined;
  return appendCell(newQueryText(node.project, agent).trimEnd());
}

/** The MXQL notebook of the argument (a notebook URI or editor) or the active notebook editor. */
function notebookOf(arg: unknown): vscode.NotebookDocument | undefined {
  const uri =
    arg instanceof vscode.Uri
      ? arg.toString()
      : (
          arg as { notebookEditor?: { notebookUri?: vscode.Uri } } | undefined
        )?.notebookEditor?.notebookUri?.toString();
  const found = uri ? vscode.workspace.notebookDocuments.find((n) => n.uri.toString() === uri) : undefined;
  const notebook = found ?? vscode.window.activeNotebookEditor?.notebook;
  return notebook?.notebookType === NOTEBOOK_TYPE ? notebook : undefined;
}

async function setHeader(notebook: vscode.NotebookDocument, header: NotebookHeader): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.set(notebook.uri, [vscode.NotebookEdit.updateNotebookMetadata(withHeader(notebook.metadata, header))]);
  if (!(await vscode.workspace.applyEdit(edit)))
    throw new Error(t('The notebook header could not be changed.'));
}

function without<K extends keyof NotebookHeader>(header: NotebookHeader, key: K): NotebookHeader {
  const copy: Record<string, unknown> = { ...header };
  delete copy[key];
  return copy;
}

type HeaderField = 'target' | 'range' | 'params' | 'saveOutputs' | 'clear';

function describeHeader(header: NotebookHeader): PickItem<HeaderField>[] {
  const params = Object.entries(header.params ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return [
    {
      label: t('Profile and project'),
      description: header.profile
        ? `${header.profile}${header.pcode !== undefined ? ` · pcode ${header.pcode}` : ''}`
        : t('the status bar’s'),
      value: 'target',
    },
    { label: t('Time range'), description: header.range ?? t('the status bar’s'), value: 'range' },
    { label: t('Shared $params'), description: params || t('none'), value: 'params' },
    {
      label: t('Save outputs in the file'),
      description:
        header.saveOutputs === undefined ? t('as the setting says') : header.saveOutputs ? t('yes') : t('no'),
      value: 'saveOutputs',
    },
    {
      label: t('Clear the header'),
      description: t('every cell follows the status bar again'),
      value: 'clear',
    },
  ];
}

async function editField(
  ctx: Ctx,
  header: NotebookHeader,
  field: HeaderField,
): Promise<NotebookHeader | undefined> {
  if (field === 'clear') return {};
  if (field === 'saveOutputs')
    return { ...header, saveOutputs: !(header.saveOutputs ?? ctx.config.notebookSaveOutputs) };
  if (field === 'target') {
    const profile = await pickProfile(ctx, t('Profile for every cell of this notebook'), true);
    if (!profile) return undefined;
    const pcode = await pickProject(ctx, profile);
    if (pcode === null) return undefined;
    return { ...without(header, 'pcode'), profile, ...(pcode !== undefined ? { pcode } : {}) };
  }
  if (field === 'range') {
    const value = await ctx.ui.inputBox({
      prompt: t('Time range of every cell (as @range takes it: 15m, 1h, 2d); empty follows the status bar'),
      value: header.range ?? '',
      validateInput: (text) => {
        const { problem } = headerRange(text);
        return problem && translateText(problem);
      },
    });
    if (value === undefined) return undefined;
    return value.trim() === '' ? without(header, 'range') : { ...header, range: value.trim() };
  }
  const value = await ctx.ui.inputBox({
    prompt: t('Shared $params as name=value, separated by commas (for example $oid=1600292156, $limit=10)'),
    value: Object.entries(header.params ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join(', '),
    validateInput: (text) => {
      const { problem } = parseParamList(text);
      return problem && translateText(problem);
    },
  });
  if (value === undefined) return undefined;
  const params = parseParamList(value).params ?? {};
  return Object.keys(params).length === 0 ? without(header, 'params') : { ...header, params };
}

/**
 * mxql.notebook.editHeader: a header object as argument replaces the header (tests, scripts);
 * otherwise a pick of the field to change, then its prompt.
 */
export async function editHeader(
  ctx: Ctx,
  arg: unknown,
  second?: unknown,
): Promise<NotebookHeader | undefined> {
  const notebook = notebookOf(arg) ?? notebookOf(undefined);
  if (!notebook) {
    void ctx.ui.message('info', t('MXQL: open an MXQL notebook (.mxqlnb) first.'));
    return undefined;
  }
  const given = arg instanceof vscode.Uri ? second : arg;
  if (
    typeof given === 'object' &&
    given !== null &&
    !(given instanceof vscode.Uri) &&
    !('notebookEditor' in given)
  ) {
    const header = given as NotebookHeader;
    await setHeader(notebook, header);
    return header;
  }
  const current = headerOf(notebook);
  const picked = await ctx.ui.quickPick(describeHeader(current), {
    title: t('Notebook header of {0}', path.basename(notebook.uri.path)),
  });
  if (!picked) return undefined;
  const next = await editField(ctx, current, picked.value);
  if (!next) return undefined;
  await setHeader(notebook, next);
  return next;
}

/** mxql.notebook.toggleSaveOutputs: flips whether this notebook's file keeps its outputs. */
export async function toggleSaveOutputs(ctx: Ctx, arg: unknown): Promise<boolean | undefined> {
  const notebook = notebookOf(arg);
  if (!notebook) {
    void ctx.ui.message('info', t('MXQL: open an MXQL notebook (.mxqlnb) first.'));
    return undefined;
  }
  const header = headerOf(notebook);
  const saveOutputs = !(header.saveOutputs ?? ctx.config.notebookSaveOutputs);
  await setHeader(notebook, { ...header, saveOutputs });
  void ctx.ui.message(
    'info',
    saveOutputs
      ? t('MXQL: this notebook saves its outputs in the file.')
      : t('MXQL: this notebook leaves its outputs out of the file when it is saved.'),
  );
  return saveOutputs;
}
