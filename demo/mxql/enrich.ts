// Commands the service runs with its own dictionaries and plugins: HVTEXT (hash → text), FORMAT (ip),
// IP2LOC (geo lookup), OS-BROWSER (user agent), SQLTABLE (tables of a statement), PART-BY (totals) and
// PLUGIN. The demo answers them from its own vocabulary, so the columns a query expects exist and
// stay consistent with the rest of the data set (the same hash always gives the same text).
import {
  CLIENT_LOCATIONS,
  DATABASE_URLS,
  EXCEPTIONS,
  OUTBOUND_CALLS,
  SERVICES,
  SQL_STATEMENTS,
  hashString,
} from '../data/index';
import type { QueryContext } from './context';
import { toNumberOrNull, toText } from './functions';
import { columnName, isObject, names, objectOperand, text, type Plain } from './operands';
import { MetricValue, collect, plainValue, reduceValue, streamOf, type RowFn, type RowStream } from './rows';

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
];

/** The dictionary of each HVTEXT type, from the data set's vocabulary. */
function dictionary(type: string, platform: string): readonly string[] {
  switch (type.toLowerCase()) {
    case 'sql':
      return SQL_STATEMENTS.map((s) => s.sql);
    case 'error':
      return (EXCEPTIONS[platform] ?? EXCEPTIONS.JAVA ?? []).map((e) => e.cls);
    case 'db_url':
    case 'db_attribute':
      return DATABASE_URLS;
    case 'http_domain':
    case 'httpc_host':
      return OUTBOUND_CALLS.map((c) => c.host);
    case 'httpc_url':
      return OUTBOUND_CALLS.flatMap((c) => c.urls);
    case 'referer':
      return OUTBOUND_CALLS.map((c) => `https://${c.host}/`);
    case 'user_agent':
      return USER_AGENTS;
    case 'login':
      return ['app', 'batch', 'report', 'admin'];
    default:
      return SERVICES[platform] ?? SERVICES.JAVA ?? ['/'];
  }
}

function textOf(words: readonly string[], hash: unknown): string | null {
  const plain = plainValue(hash);
  if (plain === null || plain === undefined || words.length === 0) return null;
  const n = toNumberOrNull(plain);
  const index = n === null ? hashString(toText(plain)) : Math.abs(Math.trunc(n));
  return words[index % words.length] ?? null;
}

/** HVTEXT {hash, key, type}: `key` = the text the hash stands for in the type's dictionary. */
function hvtextFn(value: Plain, qc: QueryContext): RowFn {
  const options = objectOperand(value, 'HVTEXT', '{hash: sql_hash, key: sql, type: sql}');
  const hash = text(options.hash) ?? 'hash';
  const key = columnName(text(options.key) ?? hash, 'HVTEXT');
  const words = dictionary(text(options.type) ?? 'service', qc.project.platform);
  return (row) => {
    row[key] = textOf(words, row[hash]);
    return row;
  };
}

function dottedIp(value: unknown): unknown {
  const n = toNumberOrNull(plainValue(value));
  if (n === null) return value;
  const u = n >>> 0;
  return [u >>> 24, (u >>> 16) & 255, (u >>> 8) & 255, u & 255].join('.');
}

/** FORMAT {key, type: ip}: an integer address as dotted text; other types leave the value as it is. */
function formatFn(value: Plain): RowFn {
  const options = objectOperand(value, 'FORMAT', '{key: ip, type: ip}');
  const keys = names(options.key);
  const isIp = (text(options.type) ?? '').toLowerCase() === 'ip';
  return (row) => {
    if (isIp) for (const key of keys) row[key] = dottedIp(row[key]);
    return row;
  };
}

/** IP2LOC ip | {key}: adds `country` and `city` for the address in the column. */
function ip2locFn(value: Plain): RowFn {
  const key = (isObject(value) ? text(value.key) : text(value)) ?? 'ip';
  return (row) => {
    const ip = toText(plainValue(row[key]));
    const place =
      CLIENT_LOCATIONS.find((l) => l.ip === ip) ?? CLIENT_LOCATIONS[hashString(ip) % CLIENT_LOCATIONS.length];
    row.country = place?.country ?? null;
    row.city = place?.city ?? null;
    return row;
  };
}

/** OS-BROWSER {hashKey, textKey}: `textKey` = the user agent the hash stands for. */
function osBrowserFn(value: Plain): RowFn {
  const options = objectOperand(value, 'OS-BROWSER', '{hashKey: hash, textKey: useragent}');
  const hash = text(options.hashKey) ?? 'hash';
  const key = columnName(text(options.textKey) ?? 'useragent', 'OS-BROWSER');
  return (row) => {
    row[key] = textOf(USER_AGENTS, row[hash]);
    return row;
  };
}

/** SQLTABLE {sql, key}: `key` = the tables the statement reads or writes, comma-separated. */
function sqlTableFn(value: Plain): RowFn {
  const options = objectOperand(value, 'SQLTABLE', '{sql: sql, key: tables}');
  const sql = text(options.sql) ?? 'sql';
  const key = columnName(text(options.key) ?? 'tables', 'SQLTABLE');
  return (row) => {
    const statement = toText(plainValue(row[sql]));
    const tables = [...statement.matchAll(/\b(?:from|into|update|join)\s+([\w.]+)/gi)].map((m) => m[1]);
    row[key] = [...new Set(tables)].join(',');
    return row;
  };
}

/** The row function of a dictionary command (upper-case name), or undefined for other commands. */
export function enrichFn(command: string, value: Plain, qc: QueryContext): RowFn | undefined {
  switch (command) {
    case 'HVTEXT':
      return hvtextFn(value, qc);
    case 'FORMAT':
      return formatFn(value);
    case 'IP2LOC':
      return ip2locFn(value);
    case 'OS-BROWSER':
      return osBrowserFn(value);
    case 'SQLTABLE':
      return sqlTableFn(value);
    case 'PLUGIN':
      qc.notices.push('PLUGIN runs a plugin of the service; the demo passes the rows on unchanged');
      return (row) => row;
    default:
      return undefined;
  }
}

/**
 * PART-BY {task: [{key, from, func}]}: for each task, `key` = func (sum, avg, min, max, cnt) of the
 * `from` column over all rows, written to every row (a share can then be computed per row).
 */
export async function* partByRows(input: RowStream, value: Plain, qc: QueryContext): RowStream {
  const options = objectOperand(value, 'PART-BY', '{task: [{key: total, from: wait_time, func: sum}]}');
  const tasks = (Array.isArray(options.task) ? options.task : [options.task]).filter(isObject);
  const rows = await collect(input, qc.pacer);
  for (const task of tasks) {
    const from = text(task.from);
    const key = columnName(text(task.key) ?? from, 'PART-BY');
    const total = new MetricValue();
    for (const row of rows) total.add(from === undefined ? null : plainValue(row[from]));
    const result = reduceValue(total, (text(task.func) ?? 'sum').toLowerCase());
    for (const row of rows) row[key] = result;
  }
  yield* streamOf(rows);
}
