/**
 * Files and the queries they hold, shared by every test of "what a query is": the core, the CodeLens
 * (in the real VS Code), Run Query at Cursor, `mxql run --line` and the server's `mxql/queryAtCursor`
 * must all find exactly these boundaries. Each query is given as its first and last line (0-based).
 */
export interface QueryBoundaryCase {
  readonly name: string;
  readonly text: string;
  /** `[firstLine, lastLine]` of each query's own lines, in order. */
  readonly queries: readonly (readonly [number, number])[];
}

const lines = (...all: string[]): string => all.join('\n');

export const QUERY_BOUNDARY_CASES: readonly QueryBoundaryCase[] = [
  {
    name: 'two queries apart, directives and comments around them',
    text: lines(
      '-- @range 1h',
      '-- @param $oid = 1',
      '',
      'CATEGORY app_counter',
      'TAGLOAD',
      '',
      '',
      '# second',
      'CATEGORY app_host',
      'TAGLOAD',
      '',
    ),
    queries: [
      [3, 4],
      [8, 9],
    ],
  },
  {
    name: 'CATEGORY, a blank line, then its TAGLOAD is one query',
    text: lines('CATEGORY app_counter', '', 'TAGLOAD', '', 'SELECT [oid, tps]'),
    queries: [[0, 4]],
  },
  {
    name: 'a blank line inside brackets does not split',
    text: lines('CATEGORY app_counter', 'TAGLOAD', 'SELECT [', '  oid,', '', '  tps', ']', 'LIMIT 5'),
    queries: [[0, 7]],
  },
  {
    name: 'every loader after a loaded query starts a new query',
    text: lines(
      'CATEGORY app_counter',
      'TAGLOAD',
      '',
      'KV.LOAD server_inventory',
      '',
      'LogCountLoad',
      '',
      'LogSink {backward: true}',
      '',
      "KV.SNAPSHOT {table: server_inventory, target: '20260101'}",
      '',
      'FLEXLOAD',
      '',
      'TAGLOAD',
    ),
    queries: [
      [0, 1],
      [3, 3],
      [5, 5],
      [7, 7],
      [9, 9],
      [11, 11],
      [13, 13],
    ],
  },
  {
    name: 'a block without a source or loader continues the query; --- separates',
    text: lines(
      'HEADER {x: 1}',
      '',
      'CATEGORY a',
      'TAGLOAD',
      '',
      'SELECT [oid]',
      '',
      '--- next',
      'CATEGORY b',
    ),
    queries: [
      [0, 5],
      [8, 8],
    ],
  },
  {
    name: 'SUB blocks belong to the queries that use them',
    text: lines(
      'SUB top5',
      'CATEGORY app_counter',
      'TAGLOAD',
      'END',
      '',
      'CATEGORY app_counter',
      'TAGLOAD',
      'JOIN {query: top5, field: oid}',
      '',
      'CATEGORY app_host',
      'TAGLOAD',
    ),
    queries: [
      [5, 7],
      [9, 10],
    ],
  },
  {
    name: 'CRLF line ends',
    text: 'CATEGORY a\r\nTAGLOAD\r\n\r\nCATEGORY b\r\nTAGLOAD\r\n',
    queries: [
      [0, 1],
      [3, 4],
    ],
  },
  {
    name: 'a file of comments and directives has no query',
    text: lines('-- @range 1h', '-- just a note', '# and another', ''),
    queries: [],
  },
];
