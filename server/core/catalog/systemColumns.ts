/**
 * Columns that rows carry besides the category's own tags and fields.
 */
import { type Column } from './categoryTypes';

function system(name: string, type: string, description: string): Column {
  return { name, kind: 'system', type, description };
}

/**
 * Columns present on every row of every category: the timestamp, the project and the agent id.
 * Column checks may always accept these.
 */
export const SYSTEM_COLUMNS: readonly Column[] = [
  system('time', 'Number', 'When the row was recorded, epoch milliseconds.'),
  system('pcode', 'Number', 'Project code the row belongs to.'),
  system('pname', 'String', 'Project name.'),
  system('oid', 'Number', 'Id of the agent that sent the row.'),
];

/**
 * Agent-identity columns that the service attaches to rows of agent categories: the agent's name and
 * the group (okind) and node (onode) it is filed under. Most categories list them as tags; a column
 * check should not flag them where the category's column list is incomplete.
 */
export const AGENT_COLUMNS: readonly Column[] = [
  system('oname', 'String', 'Name of the agent that sent the row.'),
  system('okind', 'Number', 'Id of the agent group (okind).'),
  system('okindName', 'String', 'Name of the agent group (okind).'),
  system('onode', 'Number', 'Id of the node group (onode).'),
  system('onodeName', 'String', 'Name of the node group (onode).'),
];

/** Which columns name a row's agent is a fact of result rows (common/rowFacts); the catalog describes them. */
export { AGENT_IDENTITY_FIELDS } from '../../../common/rowFacts';

/** Columns produced by commands or consumed by dashboards by convention, with their meaning. */
export const GENERATED_COLUMNS: readonly Column[] = [
  system('_rows_', 'Number', 'Added by GROUP: how many rows were merged into this one.'),
  system('rownum', 'Number', 'Added by ROWNUM: the position of the row.'),
  system('_id_', 'String', 'Series id read by dashboard widgets (you create it).'),
  system('_name_', 'String', 'Series label shown by dashboard widgets (you create it).'),
  system('_pk_', 'String', 'Row key column, often added through an injected CREATE.'),
  system('pivot_field', 'String', 'Added by PIVOT-HEAD: the name of the pivoted column.'),
  system('pivot_value', 'Number', 'Added by PIVOT-HEAD: the value of the pivoted column.'),
];

const identityByName = new Map([...SYSTEM_COLUMNS, ...AGENT_COLUMNS].map((c) => [c.name, c]));
const anyByName = new Map(
  [...SYSTEM_COLUMNS, ...AGENT_COLUMNS, ...GENERATED_COLUMNS].map((c) => [c.name, c]),
);

/** The system, agent-identity or generated column of that name, if any. */
export function findSystemColumn(name: string): Column | undefined {
  return anyByName.get(name);
}

/** The system or agent-identity column of that name (time, pcode, oid, oname, okind …), if any. */
export function findIdentityColumn(name: string): Column | undefined {
  return identityByName.get(name);
}
