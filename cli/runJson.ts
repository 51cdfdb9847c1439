// `mxql run` on a dashboard JSON file: every MXQL string the core finds in it (`mql`, `query`; the
// strings under `inject` are fragments, not queries) runs as `mxql run` runs a query file, through the one
// planner, with the board's conventions (server/core/embedded/board.ts): its INJECT timepast and default
// go empty unless --inject or an `inject` object beside the query gives them, and each $param takes
// --param, else what the dashboard's author set (the metric's or widget's `param`, the fields'
// timeMerge/objectMerge; core's boardValues), else it is refused like any other $param; each filled
// value names its origin. Each outcome names the JSON file's line and column and the pointer.
import {
  authoredValues,
  boardInjects,
  boardValues,
  findJsonQueries,
  isInjectFragment,
  jsonOffsetOf,
  lineColumnOf,
  lineStartsOf,
  siblingFragments,
  type JsonQuery,
} from '../server/core/index';
import type { Target } from './args';
import { readQueryFile } from './files';
import { localClock, planFile, prepareText, runPrepared, type FileRun, type RunFlags } from './runQuery';

/** A JSON file's problem as a failed run of the file. */
function fileFailure(path: string, code: string, message: string, line = 1, column = 1): FileRun {
  return { path, status: 'error', rows: [], ms: 0, error: { line, column, code, message, exitCode: 1 } };
}

/**
 * Runs every query of the JSON file `path`, one after another. A file a directory walk found is left
 * out (an empty list) when it holds no MXQL: most JSON files are not dashboards.
 */
/**
 * How a board's `$params` are filled: `authored` (--param, then the author's values; a merge nobody
 * set is refused with its choices), `default` (--param, then the board's default merge, as the preview
 * fills it when the author set nothing) or `unfilled` (only --param, the rule before authored values).
 * The dashboards bench compares them.
 */
export type BoardRule = 'authored' | 'default' | 'unfilled';

export async function runJsonFile(
  path: string,
  flags: RunFlags,
  target: Target,
  walked = false,
  rule: BoardRule = 'authored',
): Promise<FileRun[]> {
  const read = readQueryFile(path);
  if (!read.ok) return walked ? [] : [fileFailure(path, 'run/unreadable', read.reason)];
  const json = read.text;
  const scan = findJsonQueries(json);
  // A walked file is only a candidate: one without MXQL (malformed or not) is not a dashboard.
  if (walked && scan.queries.length === 0) return [];
  const starts = lineStartsOf(json);
  const runs: FileRun[] = [];
  const syntax = scan.problems.find((p) => p.kind === 'syntax');
  if (syntax) {
    const at = lineColumnOf(starts, syntax.offset);
    const message = `${syntax.message}; the queries after it were not run`;
    runs.push(fileFailure(path, 'json/syntax', message, at.line, at.column));
  }
  for (const problem of scan.problems.filter((p) => p.kind === 'not-a-string')) {
    const at = lineColumnOf(starts, problem.offset);
    runs.push({
      ...fileFailure(path, 'json/not-a-string', problem.message, at.line, at.column),
      ...(problem.pointer === undefined ? {} : { pointer: problem.pointer }),
    });
  }
  const queries = scan.queries.filter((q) => !isInjectFragment(q.pointer));
  if (queries.length === 0 && runs.length === 0)
    runs.push(
      fileFailure(
        path,
        'json/no-queries',
        'no MXQL to run in this JSON file (no string under a mql or query key)',
      ),
    );
  const root = rule === 'unfilled' ? null : rule === 'default' ? undefined : parsedOrUndefined(json);
  const fallback = rule === 'default' ? 'default' : 'none';
  for (const query of queries)
    runs.push(await runJsonQuery(path, starts, scan, { root, fallback }, query, flags, target));
  return runs.sort((a, b) => (a.error?.line ?? a.line ?? 0) - (b.error?.line ?? b.line ?? 0));
}

async function runJsonQuery(
  path: string,
  starts: readonly number[],
  scan: ReturnType<typeof findJsonQueries>,
  /** The parsed file (undefined when it does not parse; null leaves the board's values unfilled), and
   * whether a merge nobody set takes the board's default. */
  board: { root: unknown; fallback: 'default' | 'none' },
  query: JsonQuery,
  flags: RunFlags,
  target: Target,
): Promise<FileRun> {
  const given = { ...siblingFragments(scan, query), ...flags.injects };
  const injected: RunFlags = { ...flags, injects: boardInjects(query.text, given), line: undefined };
  // Only the $params the query uses are filled: --param first, then the author's, then the default.
  const used = planFile(query.text, { ...injected, params: {} }, localClock()).query?.params ?? [];
  const values =
    board.root === null
      ? { params: {}, origins: {} }
      : boardValues(
          used,
          authoredValues(board.root, query.pointer, query.text),
          flags.params,
          board.fallback,
        );
  const queryFlags: RunFlags = { ...injected, params: { ...flags.params, ...values.params } };
  const run = await runPrepared(path, () => prepareText(path, query.text, queryFlags), target);
  const string = lineColumnOf(starts, query.token.start + 1);
  const origins = Object.keys(values.origins).length > 0 ? { paramOrigins: values.origins } : {};
  const sent = Object.keys(values.params).length > 0 ? { params: values.params } : {};
  const placed = { ...run, pointer: query.pointer, ...string, ...sent, ...origins };
  if (!run.error) return placed;
  // The run's line is a line of the decoded query: say where that line starts in the JSON file.
  const textStarts = lineStartsOf(query.text);
  const decoded = textStarts[run.error.line - 1] ?? 0;
  const at = lineColumnOf(starts, jsonOffsetOf(query.map, decoded));
  const message = run.error.message.replace(/\bline (\d+)\b/, 'line $1 of the query');
  return { ...placed, error: { ...run.error, ...at, message } };
}

/** The parsed JSON text, or undefined when it does not parse (the scan reports why). */
function parsedOrUndefined(json: string): unknown {
  try {
    return JSON.parse(json.charCodeAt(0) === 0xfeff ? json.slice(1) : json);
  } catch {
    return undefined;
  }
}
