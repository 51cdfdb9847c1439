// Test data: the spot fields as the Open API spec lists them, kept apart from the demo's own list so
// the tests check the demo and the client against the spec rather than against themselves. Which of
// them are also bare numbers is the API client's endpoint table (`BARE_SPOT_VALUES`).

/** The fields of the main host's all-in-one spot object (`/open/api/json/spot`), besides `pcode`. */
export const SPEC_SPOT_FIELDS: readonly string[] = [
  'act_agent',
  'inact_agent',
  'host',
  'cpucore',
  'txcount',
  'tps',
  'user',
  'actx',
  'rtime',
  'cpu',
  'threadpool_active',
  'threadpool_queue',
  'dbconn_total',
  'dbconn_act',
  'dbconn_idle',
  'act_method',
  'act_sql',
  'act_httpc',
  'act_dbc',
  'act_socket',
  'apdex',
];
