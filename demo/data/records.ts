// Statistics records over a time range (exceptions, outbound calls, SQL, client IPs, transactions).
// Counts follow the integral of the load curve over the range, so a longer or busier range yields more,
// and every figure is a pure function of (seed, project, range).
import {
  CLIENT_LOCATIONS,
  DATABASE_URLS,
  EXCEPTIONS,
  OUTBOUND_CALLS,
  SERVICES,
  SQL_STATEMENTS,
} from './catalog';
import type { DemoAgent, DemoProject } from './dataset';
import { COARSE_STEP, bucketTimes, isAliveAt, loadAt } from './metrics';
import { hashInts, hashString, round, unitAt } from './random';

export interface RangeContext {
  seed: number;
  project: DemoProject;
  agents: readonly DemoAgent[];
  stime: number;
  etime: number;
}

/** Total transactions of the project in the range: capacity × load, integrated over 5-minute buckets. */
export function transactionsInRange(ctx: RangeContext): number {
  const step = Math.max(COARSE_STEP, Math.ceil((ctx.etime - ctx.stime) / 2000 / COARSE_STEP) * COARSE_STEP);
  let total = 0;
  for (const t of bucketTimes(Math.floor(ctx.stime / step) * step, ctx.etime, step)) {
    const from = Math.max(t, ctx.stime);
    const to = Math.min(t + step, ctx.etime);
    const capacity = ctx.agents
      .filter((a) => isAliveAt(a, from))
      .reduce((sum, a) => sum + a.profile.capacityTps, 0);
    total += capacity * loadAt(t + step / 2) * ((to - from) / 1000);
  }
  return Math.round(total);
}

/** Zipf-like share of item i among n, so the first items dominate as in real traffic. */
function share(i: number, n: number): number {
  let norm = 0;
  for (let k = 1; k <= n; k++) norm += 1 / k;
  return 1 / (i + 1) / norm;
}

function rangeKey(ctx: RangeContext): number {
  return hashInts(
    ctx.seed,
    ctx.project.pcode,
    Math.floor(ctx.stime / 60_000),
    Math.floor(ctx.etime / 60_000),
  );
}

function servicesOf(project: DemoProject): readonly string[] {
  return SERVICES[project.platform] ?? SERVICES.JAVA ?? [];
}

function platformFamily(project: DemoProject): string {
  return project.kind === 'apm' ? project.platform : 'JAVA';
}

/** Transaction records, one per service with traffic in the range. */
export function transactionRecords(ctx: RangeContext) {
  const total = transactionsInRange(ctx);
  const services = servicesOf(ctx.project);
  return services
    .map((service, i) => {
      const count = Math.round(total * share(i, services.length));
      const u = unitAt(rangeKey(ctx), i, 1);
      const avg = Math.round(40 + 400 * u);
      const satisfied = Math.round(count * (0.8 + 0.15 * (1 - u)));
      const tolerated = Math.round((count - satisfied) * 0.7);
      const sqlCount = Math.round(count * 2.4);
      return {
        apdex_tolerated: tolerated,
        apdex_satisfied: satisfied,
        apdex: count ? round((satisfied + tolerated / 2) / count, 3) : 0,
        time_max: avg * 12,
        time_sum: avg * count,
        time_avg: avg,
        sql_fetch_time: Math.round(count * avg * 0.05),
        sql_time: Math.round(count * avg * 0.3),
        sql_count: sqlCount,
        sql_fetch: Math.round(sqlCount * 6.5),
        count,
        error: Math.round(count * 0.01 * u),
        hash: hashString(service) | 0,
        httpc_avg: Math.round(avg * 0.2),
        httpc_count: Math.round(count * 0.6),
        cpu_avg: round(2 + 10 * u, 2),
        mem_avg: Math.round(200_000 + 2_000_000 * u),
        service,
      };
    })
    .filter((r) => r.count > 0);
}

/** Exception records: a few classes per platform, thrown by the busiest services. */
export function exceptionRecords(ctx: RangeContext) {
  const total = transactionsInRange(ctx);
  const classes = EXCEPTIONS[platformFamily(ctx.project)] ?? EXCEPTIONS.JAVA ?? [];
  const services = servicesOf(ctx.project);
  const key = rangeKey(ctx);
  return classes
    .flatMap((ex, i) =>
      services.slice(0, 3).map((service, j) => {
        const count = Math.round(total * 0.004 * share(i, classes.length) * share(j, 3));
        const throwers = ctx.agents.filter((_agent, k) => (k + i + j) % 2 === 0 || ctx.agents.length === 1);
        return {
          oids: throwers.map((a) => a.oid).join(','),
          time: ctx.stime + Math.floor(unitAt(key, i, j) * (ctx.etime - ctx.stime)),
          classHash: hashString(ex.cls) | 0,
          count,
          service,
          class: ex.cls,
          serviceHash: hashString(service) | 0,
          snapSeq: String(hashInts(key, i, j, 3)),
          msg: ex.msg,
        };
      }),
    )
    .filter((r) => r.count > 0 && r.oids !== '');
}

/** SQL records: the catalogue statements, split over the project's databases. */
export function sqlRecords(ctx: RangeContext) {
  const total = transactionsInRange(ctx) * 2.4;
  const key = rangeKey(ctx);
  return SQL_STATEMENTS.map((statement, i) => {
    const count = Math.round(total * share(i, SQL_STATEMENTS.length));
    const avg = round(1 + 40 * unitAt(key, i, 5), 2);
    const db = DATABASE_URLS[i % 2] ?? DATABASE_URLS[0];
    const fetchCount = statement.crud === 'S' ? Math.round(count * 8) : 0;
    return {
      time_max: Math.round(avg * 20),
      time_min: 0,
      time_sum: Math.round(avg * count),
      time_avg: avg,
      time_std: (avg * 1.7).toFixed(3),
      dbcHash: hashString(db) | 0,
      db,
      fetch_count: fetchCount,
      fetch_time: Math.round(fetchCount * 0.02),
      sql_crud: statement.crud.charCodeAt(0),
      hash: hashString(statement.sql) | 0,
      count_total: count,
      count_error: Math.round(count * 0.001 * unitAt(key, i, 6)),
      count_actived: hashInts(key, i, 7) % 3,
      sql: statement.sql,
    };
  }).filter((r) => r.count_total > 0);
}

function httpcRecord(
  ctx: RangeContext,
  host: string,
  port: number,
  url: string,
  count: number,
  slot: number,
) {
  const key = rangeKey(ctx);
  const avg = Math.round(20 + 300 * unitAt(key, slot, 8));
  return {
    Sum: avg * count,
    Port: port,
    Max: avg * 9,
    Actived: hashInts(key, slot, 9) % 4,
    Avg: avg,
    Min: Math.max(1, Math.round(avg / 10)),
    Error: Math.round(count * 0.005 * unitAt(key, slot, 10)),
    Total: count,
    Url: url,
    Host: host,
    Stdev: (avg * 0.8).toFixed(3),
    HostHash: hashString(host) | 0,
    UrlHash: hashString(url) | 0,
  };
}

/** Outbound HTTP call records; with a host/port filter each record is split by calling service. */
export function httpcRecords(ctx: RangeContext, filter?: { host: string; port: number }) {
  const total = transactionsInRange(ctx) * 0.6;
  const calls = OUTBOUND_CALLS.flatMap((c) => c.urls.map((url) => ({ host: c.host, port: c.port, url })));
  const records = calls.map((c, i) => ({ ...c, slot: i, count: Math.round(total * share(i, calls.length)) }));
  if (!filter) {
    return records
      .filter((r) => r.count > 0)
      .map((r) => httpcRecord(ctx, r.host, r.port, r.url, r.count, r.slot));
  }
  const services = servicesOf(ctx.project).slice(0, 3);
  return records
    .filter((r) => r.host === filter.host && r.port === filter.port)
    .flatMap((r) =>
      services.map((service, j) => ({
        ...httpcRecord(
          ctx,
          r.host,
          r.port,
          r.url,
          Math.round(r.count * share(j, services.length)),
          r.slot * 7 + j,
        ),
        Service: service,
        Service_hash: hashString(service) | 0,
      })),
    )
    .filter((r) => r.Total > 0);
}

/** Client IP records: the documentation-range IPs the demo's users come from. */
export function remoteRecords(ctx: RangeContext) {
  const total = transactionsInRange(ctx);
  return CLIENT_LOCATIONS.map((loc, i) => ({
    count: Math.round(total * share(i, CLIENT_LOCATIONS.length)),
    city: loc.city,
    country: loc.country,
    ip: loc.ip,
  })).filter((r) => r.count > 0);
}

/** IP search: URLs requested by `ip` in [stime, stime + 1 h), by descending count, at most 100. */
export function ipSearchResults(ctx: RangeContext, ip: string) {
  const rank = CLIENT_LOCATIONS.findIndex((loc) => loc.ip === ip);
  if (rank < 0) return [];
  const services = servicesOf(ctx.project);
  // The busiest client also browses item pages, enough of them to run into the 100-URL cap.
  const urls =
    rank === 0 ? [...services, ...Array.from({ length: 120 }, (_, n) => `/items/${1000 + n}`)] : services;
  const total = Math.max(1, Math.round(transactionsInRange(ctx) * share(rank, CLIENT_LOCATIONS.length)));
  const key = rangeKey(ctx);
  return urls
    .map((url, i) => ({
      elapsed: Math.floor(unitAt(key, i, 11) * 3_600_000),
      count: Math.max(1, Math.round(total * share(i, urls.length))),
      url,
    }))
    .sort((a, b) => b.count - a.count || a.url.localeCompare(b.url))
    .slice(0, 100);
}
