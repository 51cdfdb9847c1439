/**
 * The `-- @key value` directives: every key, how its value is read, whether a second line of it is a
 * mistake, and what it means (summary, example, snippet). The one owner of directive knowledge: the
 * directive parser (`syntax/directives.ts`), the checks, completion, hover, the translations (keyed by
 * directive key) and the extension all read this table.
 */

/**
 * How a directive's value is read: free `text`; a `duration` (`1h`); an absolute `time`; a
 * `positiveInteger`; a `$param = value` or `fragment = MXQL` assignment; a predefined `queryPath`.
 */
export type DirectiveValueKind =
  'text' | 'duration' | 'time' | 'positiveInteger' | 'paramAssignment' | 'fragmentAssignment' | 'queryPath';

/** One directive key and what it means. */
export interface DirectiveDef {
  /** The word after `@`, lower-case. */
  readonly key: string;
  readonly value: DirectiveValueKind;
  /** Whether a second line of the key is a mistake (a later line would silently win). */
  readonly single: boolean;
  /** One line in English; the translations are keyed by {@link DirectiveDef.key}. */
  readonly summary: string;
  readonly example: string;
  /** Snippet inserted after the key. */
  readonly snippet: string;
}

/** Every directive, in the order completion offers them. */
export const DIRECTIVES = [
  {
    key: 'name',
    // A title: a file of several queries titles each one, so a second `@name` is not a mistake.
    value: 'text',
    single: false,
    summary: 'A title for the query (free text).',
    example: 'TPS per agent',
    snippet: '${1:title}',
  },
  {
    key: 'range',
    value: 'duration',
    single: true,
    summary: 'Relative time range: from now minus this duration until now.',
    example: '1h',
    snippet: '${1|15m,1h,6h,1d,7d|}',
  },
  {
    key: 'stime',
    value: 'time',
    single: true,
    summary: 'Absolute start time (ISO 8601, `yyyy-MM-dd HH:mm[:ss]` or epoch ms); needs `@etime`.',
    example: '2026-11-01 00:00',
    snippet: '${1:2026-01-01 00:00}',
  },
  {
    key: 'etime',
    value: 'time',
    single: true,
    summary: 'Absolute end time; used together with `@stime`.',
    example: '2026-11-01 06:00',
    snippet: '${1:2026-01-01 06:00}',
  },
  {
    key: 'limit',
    value: 'positiveInteger',
    single: true,
    summary: 'Most rows to return (a positive integer).',
    example: '500',
    snippet: '${1:500}',
  },
  {
    key: 'param',
    value: 'paramAssignment',
    single: false,
    summary: 'The value of a `$param` for runs of this file (the key keeps its `$`).',
    example: '$oid = 1234',
    snippet: '\\$${1:name} = ${2:value}',
  },
  {
    key: 'inject',
    value: 'fragmentAssignment',
    single: false,
    summary: 'A named INJECT fragment; repeating the same name appends a line.',
    example: 'default = ORDER {key:[tps], sort:[desc]}',
    snippet: '${1:default} = ${2:ORDER {key: [tps], sort: [desc]\\}}',
  },
  {
    key: 'path',
    value: 'queryPath',
    single: true,
    summary: 'Run the predefined query at this path instead of the file text.',
    example: '/app/act_tx/act_tx_oid',
    snippet: '/${1:path}',
  },
  {
    key: 'pcode',
    value: 'positiveInteger',
    single: true,
    summary: 'The project code to run against (optional).',
    example: '12345',
    snippet: '${1:12345}',
  },
] as const satisfies readonly DirectiveDef[];

/** A directive key (lower-case, without `@`). */
export type DirectiveKey = (typeof DIRECTIVES)[number]['key'];

/** The directive keys, in table order. */
export const DIRECTIVE_KEYS: readonly DirectiveKey[] = DIRECTIVES.map((d) => d.key);

/** The directive of `key` (any case, without `@`), if it is one. */
export function findDirective(key: string): (typeof DIRECTIVES)[number] | undefined {
  const lower = key.toLowerCase();
  return DIRECTIVES.find((d) => d.key === lower);
}

/** The line that sets directive `key` to `value` (`-- @pcode 12345`). */
export function directiveLine(key: DirectiveKey, value: string | number): string {
  return `-- @${key} ${value}`;
}
