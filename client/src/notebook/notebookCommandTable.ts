// The notebook commands: id and title. The extension's command table includes these, so package.json
// is checked against them like every other command. Pure data.

export const NOTEBOOK_COMMANDS = {
  'mxql.notebook.new': 'New MXQL Notebook',
  'mxql.notebook.openAsNotebook': 'Open as Notebook',
  'mxql.notebook.editHeader': 'Edit Notebook Header…',
  'mxql.notebook.toggleSaveOutputs': 'Toggle Saving Outputs in This Notebook',
  'mxql.notebook.addFromHistory': 'Add to Notebook',
  'mxql.notebook.addFromExplorer': 'Add to Notebook',
  'mxql.notebook.exportMarkdown': 'Export Notebook as Markdown…',
  'mxql.notebook.exportHtml': 'Export Notebook as HTML…',
} as const;

export type NotebookCommandId = keyof typeof NOTEBOOK_COMMANDS;

/** Commands that need a view item; hidden from the command palette. */
export const NOTEBOOK_ITEM_COMMANDS: readonly NotebookCommandId[] = [
  'mxql.notebook.addFromHistory',
  'mxql.notebook.addFromExplorer',
];
