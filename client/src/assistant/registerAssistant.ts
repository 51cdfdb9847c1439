// Wires the assistant toolset into VS Code: the Language Model Tools, the MCP server definition for VS
// Code's agent, and the `@mxql` chat participant. Each part checks that this VS Code has its API, so an
// older editor keeps every other feature.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { invokeTool, planInvestigation } from '../../../assistant/toolset';
import { englishOf } from '../../../common/templateText';
import { parsedText, queryAt } from '../../../server/core/index';
import { DEMO_PROFILE_NAME } from '../config';
import type { Ctx } from '../ctx';
import { t } from '../l10n';
import type { Runner } from '../run/runner';
import { handleChat, type ChatDeps } from './chatParticipant';
import { registerLanguageModelTools } from './languageModelTools';
import { registerMcpServerProvider } from './mcpServerProvider';
import { notebookDataOf, NOTEBOOK_TYPE } from '../notebook/notebookSerializer';
import { printNotebook } from '../notebook/notebookFile';
import { toolContext, toolLocale, toolSelection } from './toolHost';
import { CHAT_PARTICIPANT_ID } from './toolManifest';
import { WorkspaceQueries } from './workspaceQueries';

const FIX_SCHEME = 'mxql-fix';

function activeMxqlEditor(): vscode.TextEditor | undefined {
  const editor = vscode.window.activeTextEditor;
  return editor?.document.languageId === 'mxql' ? editor : undefined;
}

/**
 * Where an investigation is written: a new `investigation-<date>-<time>.mxqlnb` in the first workspace
 * folder (never over an existing file), so it can be re-run and shared; undefined without a folder (the
 * notebook then opens untitled). Only called when outputs may be saved: rows stay out of files otherwise.
 */
async function newInvestigationUri(): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return undefined;
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  for (let n = 1; n < 100; n++) {
    const uri = vscode.Uri.joinPath(folder.uri, `investigation-${stamp}${n > 1 ? `-${n}` : ''}.mxqlnb`);
    try {
      await vscode.workspace.fs.stat(uri);
    } catch {
      return uri;
    }
  }
  return undefined;
}

/** Proposed repairs, shown read-only beside the file until accepted. */
class ProposedFixes implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private sequence = 0;

  add(text: string, name: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: FIX_SCHEME, path: `/${++this.sequence}/${name}` });
    this.texts.set(uri.toString(), text);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }
}

/** The participant's view of the extension. */
export function chatDeps(
  ctx: Ctx,
  runner: Runner,
  queries: WorkspaceQueries,
  fixes: ProposedFixes,
): ChatDeps {
  return {
    language: toolLocale(),
    invoke: async (name, input, signal, onDemo) => {
      await queries.load();
      const context = await toolContext(ctx, queries);
      if (!onDemo || context.target?.isDemo) return invokeTool(name, input, context, signal);
      // A dry run reads the demo, whatever profile is active.
      const server = await ctx.demo.server();
      const demo = await ctx.profiles.target({ profile: DEMO_PROFILE_NAME });
      const target = {
        client: demo.client,
        pcode: server.projects[0]?.pcode,
        label: DEMO_PROFILE_NAME,
        isDemo: true,
      };
      return invokeTool(name, input, { ...context, target }, signal);
    },
    activeQuery: () => {
      const editor = activeMxqlEditor();
      if (!editor) return undefined;
      const offset = editor.document.offsetAt(editor.selection.active);
      return queryAt(parsedText(editor.document.getText()), offset)?.text;
    },
    activeDocument: () => activeMxqlEditor()?.document,
    openAndRun: async (mql) => {
      const document = await vscode.workspace.openTextDocument({ language: 'mxql', content: `${mql}\n` });
      await vscode.window.showTextDocument(document, { preview: false });
      return runner.run({
        title: t('Query from chat'),
        fileText: document.getText(),
        queryText: document.getText(),
        uri: document.uri.toString(),
      });
    },
    investigation: {
      plan: (symptom) => planInvestigation(symptom, ctx.catalogs.categories, englishOf),
      start: async () => {
        await queries.load();
        const context = await toolContext(ctx, queries);
        const { profile } = await toolSelection(ctx);
        const pcode = context.target?.pcode;
        const project = pcode !== undefined ? ctx.projectName(profile, pcode) : undefined;
        return {
          context,
          target: {
            profile,
            ...(pcode !== undefined ? { pcode } : {}),
            ...(project ? { project } : {}),
            label: context.target?.label ?? profile,
          },
        };
      },
      openNotebook: async (file) => {
        const uri = ctx.config.notebookSaveOutputs ? await newInvestigationUri() : undefined;
        // Through the file format, so the notebook opens exactly as its saved file would.
        const text = printNotebook(file, true);
        let notebook: vscode.NotebookDocument;
        if (uri) {
          await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
          notebook = await vscode.workspace.openNotebookDocument(uri);
        } else notebook = await vscode.workspace.openNotebookDocument(NOTEBOOK_TYPE, notebookDataOf(text));
        await vscode.window.showNotebookDocument(notebook, { preview: false });
      },
    },
    proposeFix: async (document, fixed) => {
      const proposed = fixes.add(fixed, path.basename(document.uri.path));
      await vscode.commands.executeCommand(
        'vscode.diff',
        document.uri,
        proposed,
        t('{0} ↔ repaired by @mxql', path.basename(document.uri.path)),
      );
      return {
        title: t('Accept the repair'),
        command: 'mxql.applyChatFix',
        arguments: [document.uri.toString(), document.version, fixed],
      };
    },
  };
}

/** mxql.applyChatFix: writes a proposed repair into the file, unless the file changed since. */
export async function applyChatFix(uri: unknown, version: unknown, fixed: unknown): Promise<boolean> {
  if (typeof uri !== 'string' || typeof fixed !== 'string') return false;
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
  if (typeof version === 'number' && document.version !== version) {
    void vscode.window.showWarningMessage(
      t('MXQL: the file changed since the repair was proposed; ask @mxql /fix again.'),
    );
    return false;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(
    document.uri,
    new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)),
    fixed,
  );
  return vscode.workspace.applyEdit(edit);
}

/** Registers the tools, the MCP server definition and the participant; returns the participant's deps for tests. */
export function registerAssistant(ctx: Ctx, runner: Runner): ChatDeps {
  const queries = ctx.push(new WorkspaceQueries());
  const fixes = new ProposedFixes();
  ctx.push(vscode.workspace.registerTextDocumentContentProvider(FIX_SCHEME, fixes));
  registerLanguageModelTools(ctx, queries);
  registerMcpServerProvider(ctx);
  const deps = chatDeps(ctx, runner, queries, fixes);
  if (typeof vscode.chat?.createChatParticipant === 'function') {
    const participant = vscode.chat.createChatParticipant(
      CHAT_PARTICIPANT_ID,
      (request, _context, stream, token) => handleChat(deps, request, stream, token),
    );
    participant.iconPath = new vscode.ThemeIcon('database');
    ctx.push(participant);
  } else ctx.log.info('This VS Code has no chat participant API; @mxql is not registered');
  return deps;
}
