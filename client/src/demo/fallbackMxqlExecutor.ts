// FALLBACK MXQL executor: a deliberately tiny stand-in that keeps the MXQL endpoints useful until the real
// engine (client/src/demo/mxql/) is wired in through defaultMxqlExecutor.ts. It understands:
//   text: `CATEGORY <name>` for the categories of data/categoryRows.ts (optionally `OID [...]` with
//         $params), all columns, rows per agent every 5 minutes up to `limit`;
//   path: /app/act_tx/act_tx_oid and /app/act_tx/agent_with_tx (also under /v2), with an injected
//         `CREATE {key: <name>, value|from: <column>}` such as the spec's `_pk_` example.
// Anything else is a MxqlQueryError that says what the fallback supports.
import {
  MINUTE,
  activeTxBuckets,
  agentListRow,
  CATEGORY_ROWS,
  bucketTimes,
  FINE_STEP,
  type DemoAgent,
  type DemoData,
  type DemoProject,
} from './data/index';
import { MxqlQueryError, type MxqlExecutor, type MxqlRequest } from './mxqlExecutor';

type Row = Record<string, unknown>;

function categoryOf(mql: string): string | undefined {
  const match = /^\s*CATEGORY\s+(?:\{\s*"?([A-Za-z0-9_]+)|([A-Za-z0-9_]+))/im.exec(mql);
  return match ? (match[1] ?? match[2]) : undefined;
}

function oidFilter(mql: string, param: Record<string, string>): Set<number> | undefined {
  const match = /^\s*OID\s*\[([^\]]*)\]/im.exec(mql);
  if (!match) return undefined;
  const oids = (match[1] ?? '').split(',').map((token) => {
    const name = token.trim();
    const text = name.startsWith('$') ? param[name] : name;
    if (text === undefined)
      throw new MxqlQueryError(`Parameter ${name} has no value; add it to 'param'.`, 'mxql/missing-param');
    const oid = Number(text);
    if (!Number.isInteger(oid))
      throw new MxqlQueryError(`OID value '${text}' is not an agent id.`, 'mxql/invalid-oid');
    return oid;
  });
  return new Set(oids);
}

function runText(data: DemoData, project: DemoProject, req: MxqlRequest, signal: AbortSignal): Row[] {
  const category = categoryOf(req.mql) ?? '';
  const build = Object.hasOwn(CATEGORY_ROWS, category) ? CATEGORY_ROWS[category] : undefined;
  if (!build) {
    throw new MxqlQueryError(
      `The built-in fallback executor runs CATEGORY ${Object.keys(CATEGORY_ROWS).join(', ')} (got ${category || 'no CATEGORY'}).`,
      'mxql/unsupported-category',
    );
  }
  const oids = oidFilter(req.mql, req.param);
  const agents = data.agentsOf(project.pcode).filter((a) => !oids || oids.has(a.oid));
  const step = Math.max(5 * MINUTE, data.stepFor(5 * MINUTE, req.stime));
  const rows: Row[] = [];
  for (const t of bucketTimes(req.stime, req.etime, step)) {
    if (signal.aborted) throw signal.reason;
    for (const agent of agents) {
      for (const row of build(data, project, agent, t, step)) {
        rows.push(row);
        if (rows.length >= req.limit) return rows;
      }
    }
  }
  return rows;
}

function actTxRow(data: DemoData, agent: DemoAgent, t: number): Row | undefined {
  const active = data.value(agent, 'active_tx', t, FINE_STEP);
  if (active === null) return undefined;
  const b = activeTxBuckets(active);
  return {
    oid: agent.oid,
    oname: agent.oname,
    act0: b.active_tx_0,
    act3: b.active_tx_3,
    act8: b.active_tx_8,
    act: active,
    tps: data.value(agent, 'tps', t, FINE_STEP) ?? 0,
    _id_: agent.oid,
    _name_: agent.oname,
  };
}

function agentWithTxRow(data: DemoData, project: DemoProject, agent: DemoAgent, t: number): Row {
  const act = actTxRow(data, agent, t);
  const base = agentListRow(data, project, agent, t);
  return {
    pcode: base.pcode,
    pname: base.pname,
    oid: base.oid,
    oname: base.oname,
    otype: base.otype,
    okind: base.okind,
    okindName: base.okindName,
    onode: base.onode,
    onodeName: base.onodeName,
    type: base.type,
    subtype: base.subtype,
    version: base.version,
    os_name: base.os_name,
    ip: base.ip,
    container_id: base.container_id,
    metering: base.metering,
    status: base.status,
    normal: act?.act0 ?? 0,
    slow: act?.act3 ?? 0,
    verySlow: act?.act8 ?? 0,
    total: act?.act ?? 0,
  };
}

function applyInjects(rows: Row[], inject: Record<string, string>): Row[] {
  const lines = Object.values(inject).flatMap((text) =>
    text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
  );
  return lines.reduce((current, line) => {
    const match =
      /^CREATE\s*\{\s*key\s*:\s*([A-Za-z_][\w$]*)\s*,\s*(?:value|from)\s*:\s*([A-Za-z_][\w$]*)\s*\}$/i.exec(
        line,
      );
    if (!match) {
      throw new MxqlQueryError(
        `The built-in fallback executor only understands injected 'CREATE {key: name, value: column}' lines; got '${line}'.`,
        'mxql/unsupported-inject',
      );
    }
    const [, key = '', from = ''] = match;
    return current.map((row) => ({ ...row, [key]: row[from] ?? null }));
  }, rows);
}

function runPath(data: DemoData, project: DemoProject, req: MxqlRequest): Row[] {
  const path = req.mql.replace(/^\/v2\//, '/');
  // Predefined active-transaction queries look at the last 15 seconds before etime.
  const t = Math.floor(Math.min(req.etime, data.now()) / FINE_STEP) * FINE_STEP - FINE_STEP;
  const agents = data.agentsOf(project.pcode);
  let rows: Row[];
  if (path === '/app/act_tx/act_tx_oid') {
    rows = agents.flatMap((a): Row[] => {
      const row = actTxRow(data, a, t);
      return row ? [row] : [];
    });
  } else if (path === '/app/act_tx/agent_with_tx') {
    rows = agents.map((a) => agentWithTxRow(data, project, a, t));
  } else {
    throw new MxqlQueryError(
      `Predefined query '${req.mql}' not found. The built-in fallback executor serves /app/act_tx/act_tx_oid and /app/act_tx/agent_with_tx.`,
      'mxql/unknown-path',
    );
  }
  return applyInjects(rows, req.inject).slice(0, req.limit);
}

/** The fallback executor over a data set (see the header of this file for what it supports). */
export function createFallbackMxqlExecutor(data: DemoData): MxqlExecutor {
  return (req, signal) => {
    const project = data.project(req.pcode);
    if (!project)
      return Promise.reject(new MxqlQueryError(`Unknown project ${req.pcode}.`, 'mxql/unknown-project'));
    try {
      return Promise.resolve(
        req.kind === 'path' ? runPath(data, project, req) : runText(data, project, req, signal),
      );
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
}
