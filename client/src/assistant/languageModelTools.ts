// The toolset as VS Code Language Model Tools: every tool of assistant/toolset.ts registered under its
// fixed name (package.json's languageModelTools lists the same names, schemas and descriptions; a unit
// test keeps them equal). A tool that reads a real account asks first, naming the profile, project,
// range and limit; the Demo reads no account, so it asks nothing. Cancelling aborts the HTTP request.
import * as vscode from 'vscode';
import { choiceLabel, DEFAULT_RANGE, DEFAULT_ROW_LIMIT } from '../../../server/core/index';
import { findTool, invokeTool, TOOLS, type ToolResult, type ToolTarget } from '../../../assistant/toolset';
import type { Ctx } from '../ctx';
import { t } from '../l10n';
import { toolContext, toolTarget } from './toolHost';
import type { WorkspaceQueries } from './workspaceQueries';

type ToolInput = Record<string, unknown>;

/** What a run tool will send, in words: its range and row limit, with the planner's defaults. */
function runScope(input: ToolInput): { range: string; limit: number } {
  const limit = typeof input.limit === 'number' ? input.limit : DEFAULT_ROW_LIMIT;
  const time = (value: unknown) =>
    typeof value === 'number' || typeof value === 'string' ? String(value) : 'now';
  if (input.stime !== undefined) return { range: `${time(input.stime)} → ${time(input.etime)}`, limit };
  const range = typeof input.range === 'string' ? input.range : choiceLabel(DEFAULT_RANGE, 0);
  return { range, limit };
}

/** The confirmation before a tool reads a real account; undefined for the Demo and for tools that read none. */
export function confirmationOf(
  name: string,
  input: ToolInput,
  target: Pick<ToolTarget, 'label' | 'isDemo' | 'pcode'>,
): { title: string; message: string } | undefined {
  const tool = findTool(name);
  if (!tool?.readsService || target.isDemo) return undefined;
  const project = typeof input.pcode === 'number' ? String(input.pcode) : String(target.pcode ?? '—');
  if (name === 'mxql_run') {
    const { range, limit } = runScope(input);
    return {
      title: t('Run an MXQL query on {0}?', target.label),
      message: t(
        'The assistant wants to run a query on profile {0}, project {1}, over {2}, with at most {3} rows. It only reads.',
        target.label,
        project,
        range,
        limit,
      ),
    };
  }
  return {
    title: t('Read from {0}?', target.label),
    message: t(
      'The assistant wants {0} to read profile {1}, project {2}. It only reads.',
      tool.title,
      target.label,
      project,
    ),
  };
}

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
          const target = tool.readsService ? await toolTarget(ctx) : undefined;
          const confirm = target ? confirmationOf(tool.name, options.input, target) : undefined;
          return {
            invocationMessage: t('MXQL: {0}', tool.title),
            ...(confirm
              ? {
                  confirmationMessages: {
                    title: confirm.title,
                    message: new vscode.MarkdownString().appendText(confirm.message),
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
