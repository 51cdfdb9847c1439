// The explorer's and Open API Request's commands: id and title. The extension's command table
// includes these, so package.json is checked against them like every other command. Pure data.

export const EXPLORER_COMMANDS = {
  'mxql.openApiRequest': 'Open API Request…',
  'mxql.explorer.refresh': 'Refresh Explorer',
  'mxql.explorer.retry': 'Retry',
  'mxql.explorer.useAsTarget': 'Use as Run Target',
  'mxql.explorer.newQuery': 'New Query for This Project/Agent',
  'mxql.explorer.runScoped': 'Run Current Query Scoped to This Agent',
  'mxql.explorer.insertOid': 'Insert oid at Cursor',
  'mxql.explorer.insertOname': 'Insert oname at Cursor',
  'mxql.explorer.copyOid': 'Copy oid',
  'mxql.explorer.copyOname': 'Copy oname',
  'mxql.explorer.copyPcode': 'Copy pcode',
  'mxql.explorer.setToken': 'Set Token…',
  'mxql.explorer.clearToken': 'Clear Token',
  'mxql.explorer.showServer': 'Show Server Snapshot',
  'mxql.explorer.openDashboard': 'Open Live Dashboard',
  'mxql.explorer.children': 'List Explorer Node Content',
} as const;

export type ExplorerCommandId = keyof typeof EXPLORER_COMMANDS;

/**
 * Commands that need a tree node; hidden from the command palette. The other explorer actions ask for
 * their project, agent or server when run from the palette.
 */
export const EXPLORER_NODE_COMMANDS: readonly ExplorerCommandId[] = [
  'mxql.explorer.retry',
  'mxql.explorer.children',
];
