// Database monitoring data: configuration parameters that drift between days, SQL statistics top N and
// the connection pools APM agents report.
import { DATABASE_URLS, SQL_STATEMENTS } from './catalog';
import type { DemoAgent } from './dataset';
import { isAliveAt, loadAt } from './metrics';
import { hashInts, hashString, unitAt } from './random';

const PARAMS: Record<string, readonly { key: string; values: readonly string[] }[]> = {
  POSTGRESQL: [
    { key: 'max_connections', values: ['200', '300'] },
    { key: 'shared_buffers', values: ['4GB', '8GB'] },
    { key: 'work_mem', values: ['16MB', '32MB', '64MB'] },
    { key: 'maintenance_work_mem', values: ['512MB'] },
    { key: 'effective_cache_size', values: ['12GB', '24GB'] },
    { key: 'wal_level', values: ['replica'] },
    { key: 'max_wal_size', values: ['2GB', '4GB'] },
    { key: 'random_page_cost', values: ['1.1', '4'] },
    { key: 'autovacuum', values: ['on'] },
    { key: 'log_min_duration_statement', values: ['500', '1000', '-1'] },
  ],
  MYSQL: [
    { key: 'max_connections', values: ['151', '500'] },
    { key: 'innodb_buffer_pool_size', values: ['8589934592', '17179869184'] },
    { key: 'innodb_log_file_size', values: ['50331648'] },
    { key: 'long_query_time', values: ['1.000000', '2.000000'] },
    { key: 'slow_query_log', values: ['ON', 'OFF'] },
    { key: 'sql_mode', values: ['STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION'] },
    { key: 'binlog_format', values: ['ROW'] },
    { key: 'table_open_cache', values: ['4000', '8000'] },
  ],
};

/** Parameters of a database agent on a day (`yyyyMMdd`); a few keys change from day to day. */
export function databaseParams(
  seed: number,
  agent: DemoAgent,
  day: string,
): { key: string; value: string }[] {
  const params = PARAMS[agent.subtype.toUpperCase()] ?? PARAMS.POSTGRESQL ?? [];
  const dayNumber = Number(day);
  return params.map((param, i) => {
    // Only every third key drifts, and only in some weeks, so most comparisons show a short diff.
    const drifts = param.values.length > 1 && i % 3 === 0;
    const index = drifts ? hashInts(seed, agent.oid, i, dayNumber) % param.values.length : 0;
    return { key: param.key, value: param.values[index] ?? param.values[0] ?? '' };
  });
}

const USERS = ['app_rw', 'app_ro', 'report', 'batch'] as const;

export type SqlStatOrder = 'sql_execute_cnt' | 'sql_elapse' | 'sql_elapse_max';
export type SqlStatCategory = 'ALL' | 'DB' | 'HOST' | 'USER';

/** SQL statistics rows of the given database agents for a period starting at `dayStart`. */
export function sqlStatistics(
  seed: number,
  agents: readonly DemoAgent[],
  dayStart: number,
  days: number,
  category: SqlStatCategory,
  nameInCategory: string | undefined,
) {
  const rows = SQL_STATEMENTS.flatMap((statement, i) =>
    USERS.map((user, u) => {
      const executors = agents.filter((_agent, k) => (k + i + u) % 2 === 0 || agents.length === 1);
      const count = Math.round(days * 2000 * unitAt(seed, i, u, dayStart / 86_400_000) * (1 + (i % 3)));
      const elapse = Math.round(count * (2 + 30 * unitAt(seed, i, u, 2)));
      return {
        sql_execute_cnt: count,
        sql_elapse: elapse,
        sql_elapse_max: Math.round((elapse / Math.max(1, count)) * 15),
        sqlHash: hashString(`${user}:${statement.sql}`) | 0,
        onames: executors.map((a) => a.oname).join(','),
        user,
        sql: statement.sql,
        hosts: executors.map((a) => a.hostIp),
        db: DATABASE_URLS[i % DATABASE_URLS.length] ?? '',
      };
    }),
  ).filter((r) => r.sql_execute_cnt > 0 && r.onames !== '');
  if (!nameInCategory || category === 'ALL') return rows;
  if (category === 'USER') return rows.filter((r) => r.user === nameInCategory);
  if (category === 'HOST')
    return rows.filter((r) => r.hosts.includes(nameInCategory) || r.onames.includes(nameInCategory));
  return rows.filter((r) => r.db.endsWith(`/${nameInCategory}`) || r.db === nameInCategory);
}

/** Connection pools per data source per agent at time t (APM agents of JVM-like platforms and Node). */
export function dbPools(seed: number, agents: readonly DemoAgent[], t: number) {
  return agents
    .filter((a) => isAliveAt(a, t) && a.otype !== 'server' && a.otype !== 'database')
    .flatMap((agent) => {
      const sources =
        hashInts(seed, agent.oid, 80) % 2 === 0 ? DATABASE_URLS.slice(0, 1) : DATABASE_URLS.slice(0, 2);
      return sources.map((databaseUrl, i) => {
        const size = 10 + (hashInts(seed, agent.oid, 81, i) % 3) * 10;
        const active = Math.min(
          size,
          Math.round(size * loadAt(t) * (0.4 + 0.6 * unitAt(seed, agent.oid, i, Math.floor(t / 5000)))),
        );
        const idle = size - active;
        return { oid: agent.oid, oname: agent.oname, databaseUrl, active, idle, total: active + idle };
      });
    });
}
