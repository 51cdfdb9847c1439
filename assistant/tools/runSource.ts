// A run's query read from a file of the user's workspace (`mxql_run`'s `file`, with `pointer` for a
// dashboard or rule JSON): the file becomes the text, `$params` and INJECT fragments a run sends, filled
// exactly as the editor and `mxql run FILE.json` fill a board's query (the core's boardValues: the
// model's own values first, then what the dashboard's author set; the fragments beside the query,
// then the model's), and each filled value names where it came from. A `.mxql` file is its text.
// The host reads the file (ToolContext.readWorkspaceFile), so a tool never touches a disk itself.
import {
  authoredValuesOfJson,
  boardInjects,
  boardValues,
  findJsonQueries,
  isInjectFragment,
  planRun,
  siblingFragments,
  type JsonQuery,
} from '../../server/core/index';
import type { ParamOrigin } from '../../common/resultsMessages';
import { refuse } from '../results';
import type { ToolContext } from '../types';

/** The inputs that name a query in a workspace file. */
export interface FileSourceInput {
  readonly file?: string;
  readonly pointer?: string;
  readonly mql?: string;
  readonly path?: string;
  readonly params?: Readonly<Record<string, string>>;
  readonly injects?: Readonly<Record<string, string>>;
}

/** Where a run's query came from, said back to the model with the values the file filled. */
export interface RunSource {
  readonly file: string;
  /** The query's JSON pointer, for a JSON file. */
  readonly pointer?: string;
  /** The `$params` the file's author set and the run sends, with where each came from. */
  readonly params: Readonly<Record<string, string>>;
  readonly paramOrigins: Readonly<Record<string, ParamOrigin>>;
}

/** Pointers listed when the model must choose one (a dashboard can hold hundreds). */
const POINTERS_LISTED = 20;

/** `{oid: 1}` and `{$oid: 1}` both name `$oid`, as `mxql run --param` reads them. */
export function dollarKeys(params: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([k, v]) => [k.startsWith('$') ? k : `$${k}`, String(v)]),
  );
}

/**
 * The input with its `file` read: the query text as `mql`, the author's `$params` and the fragments
 * beside it merged under the model's own; the input as it is when it names no file.
 */
export async function resolveRunSource<I extends FileSourceInput>(
  input: I,
  context: ToolContext,
): Promise<{ input: I; source?: RunSource }> {
  const { file, pointer } = input;
  if (file === undefined) {
    if (pointer !== undefined) refuse(context, 'run/input', 'pointerWithoutFile');
    return { input };
  }
  if (input.mql !== undefined || input.path !== undefined) refuse(context, 'run/input', 'mqlOrPath');
  if (!context.readWorkspaceFile) refuse(context, 'run/file', 'noWorkspaceFiles');
  const read = await context.readWorkspaceFile(file);
  if (!read.ok) refuse(context, 'run/file', 'fileUnreadable', file, read.reason);
  const { file: _file, pointer: _pointer, ...rest } = input;
  if (!/\.json$/i.test(file)) {
    if (pointer !== undefined) refuse(context, 'run/input', 'pointerNotJson', file);
    return { input: { ...rest, mql: read.text } as I, source: { file, params: {}, paramOrigins: {} } };
  }
  const scan = findJsonQueries(read.text);
  const queries = scan.queries.filter((q) => !isInjectFragment(q.pointer));
  const query = chosenQuery(queries, pointer, file, context);
  const given = dollarKeys(input.params);
  const injects = boardInjects(query.text, { ...siblingFragments(scan, query), ...input.injects });
  const values = boardValues(
    paramsUsed(query.text, injects, context),
    authoredValuesOfJson(read.text, query.pointer, query.text),
    given,
    'none',
  );
  const authored = Object.fromEntries(
    Object.entries(values.params).filter(([name]) => values.origins[name]?.kind !== 'given'),
  );
  const origins = Object.fromEntries(
    Object.entries(values.origins).filter(([, origin]) => origin.kind !== 'given'),
  );
  return {
    input: { ...rest, mql: query.text, params: { ...given, ...authored }, injects } as I,
    source: { file, pointer: query.pointer, params: authored, paramOrigins: origins },
  };
}

/** The query `pointer` names; the only one when none is named; otherwise a refusal listing the choices. */
function chosenQuery(
  queries: readonly JsonQuery[],
  pointer: string | undefined,
  file: string,
  context: ToolContext,
): JsonQuery {
  const listed = () => {
    const shown = queries.slice(0, POINTERS_LISTED).map((q) => q.pointer);
    const more = queries.length - shown.length;
    return more > 0 ? `${shown.join(', ')} (and ${more} more)` : shown.join(', ');
  };
  if (queries.length === 0) refuse(context, 'run/file', 'fileHasNoQueries', file);
  if (pointer === undefined) {
    const [only] = queries;
    if (only && queries.length === 1) return only;
    refuse(context, 'run/pointer', 'pointerNeeded', file, queries.length, listed());
  }
  const found = queries.find((q) => q.pointer === pointer);
  if (!found) refuse(context, 'run/pointer', 'pointerUnknown', pointer, file, listed());
  return found;
}

/** The `$params` a query's text uses with its fragments, as the one planner reads them. */
function paramsUsed(
  text: string,
  injects: Readonly<Record<string, string>>,
  context: ToolContext,
): readonly string[] {
  const plan = planRun({
    fileText: text,
    select: { kind: 'file' },
    overrides: { params: {}, injects: { ...injects } },
    now: context.now(),
    timezone: (ms) => context.timezone(ms),
    catalog: context.catalogs.categories,
  });
  return plan.query?.params ?? [];
}
