/**
 * The MXQL that SQL habits mean: pure text-to-text rewrites for `ORDER BY`, `WHERE`, `GROUP BY`,
 * SQL aggregate keys under GROUP, `LIMIT … OFFSET`, `SELECT *` and SQL select lists. The forms they
 * produce are the ones reference.md documents (ORDER key/sort lists, FILTER key + value/over/under/
 * like/exist/notexist or expr, GROUP merge + UPDATE value, SKIP then LIMIT, SELECT lists).
 */

/** SQL aggregate names written as GROUP keys → the UPDATE `value` reduction that means the same. */
const SQL_AGGREGATES: Readonly<Record<string, string>> = {
  avg: 'avg',
  average: 'avg',
  mean: 'avg',
  min: 'min',
  max: 'max',
  count: 'cnt',
};

/** The UPDATE reduction an SQL aggregate key means, or undefined when `key` is not one. */
export function sqlAggregateOp(key: string): string | undefined {
  return Object.hasOwn(SQL_AGGREGATES, key.toLowerCase()) ? SQL_AGGREGATES[key.toLowerCase()] : undefined;
}

/** Command names that are SQL clauses, never MXQL commands (reported as `sql/*`, not as unknown). */
export const SQL_CLAUSE_COMMANDS: ReadonlySet<string> = new Set(['WHERE']);

/** `a, b` split at top-level commas (outside quotes and brackets), each trimmed; empty items dropped. */
export function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote !== null) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out.filter((s) => s.length > 0);
}

/** `x` or `[a, b]`: one name as is, several as a list. */
function listOf(items: readonly string[]): string {
  return items.length === 1 ? (items[0] as string) : `[${items.join(', ')}]`;
}

/** `BY a DESC, b` → `ORDER {key: [a, b], sort: [desc, asc]}`; undefined when `rest` is no `BY …`. */
export function orderByRewrite(rest: string): string | undefined {
  const by = /^BY\s+(.+)$/is.exec(rest.trim());
  if (!by) return undefined;
  const keys: string[] = [];
  const sorts: string[] = [];
  for (const item of splitTopLevel(by[1] as string)) {
    const m = /^(.+?)(?:\s+(ASC|DESC))?$/is.exec(item);
    const key = (m?.[1] ?? item).trim();
    // `ORDER BY avg(tps)` sorts on the column GROUP and UPDATE reduce in place.
    keys.push(aggregateOf(key)?.column ?? key);
    sorts.push((m?.[2] ?? 'asc').toLowerCase());
  }
  if (keys.length === 0) return undefined;
  return `ORDER {key: [${keys.join(', ')}], sort: [${sorts.join(', ')}]}`;
}

/** `BY a, b` → `GROUP {pk: [a, b]}`; a `time` key becomes a `timeunit` bucket (time is grouped by it). */
export function groupByRewrite(rest: string): string | undefined {
  const by = /^BY\s+(.+)$/is.exec(rest.trim());
  if (!by) return undefined;
  const keys = splitTopLevel(by[1] as string);
  const pk = keys.filter((k) => k.toLowerCase() !== 'time');
  const unit = pk.length < keys.length ? `timeunit: ${DEFAULT_TIMEUNIT}` : undefined;
  const members = [...(unit ? [unit] : []), ...(pk.length > 0 ? [`pk: ${listOf(pk)}`] : [])];
  return members.length === 0 ? undefined : `GROUP {${members.join(', ')}}`;
}

/** The bucket a rewrite proposes where SQL groups by raw `time` (a suggestion the user adjusts). */
export const DEFAULT_TIMEUNIT = '1m';

const NAME = String.raw`[A-Za-z_][\w.$]*`;
const LITERAL = String.raw`'[^']*'|"[^"]*"|-?\d+(?:\.\d+)?|[A-Za-z_][\w.$]*|\$[A-Za-z_]\w*`;

/** A SQL condition → the FILTER that keeps the same rows (key form when the reference has one, else `expr`). */
export function whereRewrite(condition: string): string {
  const cond = condition.trim();
  const simple = new RegExp(String.raw`^(${NAME})\s*(=|==|>=|<=|!=|<>)\s*(${LITERAL})$`, 's').exec(cond);
  if (simple) {
    const [, key, op, value] = simple as unknown as [string, string, string, string];
    const option = {
      '=': 'value',
      '==': 'value',
      '>=': 'over',
      '<=': 'under',
      '!=': 'exclude',
      '<>': 'exclude',
    }[op];
    return `FILTER {key: ${key}, ${option ?? 'value'}: ${singleQuoted(value)}}`;
  }
  const nullTest = new RegExp(String.raw`^(${NAME})\s+IS\s+(NOT\s+)?NULL$`, 'is').exec(cond);
  if (nullTest) return `FILTER {key: ${nullTest[1] ?? ''}, ${nullTest[2] ? 'exist' : 'notexist'}: true}`;
  const like = new RegExp(String.raw`^(${NAME})\s+LIKE\s+('[^']*'|"[^"]*")$`, 'is').exec(cond);
  if (like) {
    // SQL `%` wildcards become MXQL `*`; a pattern without them already means "contains".
    const pattern = (like[2] ?? "''").slice(1, -1).replace(/%/g, '*');
    return `FILTER {key: ${like[1] ?? ''}, like: '${pattern}'}`;
  }
  return `FILTER {expr: "${sqlToFormula(cond)}"}`;
}

/** A SQL string literal in MXQL's single quotes. */
function singleQuoted(value: string): string {
  return value.startsWith('"') ? `'${value.slice(1, -1)}'` : value;
}

/** SQL operators → formula operators (`AND` → `&&`, `=` → `==`, `<>` → `!=`), strings in single quotes. */
export function sqlToFormula(condition: string): string {
  return condition
    .replace(/"([^"]*)"/g, "'$1'")
    .replace(/\s+AND\s+/gi, ' && ')
    .replace(/\s+OR\s+/gi, ' || ')
    .replace(/<>/g, '!=')
    .replace(/([^=!<>])=(?!=)/g, '$1==');
}

/** `n OFFSET m` → `SKIP m` then `LIMIT n` (one line each, joined by `newline`). */
export function limitOffsetRewrite(rest: string, newline: string): string | undefined {
  const m = /^(\S+)\s+OFFSET\s+(\S+)$/i.exec(rest.trim());
  if (!m) return undefined;
  return `SKIP ${m[2] ?? ''}${newline}LIMIT ${m[1] ?? ''}`;
}

/** What a SQL select list means in MXQL: the columns, the table (`FROM`) and the other clauses. */
export interface SelectParts {
  readonly columns: readonly string[];
  readonly star: boolean;
  readonly from: string | undefined;
  readonly where: string | undefined;
  readonly groupBy: readonly string[];
  /** `BY a DESC, …` as written after ORDER. */
  readonly orderBy: string | undefined;
  readonly limit: string | undefined;
}

const SELECT_CLAUSES =
  /^(.*?)(?:\s+FROM\s+(\S+))?(?:\s+WHERE\s+(.+?))?(?:\s+GROUP\s+BY\s+(.+?))?(?:\s+ORDER\s+(BY\s+.+?))?(?:\s+LIMIT\s+(\S+))?\s*;?$/is;

/**
 * The parts of `a, avg(b) FROM t WHERE c GROUP BY a ORDER BY b DESC LIMIT 5` (or `*`), or undefined
 * when `rest` is no SQL select list: one bare column without `FROM` is a form MXQL reads itself.
 */
export function selectParts(rest: string): SelectParts | undefined {
  const m = SELECT_CLAUSES.exec(rest.trim());
  if (!m) return undefined;
  // `avg(tps) AS mean_tps`: the alias has no MXQL counterpart here; the column keeps its name.
  const columns = splitTopLevel(m[1] ?? '').map((c) => c.replace(/\s+AS\s+\S+$/i, ''));
  const from = m[2];
  const star = columns.length === 1 && columns[0] === '*';
  if (columns.length === 0 || (!star && from === undefined && columns.length < 2)) return undefined;
  return {
    columns: star ? [] : columns,
    star,
    from,
    where: m[3],
    groupBy: m[4] === undefined ? [] : splitTopLevel(m[4]),
    orderBy: m[5],
    limit: m[6],
  };
}

/** `avg(tps)` → the UPDATE reduction and the column; `count(*)` has no column (GROUP counts `_rows_`). */
function aggregateOf(column: string): { op: string; column: string | undefined } | undefined {
  const m = /^(avg|average|mean|min|max|count|sum)\s*\(\s*([^()]*?)\s*\)$/i.exec(column);
  if (!m) return undefined;
  const name = (m[1] ?? '').toLowerCase();
  const inner = m[2] ?? '';
  return {
    op: name === 'sum' ? 'sum' : (sqlAggregateOp(name) ?? 'avg'),
    column: inner === '*' || inner === '' ? undefined : inner,
  };
}

/**
 * The MXQL of a select list: `CATEGORY t` + `TAGLOAD` when it names a table and nothing is loaded
 * yet; the FILTER of its condition (first: it may test a column the list leaves out); the list as
 * SELECT; GROUP (`pk` from GROUP BY, aggregated columns merged) with one UPDATE per reduction; ORDER
 * and LIMIT.
 */
export function selectRewrite(parts: SelectParts, loaded: boolean, newline: string): string {
  const lines: string[] = [];
  if (parts.from !== undefined && !loaded) lines.push(`CATEGORY ${parts.from}`, 'TAGLOAD');
  if (parts.where !== undefined) lines.push(whereRewrite(parts.where));
  const aggregates = parts.columns.map(aggregateOf);
  const plain = parts.columns.filter((_, i) => aggregates[i] === undefined);
  const reduced = aggregates.flatMap((a) =>
    a?.column === undefined ? [] : [{ op: a.op, column: a.column }],
  );
  const merged = [...new Set(reduced.map((a) => a.column))];
  // Selecting before GROUP drops `time` unless listed, so GROUP reduces over the whole range, as SQL does.
  const selected = [
    ...new Set([...plain, ...parts.groupBy.filter((k) => k.toLowerCase() !== 'time'), ...merged]),
  ];
  lines.push(parts.star && merged.length === 0 ? 'SELECT' : `SELECT [${selected.join(', ')}]`);
  const grouped = parts.groupBy.length > 0 || aggregates.some((a) => a !== undefined);
  if (grouped) {
    const byTime = parts.groupBy.some((k) => k.toLowerCase() === 'time');
    const pk = parts.groupBy.filter((k) => k.toLowerCase() !== 'time');
    const members = [
      ...(byTime ? [`timeunit: ${DEFAULT_TIMEUNIT}`] : []),
      ...(pk.length > 0 ? [`pk: ${listOf(pk)}`] : []),
      ...(merged.length > 0 ? [`merge: ${listOf(merged)}`] : []),
    ];
    lines.push(`GROUP {${members.join(', ')}}`);
    for (const op of [...new Set(reduced.map((a) => a.op))]) {
      const keys = [...new Set(reduced.filter((a) => a.op === op).map((a) => a.column))];
      lines.push(`UPDATE {key: ${listOf(keys)}, value: ${op}}`);
    }
  }
  const order = parts.orderBy === undefined ? undefined : orderByRewrite(parts.orderBy);
  if (order !== undefined) lines.push(order);
  if (parts.limit !== undefined) lines.push(`LIMIT ${parts.limit}`);
  return lines.join(newline);
}
