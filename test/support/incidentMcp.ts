// `mxql mcp --demo` as a real stdio child whose demo plays the incident scenario, spoken to by the MCP
// SDK's own client (which checks every structured result against the tool's output schema): the
// assistant host's view of the comparison and alert tools.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { REPO_ROOT } from './cliProcess';
import { INCIDENT } from './incidentScenario';

/** A connected client named `name`; close it after the tests. */
export async function incidentMcpClient(name: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'cli/main.ts', 'mcp', '--demo'],
    cwd: REPO_ROOT,
    env: {
      ...(process.env as Record<string, string>),
      MXQL_PROJECT_TOKEN: '',
      MXQL_ACCOUNT_TOKEN: '',
      MXQL_DEMO_INCIDENT: INCIDENT,
    },
    stderr: 'pipe',
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return client;
}
