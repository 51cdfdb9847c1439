// The dashboard preview's command: id and title. The extension's command table includes it, so
// package.json is checked against it like every other command. Pure data.

export const BOARD_COMMANDS = {
  'mxql.previewDashboard': 'Preview Dashboard',
} as const;

export type BoardCommandId = keyof typeof BOARD_COMMANDS;

/** The context key that is true while the active editor holds a dashboard JSON (its title shows the button). */
export const DASHBOARD_EDITOR_CONTEXT = 'mxql.dashboardEditor';
