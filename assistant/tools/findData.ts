// mxql_find_data: from words (English, Korean, Japanese) to the categories and columns that answer
// them, through the data search of ../findData. The index is built once per catalog and workspace.
import { PRODUCT_LINES, type CategoryCatalog } from '../../server/core/index';
import { buildDataIndex, learnFromQueries, type DataIndex, type FoundCategory } from '../findData/index';
import { done } from '../results';
import { toolProse } from '../texts';
import type { ToolContext, ToolDefinition } from '../types';
import { COLUMN_SCHEMA } from './schemas';

export interface FindDataInput {
  readonly query: string;
  readonly limit?: number;
  readonly productLine?: string;
}

const indexes = new WeakMap<CategoryCatalog, { queries: readonly string[]; index: DataIndex }>();

/** The index of this catalog and workspace, built again only when either changes. */
function indexFor(context: ToolContext): DataIndex {
  const catalog = context.catalogs.categories;
  const queries = context.workspaceQueries?.() ?? [];
  const cached = indexes.get(catalog);
  if (cached && cached.queries.length === queries.length && cached.queries.every((q, i) => q === queries[i]))
    return cached.index;
  const workspace = queries.length > 0 ? learnFromQueries(queries, catalog) : [];
  const index = buildDataIndex({ catalog, workspace });
  indexes.set(catalog, { queries: [...queries], index });
  return index;
}

function matchLine(m: FoundCategory): string {
  const columns = m.columns.map((c) => `${c.name}${c.unit ? ` (${c.unit})` : ''}`).join(', ');
  const where = [m.productLine, m.interval].filter(Boolean).join(', ');
  return `- ${m.category}${where ? ` [${where}]` : ''}: ${m.description}\n  ${m.why}${columns ? `; ${columns}` : ''}`;
}

export const findData: ToolDefinition<FindDataInput> = {
  name: 'mxql_find_data',
  title: 'Find monitoring data by meaning',
  description:
    "Finds the MXQL categories (and their columns) that hold what the user asks about, from words in English, Korean or Japanese, e.g. 'slow SQL per database', 'heap memory of JVMs', '응답시간'. " +
    'Use it FIRST whenever you do not know the category name; never guess category names. ' +
    'Product and dashboard names work too (kafka broker, VMware hosts). When nothing matches well it says so: then do not pick a category. ' +
    'Not needed when the user gives a category. Next: mxql_describe_category on the best match, then write the query.',
  inputSchema: {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        minLength: 1,
        maxLength: 500,
        description: 'What the user wants to see, in their words.',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: 20,
        description: 'How many categories at most (default 5).',
      },
      productLine: {
        enum: PRODUCT_LINES.filter((line) => line !== 'any'),
        description: 'Only categories of this product line (and those of every line, such as events).',
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      matches: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            category: { type: 'string' },
            productLine: { type: 'string' },
            description: { type: 'string' },
            interval: { type: 'string' },
            why: { type: 'string' },
            columns: { type: 'array', items: COLUMN_SCHEMA },
            score: { type: 'number' },
          },
          required: ['category', 'description', 'why', 'columns', 'score'],
        },
      },
    },
    required: ['matches'],
  },
  readsService: false,
  run(input, context) {
    const matches = indexFor(context).find(input.query, {
      ...(input.limit !== undefined ? { limit: input.limit } : {}),
      ...(input.productLine !== undefined ? { productLine: input.productLine } : {}),
    });
    const text =
      matches.length === 0
        ? toolProse(context.locale, 'foundNone')
        : [toolProse(context.locale, 'foundHead', matches.length), ...matches.map(matchLine)].join('\n');
    return done(text, { matches });
  },
};
