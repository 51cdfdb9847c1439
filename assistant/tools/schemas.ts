// JSON Schema pieces several tools share.
import type { JsonSchema } from '../types';

/** What a tool says about one column: facts only, and our own meaning where we wrote one. */
export interface ColumnFact {
  name: string;
  type?: string;
  unit?: string;
  meaning?: string;
  deprecated?: boolean;
}

export const COLUMN_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    type: { type: 'string' },
    unit: { type: 'string' },
    meaning: { type: 'string' },
    deprecated: { type: 'boolean' },
  },
  required: ['name'],
};

/** The project a reading tool ran on, as its result states it: the code and how the target is named. */
export const PROJECT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { pcode: { type: 'integer' }, target: { type: 'string' } },
  required: ['pcode', 'target'],
};

/** An optional project code. */
export const PCODE_SCHEMA: JsonSchema = {
  type: 'integer',
  minimum: 1,
  maximum: 2_147_483_647,
  description: 'The project code; default: the target’s project. mxql_list_projects lists them.',
};

/** MXQL text: a query file's content. 1 MB is far beyond any real query. */
export const MQL_SCHEMA: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 1_000_000,
  description: 'MXQL text, one command per line (directives such as -- @param may be included).',
};

/** The input of the tools that read only a query's text (mxql_check, mxql_explain). */
export const MQL_INPUT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { mql: MQL_SCHEMA },
  required: ['mql'],
  additionalProperties: false,
};
