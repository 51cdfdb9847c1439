// Test data: the groups of the Open API spec's Endpoints part that the "Open API Request…" picker
// shows (every group but MXQL), as the spec names and orders them.

/** The picker's group titles, in the spec's order. */
export const SPEC_REQUEST_GROUPS: readonly string[] = [
  'Meta',
  'Spot information (second host)',
  'Spot information (main host)',
  'Statistics (application monitoring)',
  'Server statistics',
  'Project statistics (raw tag) and DB pool',
  'IP-based transaction search',
  'Database monitoring',
];
