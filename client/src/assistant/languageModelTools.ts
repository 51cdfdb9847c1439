// The toolset as VS Code Language Model Tools: every tool of assistant/toolset.ts registered under its
// fixed name (package.json's languageModelTools lists the same names, schemas and descriptions; a unit
// test keeps them equal). A tool that reads a real account asks first, naming the profile, project,
// range and limit of the plan it will send (./confirmation.ts); the Demo reads no account, so it asks nothing. Cancelling aborts the HTTP request.
import * as vscode from 'vscode';
import { invokeTool, toolDisplayText, TOOLS, type ToolResult } from '../../../assistant/toolset';
import { confirmationOf } from './confirmation';
import type { Ctx } from '../ctx';
import { translateText, t } from '../l10n';
import { toolContext, toolLocale } from './toolHost';
import type { WorkspaceQueries } from './workspaceQueries';

type ToolInput = Record<string, unknown>;

/** The result as the model reads it: the prose, then the same facts as one JSON text part. */
function toolResultOf(result: ToolResult): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([
    new vscode.LanguageModelTextPart(result.text),
    new vscode.LanguageModelTextPart(JSON.stringify(result.structured)),
  ]);
}

/** Registers every tool; on a VS Code without the tools API, nothing (and one log line). */
export function registerLanguageModelTools(ctx: Ctx, queries: WorkspaceQueries): void {
  if (typeof vscode.lm?.registerTool !== 'function') {
    ctx.log.info('This VS Code has no Language Model Tools API; the MXQL tools are not registered');
    return;
  }
  for (const tool of TOOLS) {
    ctx.push(
      vscode.lm.registerTool<ToolInput>(tool.name, {
        prepareInvocation: async (options) => {
          const context = tool.readsService ? await toolContext(ctx, queries) : undefined;
          const target = context?.target;
          const confirm =
            target && context ? await confirmationOf(tool.name, options.input, target, context) : undefined;
          return {
            // The title in the chat's language: a title is a name from the toolset's table, not a bundle key.
            invocationMessage: t('MXQL: {0}', toolDisplayText(tool, toolLocale()).title),
            ...(confirm
              ? {
                  confirmationMessages: {
                    title: translateText(confirm.title),
                    message: new vscode.MarkdownString().appendText(translateText(confirm.message)),
                  },
                }
              : {}),
          };
        },
        invoke: async (options, token) => {
          const controller = new AbortController();
          const subscription = token.onCancellationRequested(() => controller.abort());
          try {
            await queries.load();
            const context = await toolContext(ctx, queries);
            const result = await invokeTool(tool.name, options.input, context, controller.signal);
            if (result.isError) ctx.log.warn(`Tool ${tool.name} refused: ${result.text}`);
            return toolResultOf(result);
          } finally {
            subscription.dispose();
          }
        },
      }),
    );
  }
}
