// mxql_list_paths: the service's predefined queries (the paths `mxql_run` takes instead of text), found by
// the words of their segments, with what is known of each: its family (the first segment after `/v2`), the
// words it is named by, and how it runs. A path the catalog does not hold is answered with the nearest.
import { done } from '../results';
import { toolProse } from '../texts';
import type { ToolDefinition } from '../types';

export interface ListPathsInput {
  readonly search?: string;
  readonly limit?: number;
}

/** Paths listed unless the model asks for more. */
const DEFAULT_PATHS = 30;
const MAX_PATHS = 200;

interface PathOut {
  path: string;
  family: string;
  words: string[];
}

/** The words a path is named by: its segments split at `_`, `-` and camel case, lower case, without `v2`. */
function wordsOf(path: string): string[] {
  return path
    .split('/')
    .filter((s) => s !== '' && s !== 'v2')
    .flatMap((s) => s.replace(/([a-z])([A-Z])/g, '$1 $2').split(/[_\-\s.]+/))
    .map((w) => w.toLowerCase())
    .filter((w) => w !== '');
}

/** `/v2/app/…` and `/app/…` are one family: the first segment after the version. */
function familyOf(path: string): string {
  return path.split('/').find((s) => s !== '' && s !== 'v2') ?? '';
}

function describe(path: string): PathOut {
  return { path, family: familyOf(path), words: wordsOf(path) };
}

/** How many of `terms` a path's words hold (a term matches a word it starts, so `act` finds `act_tx`). */
function score(words: readonly string[], path: string, terms: readonly string[]): number {
  let hits = 0;
  for (const term of terms)
    if (words.some((w) => w.startsWith(term)) || path.toLowerCase().includes(term)) hits++;
  return hits;
}

export const listPaths: ToolDefinition<ListPathsInput> = {
  name: 'mxql_list_paths',
  title: 'List predefined query paths',
  description:
    "Lists the service's predefined queries: paths such as /app/act_tx/act_tx_oid that mxql_run runs with path instead of mql. " +
    'Use it when the user names a predefined query, or to find one by words (search: "active transaction", "redis memory"); an exact path says whether it exists, else its nearest. ' +
    'Each path comes with its family (app, sys, db, redis …) and the words it is named by. A path run takes no $params; mxql_run passes injects to it.',
  inputSchema: {
    type: 'object',
    properties: {
      search: {
        type: 'string',
        maxLength: 200,
        description: 'Words to find in the paths, or an exact path; omit it to list the first paths.',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_PATHS,
        description: `Paths returned (default ${DEFAULT_PATHS}).`,
      },
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      total: { type: 'integer', minimum: 0, description: 'How many paths match in all.' },
      exact: { type: 'boolean', description: 'True when search is a path the catalog holds.' },
      paths: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            path: { type: 'string' },
            family: { type: 'string' },
            words: { type: 'array', items: { type: 'string' } },
          },
          required: ['path', 'family', 'words'],
        },
      },
    },
    required: ['total', 'paths'],
  },
  readsService: false,
  run(input, context) {
    // The host supplies the paths with the catalogs (the extension from dist/catalog, `mxql mcp` bundled).
    const catalog = context.catalogs.paths;
    const all = catalog?.predefinedPaths() ?? [];
    const limit = input.limit ?? DEFAULT_PATHS;
    const search = input.search?.trim() ?? '';
    const { locale } = context;
    if (search.startsWith('/')) {
      const exact = catalog?.isPredefinedPath(search) ?? false;
      const nearest = catalog?.suggestPaths(search, Math.min(limit, 5)) ?? [];
      const paths = (exact ? [search] : nearest).map(describe);
      const head = exact ? toolProse(locale, 'pathExists', search) : toolProse(locale, 'pathUnknown', search);
      return done([head, ...paths.map((p) => p.path)].join('\n'), { total: paths.length, exact, paths });
    }
    const terms = wordsOf(search.replace(/\s+/g, '_'));
    const ranked = all
      .map((path, i) => ({ path, i, hits: terms.length === 0 ? 1 : score(wordsOf(path), path, terms) }))
      .filter((r) => r.hits > 0)
      .sort((a, b) => b.hits - a.hits || a.i - b.i);
    const paths = ranked.slice(0, limit).map((r) => describe(r.path));
    const text =
      paths.length === 0
        ? toolProse(locale, 'pathsNone', search)
        : [toolProse(locale, 'pathsHead', ranked.length, paths.length), ...paths.map((p) => p.path)].join(
            '\n',
          );
    return done(text, { total: ranked.length, paths });
  },
};
