/**
 * What each `-- @key` directive means, for directive completion and hover. The directive syntax itself
 * is parsed in syntax/directives.ts; this table only explains it.
 */
import { type DIRECTIVE_KEYS } from '../syntax/index';

/** Documentation of one directive key. */
export interface DirectiveDoc {
  readonly key: (typeof DIRECTIVE_KEYS)[number];
  readonly summary: string;
  readonly example: string;
  /** Snippet inserted after the key. */
  readonly snippet: string;
}

/** Every directive key with a one-line summary, an example value and a snippet. */
export const DIRECTIVE_DOCS: readonly DirectiveDoc[] = [
  {
    key: 'name',
    summary: 'A title for the query (free text).',
    example: 'TPS per agent',
    snippet: '${1:title}',
  },
  {
    key: 'range',
    summary: 'Relative time range: from now minus this duration until now.',
    example: '1h',
    snippet: '${1|15m,1h,6h,1d,7d|}',
  },
  {
    key: 'stime',
    summary: 'Absolute start time (ISO 8601, `yyyy-MM-dd HH:mm[:ss]` or epoch ms); needs `@etime`.',
    example: '2026-11-01 00:00',
    snippet: '${1:2026-01-01 00:00}',
  },
  {
    key: 'etime',
    summary: 'Absolute end time; used together with `@stime`.',
    example: '2026-11-01 06:00',
    snippet: '${1:2026-01-01 06:00}',
  },
  { key: 'limit', summary: 'Most rows to return (a positive integer).', example: '500', snippet: '${1:500}' },
  {
    key: 'param',
    summary: 'The value of a `$param` for runs of this file (the key keeps its `$`).',
    example: '$oid = 1234',
    snippet: '\\$${1:name} = ${2:value}',
  },
  {
    key: 'inject',
    summary: 'A named INJECT fragment; repeating the same name appends a line.',
    example: 'default = ORDER {key:[tps], sort:[desc]}',
    snippet: '${1:default} = ${2:ORDER {key: [tps], sort: [desc]\\}}',
  },
  {
    key: 'path',
    summary: 'Run the predefined query at this path instead of the file text.',
    example: '/app/act_tx/act_tx_oid',
    snippet: '/${1:path}',
  },
  {
    key: 'pcode',
    summary: 'The project code to run against (optional).',
    example: '12345',
    snippet: '${1:12345}',
  },
];

/** The documentation of a directive key (lower-case, without `@`), if it is one. */
export function findDirectiveDoc(key: string): DirectiveDoc | undefined {
  return DIRECTIVE_DOCS.find((d) => d.key === key.toLowerCase());
}
