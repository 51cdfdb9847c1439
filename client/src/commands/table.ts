// The one table of the extension's commands: id and title. package.json's contributes.commands is
// checked against it by a unit test, and register.ts must give every id a handler (the Record type
// makes a missing one a compile error). Pure data, so tests read it without VS Code.

import { EXPLORER_COMMANDS, EXPLORER_NODE_COMMANDS } from '../explorer/explorerCommandTable';
import { NOTEBOOK_COMMANDS, NOTEBOOK_ITEM_COMMANDS } from '../notebook/notebookCommandTable';
import { BOARD_COMMANDS } from '../dashboard/boardCommandTable';

export const COMMANDS = {
  'mxql.runFile': 'Run File',
  'mxql.runSelection': 'Run Selection',
  'mxql.runQueryAtCursor': 'Run Query at Cursor',
  'mxql.draftAlertRule': 'Draft Alert Rule from Query',
  'mxql.runPredefinedPath': 'Run Predefined Path…',
  'mxql.rerunLast': 'Re-run Last Query',
  'mxql.compareResult': 'Compare Result with…',
  'mxql.scopeToAgent': 'Scope to an Agent…',
  'mxql.editEmbeddedQuery': 'Edit MXQL',
  'mxql.applyChatFix': 'Accept the Repair from Chat',
  'mxql.cancelRun': 'Cancel Running Queries',
  'mxql.pickTimeRange': 'Set Time Range…',
  'mxql.addProfile': 'Add Profile…',
  'mxql.setAccountToken': 'Set Account Token…',
  'mxql.setProjectToken': 'Set Project Token…',
  'mxql.removeProfile': 'Remove Profile…',
  'mxql.switchProfile': 'Switch Profile/Project…',
  'mxql.useDemo': 'Use the Demo Data',
  'mxql.openExample': 'Open an Example Query',
  'mxql.showLog': 'Show Log',
  'mxql.runErrorAction': 'Fix the Last Error',
  'mxql.history.rerun': 'Re-run',
  'mxql.history.openQuery': 'Open Query',
  'mxql.history.clear': 'Clear History',
  'mxql.history.show': 'Show Run History…',
  ...EXPLORER_COMMANDS,
  ...NOTEBOOK_COMMANDS,
  ...BOARD_COMMANDS,
} as const;

export type CommandId = keyof typeof COMMANDS;

/** Every command id, in table order. */
export const commandIds = Object.keys(COMMANDS) as CommandId[];

/** Commands that only make sense from a view item or a message; hidden from the command palette. */
export const HIDDEN_FROM_PALETTE: readonly CommandId[] = [
  'mxql.runErrorAction',
  'mxql.applyChatFix',
  'mxql.history.rerun',
  'mxql.history.openQuery',
  ...EXPLORER_NODE_COMMANDS,
  ...NOTEBOOK_ITEM_COMMANDS,
];
