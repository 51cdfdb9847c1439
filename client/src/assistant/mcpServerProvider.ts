// `mxql mcp` for VS Code's own agent: an MCP server definition for the active profile, so no mcp.json is
// edited and no token is written to a file. The definition names the process (the bundled CLI on the
// editor's Node); only when VS Code starts it does resolveMcpServerDefinition read the tokens from
// SecretStorage, and they reach the child process through its environment alone.
import * as vscode from 'vscode';
import { DEMO_PROFILE_NAME } from '../config';
import type { Ctx } from '../ctx';
import { accountTokenKey, projectTokenKey } from '../profiles/secretKeys';
import { toolSelection } from './toolHost';
import { mcpArgs, MCP_PROVIDER_ID } from './toolManifest';

export function registerMcpServerProvider(ctx: Ctx): void {
  if (typeof vscode.lm?.registerMcpServerDefinitionProvider !== 'function') {
    ctx.log.info('This VS Code has no MCP server definition API; mxql mcp is not offered to its agent');
    return;
  }
  const changed = ctx.push(new vscode.EventEmitter<void>());
  ctx.push(ctx.profiles.onDidChange(() => changed.fire()));
  const cliPath = ctx.extension.asAbsolutePath('dist/cli.js');
  ctx.push(
    vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
      onDidChangeMcpServerDefinitions: changed.event,
      provideMcpServerDefinitions: async () => {
        const selection = await toolSelection(ctx);
        const setting = ctx.profiles.setting(selection.profile);
        const label = selection.profile === DEMO_PROFILE_NAME ? 'MXQL (Demo)' : `MXQL (${selection.profile})`;
        // The editor's own runtime runs the CLI; in a desktop build that is Electron acting as Node.
        return [
          new vscode.McpStdioServerDefinition(label, process.execPath, mcpArgs(cliPath, selection, setting), {
            ELECTRON_RUN_AS_NODE: '1',
          }),
        ];
      },
      resolveMcpServerDefinition: async (server) => {
        const selection = await toolSelection(ctx);
        if (selection.profile === DEMO_PROFILE_NAME || !(server instanceof vscode.McpStdioServerDefinition))
          return server;
        const secrets = ctx.extension.secrets;
        const account = await secrets.get(accountTokenKey(selection.profile));
        const project =
          selection.pcode === undefined
            ? undefined
            : await secrets.get(projectTokenKey(selection.profile, selection.pcode));
        server.env = {
          ...server.env,
          ...(account ? { MXQL_ACCOUNT_TOKEN: account } : {}),
          ...(project ? { MXQL_PROJECT_TOKEN: project } : {}),
        };
        return server;
      },
    }),
  );
}
