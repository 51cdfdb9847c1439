/**
 * One search document per category: the terms of its name, its columns' names, our own descriptions
 * of it and its columns in English, Korean and Japanese, and what a workspace's queries say about it.
 * Each term remembers where it was found (a column, the name, the workspace), so a result can say why.
 */
import {
  UI_LANGUAGES,
  wordingFor,
  type CategoryCatalog,
  type CategoryInfo,
  type Column,
} from '../../server/core/index';
import { tokenize } from './tokenize';
import { type IndexSources, type WorkspaceEntry } from './types';

/** Where a term was found: a column's name, the category's name, public titles, or a workspace query. */
export const IN_NAME = '';
export const IN_TITLES = '\u0000titles';
export const IN_WORKSPACE = '\u0000workspace';

/**
 * How much a term counts by where it was found: names and what public dashboards call the data say
 * most, sentences less, and label-like column names (`kubernetes.io/os`, `wait/io/file/sql/binlog`,
 * `SQL Statistics.Batch Requests/sec`) least: they carry words of other domains wholesale.
 */
const WEIGHTS = {
  name: 3,
  titles: 3,
  column: 1,
  labelColumn: 0.15,
  description: 0.6,
  workspaceText: 2,
  workspaceColumn: 1,
} as const;

/** A column name that is a label or a path rather than an identifier: `/`, `.`, `:` or spaces in it. */
export function isLabelLike(name: string): boolean {
  return /[/.:\s]/.test(name.trim());
}

export interface CategoryDocument {
  readonly category: string;
  readonly info: CategoryInfo | undefined;
  /** Columns by name: the catalog's, then those only workspace queries read. */
  readonly columns: Map<string, Column | undefined>;
  /** Term → weighted count. */
  readonly terms: Map<string, number>;
  /** Term → where it was found. */
  readonly sources: Map<string, Set<string>>;
  /** The terms of the category's name. */
  readonly nameTerms: ReadonlySet<string>;
  /** How long the document looks to BM25: the weighted count of its name, column and workspace terms. */
  length: number;
  /** How many public queries read its columns (bundled counts). */
  readonly uses: number;
}

/**
 * Adds the terms of a text. `lengthShare` is how much they make the document look long: our
 * descriptions exist for a few categories only, and their words must not push those categories down.
 */
function add(doc: CategoryDocument, text: string, weight: number, source: string, lengthShare = 1): void {
  for (const term of tokenize(text)) {
    doc.terms.set(term, (doc.terms.get(term) ?? 0) + weight);
    doc.length += weight * lengthShare;
    let where = doc.sources.get(term);
    if (!where) doc.sources.set(term, (where = new Set()));
    where.add(source);
  }
}

/** Our description of a text in every display language: English, then its translations. */
function inEveryLanguage(english: string): string[] {
  return [
    english,
    ...UI_LANGUAGES.map((language) => wordingFor(language).text(english)).filter((t) => t !== english),
  ];
}

function emptyDocument(category: string, info: CategoryInfo | undefined): CategoryDocument {
  const columns = new Map<string, Column | undefined>();
  for (const column of [...(info?.tags ?? []), ...(info?.fields ?? [])]) columns.set(column.name, column);
  const uses = [...columns.values()].reduce((sum, c) => sum + (c?.uses ?? 0), 0);
  return {
    category,
    info,
    columns,
    terms: new Map(),
    sources: new Map(),
    nameTerms: new Set(tokenize(category)),
    length: 0,
    uses,
  };
}

function catalogDocument(catalog: CategoryCatalog, category: string, full: boolean): CategoryDocument {
  const info = catalog.getCategory(category);
  const doc = emptyDocument(category, info);
  add(doc, category, WEIGHTS.name, IN_NAME);
  // Each title word once: a category that many dashboards read does not say the words louder.
  if (full && info?.titles)
    add(doc, [...new Set(info.titles.flatMap((t) => tokenize(t)))].join(' '), WEIGHTS.titles, IN_TITLES);
  for (const [name, column] of doc.columns) {
    if (column?.deprecated) continue;
    add(doc, name, isLabelLike(name) ? WEIGHTS.labelColumn : WEIGHTS.column, name);
    if (full && column?.description)
      for (const text of inEveryLanguage(column.description)) add(doc, text, WEIGHTS.description, name, 0);
  }
  if (full && info?.description)
    for (const text of inEveryLanguage(info.description)) add(doc, text, WEIGHTS.description, IN_NAME, 0);
  return doc;
}

function learn(doc: CategoryDocument, entry: WorkspaceEntry): void {
  add(doc, entry.text, WEIGHTS.workspaceText, IN_WORKSPACE);
  for (const name of entry.columns) {
    if (!doc.columns.has(name)) doc.columns.set(name, undefined);
    add(doc, name, isLabelLike(name) ? WEIGHTS.labelColumn : WEIGHTS.workspaceColumn, name);
  }
}

/** The documents of every catalog category, and of workspace categories the catalog lacks. */
export function buildDocuments(sources: IndexSources): CategoryDocument[] {
  const full = sources.mode !== 'names';
  const docs = new Map<string, CategoryDocument>();
  for (const name of sources.catalog.categoryNames())
    docs.set(name, catalogDocument(sources.catalog, name, full));
  if (full) {
    for (const entry of sources.workspace ?? []) {
      let doc = docs.get(entry.category);
      if (!doc) {
        doc = emptyDocument(entry.category, undefined);
        add(doc, entry.category, WEIGHTS.name, IN_NAME);
        docs.set(entry.category, doc);
      }
      learn(doc, entry);
    }
  }
  return [...docs.values()];
}
