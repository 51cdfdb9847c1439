/**
 * Locates the shared MXQL reference material beside the repository (../shared/mxql). It is absent on
 * a user's clone; then checks that need it say so, unless MXQL_CORPUS=required makes that a failure.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository root. */
export const repoRoot = join(__dirname, '..', '..', '..');

const sharedRoot = join(repoRoot, '..', 'shared', 'mxql');

/** The text of a shared file (path relative to shared/mxql), or undefined when it is absent. */
export function readShared(relative: string): string | undefined {
  const path = join(sharedRoot, relative);
  if (existsSync(path)) return readFileSync(path, 'utf8');
  if (process.env.MXQL_CORPUS === 'required') {
    throw new Error(`MXQL_CORPUS=required but ${relative} is missing from ../shared/mxql`);
  }
  return undefined;
}

/** The absolute path of the shared catalog folder. */
export const sharedCatalogDir = join(sharedRoot, 'catalog');

/** A source category entry of the shared categories.json. */
export interface SourceCategory {
  interval?: string[];
  pk?: string[];
  loader?: string;
  description_en?: string;
  src?: string;
  tags: SourceColumn[];
  fields: SourceColumn[];
}

/** A source tag or field. */
export interface SourceColumn {
  name: string;
  type?: string;
  unit?: string;
  deprecated?: boolean;
  description_en?: string;
}

/** The shared categories.json parsed, or undefined when absent. */
export function readSourceCategories(): Record<string, SourceCategory> | undefined {
  const text = readShared('catalog/categories.json');
  return text === undefined ? undefined : (JSON.parse(text) as Record<string, SourceCategory>);
}
