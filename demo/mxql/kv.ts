// The KV commands over an in-memory key-value store, one per project of one data set (so one per demo
// server): KV.LOAD / KV.SNAPSHOT / kv.select read a table, kv.insert writes the rows passing through.
// Inventory tables (`server_inventory`, `gpu_inventory` …) start out with one row per agent; any other
// table starts empty and answers [] with a notice until a query writes it.
import type { DemoAgent, DemoData, DemoProject } from '../data/index';
import { MxqlQueryError } from '../mxqlExecutor';
import type { QueryContext } from './context';
import { toText } from './functions';
import { isObject, names, text, type Plain } from './operands';
import { collect, plainValue, streamOf, type Row, type RowStream } from './rows';

interface KvTable {
  rows: Row[];
  /** The columns kv.insert keyed the rows by (kv.select matches `pk.val` on the first). */
  pk: readonly string[];
}

type ProjectStore = Map<string, KvTable>;

const STORES = new WeakMap<DemoData, Map<number, ProjectStore>>();
const MAX_ROWS_PER_TABLE = 100_000;

function storeOf(data: DemoData, pcode: number): ProjectStore {
  let byProject = STORES.get(data);
  if (!byProject) STORES.set(data, (byProject = new Map<number, ProjectStore>()));
  let store = byProject.get(pcode);
  if (!store) byProject.set(pcode, (store = new Map<string, KvTable>()));
  return store;
}

function inventoryRow(project: DemoProject, agent: DemoAgent, now: number): Row {
  return {
    time: now,
    pcode: project.pcode,
    oid: agent.oid,
    oname: agent.oname,
    okindName: agent.okindName,
    onodeName: agent.onodeName,
    host_ip: agent.hostIp,
    hostname: agent.alias,
    os: agent.osName,
    cpu_cores: agent.cpuCores,
    memory_total: agent.memoryBytes,
    version: agent.version,
    status: agent.active ? 'active' : 'inactive',
  };
}

/** `@{query_date}` in a table name is the query's end date (yyyyMMdd, UTC). */
function tableName(raw: string, qc: QueryContext): string {
  const day = new Date(qc.etime).toISOString().slice(0, 10).replaceAll('-', '');
  return raw.replaceAll('@{query_date}', day);
}

function tableOption(value: Plain, command: string, qc: QueryContext): string {
  const raw = isObject(value) ? text(value.table) : text(value);
  if (!raw)
    throw new MxqlQueryError(
      `${command} needs a table name, e.g. ${command} server_inventory.`,
      'mxql/missing-option',
    );
  return tableName(raw, qc);
}

function readTable(name: string, qc: QueryContext): KvTable | undefined {
  const store = storeOf(qc.data, qc.project.pcode);
  const stored = store.get(name);
  if (stored) return stored;
  if (!/inventory/i.test(name)) return undefined;
  const seeded: KvTable = {
    rows: qc.data.agentsOf(qc.project.pcode).map((agent) => inventoryRow(qc.project, agent, qc.now)),
    pk: ['oid'],
  };
  store.set(name, seeded);
  return seeded;
}

/** KV.LOAD name | {table, ifexist} and KV.SNAPSHOT {table, target}: the table's rows (copies). */
export function kvLoadRows(value: Plain, command: string, qc: QueryContext): RowStream {
  const name = tableOption(value, command, qc);
  const table = readTable(name, qc);
  if (!table) {
    qc.notices.push(`no rows: KV table ${name} is empty in the demo (kv.insert writes it)`);
    return streamOf([]);
  }
  return streamOf(table.rows.map((row) => ({ ...row })));
}

/** kv.select {table, pk.val}: the rows whose first pk column equals `pk.val` (all rows without it). */
export function kvSelectRows(value: Plain, qc: QueryContext): RowStream {
  const name = tableOption(value, 'kv.select', qc);
  const table = readTable(name, qc);
  if (!table) {
    qc.notices.push(`no rows: KV table ${name} is empty in the demo (kv.insert writes it)`);
    return streamOf([]);
  }
  const wanted = isObject(value) && value['pk.val'] !== undefined ? toText(value['pk.val']) : undefined;
  const key = table.pk[0];
  const rows = table.rows.filter(
    (row) => wanted === undefined || key === undefined || toText(plainValue(row[key])) === wanted,
  );
  return streamOf(rows.map((row) => ({ ...row })));
}

/** kv.insert {table, pk.key}: stores the rows (replacing rows with the same pk) and passes them on. */
export async function* kvInsertRows(input: RowStream, value: Plain, qc: QueryContext): RowStream {
  const name = tableOption(value, 'kv.insert', qc);
  const pk = isObject(value) ? names(value['pk.key'] ?? value.pk) : [];
  const rows = await collect(input, qc.pacer);
  const store = storeOf(qc.data, qc.project.pcode);
  const table = store.get(name) ?? { rows: [], pk };
  const tuple = (row: Row) => pk.map((k) => toText(plainValue(row[k]))).join('\u0000');
  const byKey = new Map(table.rows.map((row, i) => [pk.length > 0 ? tuple(row) : String(i), row]));
  rows.forEach((row, i) => byKey.set(pk.length > 0 ? tuple(row) : String(table.rows.length + i), { ...row }));
  store.set(name, {
    rows: [...byKey.values()].slice(-MAX_ROWS_PER_TABLE),
    pk: pk.length > 0 ? pk : table.pk,
  });
  yield* streamOf(rows);
}
