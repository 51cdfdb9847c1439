// mxql_describe_category: what a category holds (tags and fields with type, unit and our own meaning),
// how it is loaded, and a query over it that the core's diagnostics accept.
import { validate, type CategoryCatalog, type CategoryInfo, type Column } from '../../server/core/index';
import { done, fenced, refuse } from '../results';
import { toolProse } from '../texts';
import type { ToolContext, ToolDefinition } from '../types';
import { COLUMN_SCHEMA, type ColumnFact } from './schemas';

export interface DescribeCategoryInput {
  readonly category: string;
}

/** How many close names an unknown category's refusal offers. */
const NEAREST = 5;
/** How many fields the example query selects. */
const EXAMPLE_FIELDS = 3;

function fact(c: Column): ColumnFact {
  return {
    name: c.name,
    ...(c.type ? { type: c.type } : {}),
    ...(c.unit ? { unit: c.unit } : {}),
    ...(c.description ? { meaning: c.description } : {}),
    ...(c.deprecated ? { deprecated: true } : {}),
  };
}

/** The fields an example reads: the ones public queries read most, never deprecated ones. */
function exampleFields(info: CategoryInfo): string[] {
  return [...info.fields]
    .filter((f) => !f.deprecated)
    .sort((a, b) => (b.uses ?? 0) - (a.uses ?? 0))
    .slice(0, EXAMPLE_FIELDS)
    .map((f) => f.name);
}

/** Candidate examples, richest first; the first the core finds no error in is shown. */
function exampleCandidates(info: CategoryInfo): string[] {
  const loader = info.loader ?? 'TAGLOAD';
  const head = `CATEGORY ${info.name}\n${loader}`;
  const tags = info.tags.some((t) => t.name === 'oname') ? ['oname'] : [];
  const fields = exampleFields(info);
  const candidates: string[] = [];
  if (fields.length > 0) candidates.push(`${head}\nSELECT [time, ${[...tags, ...fields].join(', ')}]\n`);
  candidates.push(`${head}\n`);
  if (loader !== 'TAGLOAD') candidates.push(`CATEGORY ${info.name}\nTAGLOAD\n`);
  return candidates;
}

/** A query over the category that has no error-severity diagnostic, or undefined. */
export function exampleQuery(info: CategoryInfo, catalog: CategoryCatalog): string | undefined {
  return exampleCandidates(info).find((text) =>
    validate(text, { catalog }).every((d) => d.severity !== 'error'),
  );
}

export const describeCategory: ToolDefinition<DescribeCategoryInput> = {
  name: 'mxql_describe_category',
  title: 'Describe an MXQL category',
  description:
    'Lists the tags and fields of one MXQL category (name, type, unit, meaning), its loader and intervals, and an example query that passes mxql_check. ' +
    'Use it after mxql_find_data, or when the user names a category, before writing a query over it. ' +
    "Do not use it to search: for words like 'slow transactions' call mxql_find_data first; an unknown name returns the nearest names. " +
    'Next: write the query, then mxql_check and mxql_run.',
  inputSchema: {
    type: 'object',
    properties: {
      category: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
        description: 'The category name, e.g. app_counter (a {m5}/{h1} suffix is ignored).',
      },
    },
    required: ['category'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      category: { type: 'string' },
      description: { type: 'string' },
      loader: { type: 'string' },
      interval: { type: 'array', items: { type: 'string' } },
      pk: { type: 'array', items: { type: 'string' } },
      columnsKnown: {
        type: 'boolean',
        description: 'False: the catalog lacks the columns; any name may be valid.',
      },
      tags: { type: 'array', items: COLUMN_SCHEMA },
      fields: { type: 'array', items: COLUMN_SCHEMA },
      example: { type: 'string', description: 'A query over the category that passes mxql_check.' },
    },
    required: ['category', 'columnsKnown', 'tags', 'fields'],
  },
  readsService: false,
  run(input, context) {
    const catalog = context.catalogs.categories;
    const info = catalog.getCategory(input.category);
    if (!info) {
      const nearest = catalog.suggestCategories(input.category, NEAREST);
      if (nearest.length === 0)
        refuse(context, 'category/unknown', 'unknownCategoryNoNearby', input.category);
      refuse(context, 'category/unknown', 'unknownCategory', input.category, nearest.join(', '));
    }
    const example = exampleQuery(info, catalog);
    const structured = {
      category: info.name,
      ...(info.description ? { description: info.description } : {}),
      ...(info.loader ? { loader: info.loader } : {}),
      ...(info.interval ? { interval: [...info.interval] } : {}),
      ...(info.pk ? { pk: [...info.pk] } : {}),
      columnsKnown: info.columnsKnown,
      tags: info.tags.map(fact),
      fields: info.fields.map(fact),
      ...(example ? { example } : {}),
    };
    return done(describeText(context, structured), structured);
  },
};

function columnLine(c: ColumnFact): string {
  const kind = [c.type, c.unit].filter(Boolean).join(', ');
  return `- ${c.name}${kind ? ` (${kind})` : ''}${c.meaning ? `: ${c.meaning}` : ''}${c.deprecated ? ' [deprecated]' : ''}`;
}

function describeText(
  context: ToolContext,
  s: {
    category: string;
    description?: string;
    loader?: string;
    interval?: string[];
    columnsKnown: boolean;
    tags: ColumnFact[];
    fields: ColumnFact[];
    example?: string;
  },
): string {
  const { locale } = context;
  const lines = [
    toolProse(
      locale,
      'categoryHead',
      s.category,
      s.tags.length,
      s.fields.length,
      s.loader ?? 'TAGLOAD',
      s.interval?.join(', ') ?? '?',
    ),
  ];
  if (s.description) lines.push(s.description);
  if (!s.columnsKnown) lines.push(toolProse(locale, 'categoryColumnsUnknown', s.category));
  if (s.tags.length > 0) lines.push('tags:', ...s.tags.map(columnLine));
  if (s.fields.length > 0) lines.push('fields:', ...s.fields.map(columnLine));
  lines.push(
    s.example
      ? `${toolProse(locale, 'exampleIntro')}\n${fenced(s.example.trimEnd(), 'mxql')}`
      : toolProse(locale, 'noExample'),
  );
  return lines.join('\n');
}
