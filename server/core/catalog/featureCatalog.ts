/**
 * The part of the catalog that column flow and validation rely on, in one place: command lookup and
 * category metadata, narrowed to what the features ask.
 */
import { findCommand, type CategoryCatalog, type CommandDef } from './index';

/** One column a category declares. */
export interface CatalogColumn {
  readonly name: string;
  readonly kind: 'tag' | 'field' | 'system';
}

/**
 * What the features ask the catalog. `columnsOf` returns undefined when the category's columns are
 * unknown (known without metadata, or not known at all): column checks then stay off.
 */
export interface FeatureCatalog {
  /** The definition of a command, matched case-insensitively, aliases included. */
  findCommand(name: string): CommandDef | undefined;
  /** True for every category the service is known to have, with or without column metadata. */
  isKnownCategory(name: string): boolean;
  /** System columns, tags and fields of a category, or undefined when they are not known. */
  columnsOf(name: string): readonly CatalogColumn[] | undefined;
  /** True when the catalog lists every column of the category (no evidence of missing ones). */
  isComplete(name: string): boolean;
  /** Close category names for a did-you-mean, best first. */
  suggestCategories(name: string): readonly string[];
}

const adapted = new WeakMap<CategoryCatalog, FeatureCatalog>();

/** The features' view of a category catalog (cached per catalog; column lists cached per category). */
export function featureCatalog(categories: CategoryCatalog): FeatureCatalog {
  const cached = adapted.get(categories);
  if (cached) return cached;
  const columns = new Map<string, readonly CatalogColumn[] | undefined>();
  const made: FeatureCatalog = {
    findCommand,
    isKnownCategory: (name) => categories.isKnownCategory(name),
    columnsOf: (name) => {
      if (columns.has(name)) return columns.get(name);
      const info = categories.getCategory(name);
      const list = info?.columnsKnown ? categories.categoryColumns(name) : undefined;
      columns.set(name, list);
      return list;
    },
    isComplete: (name) => categories.getCategory(name)?.columnsComplete === true,
    suggestCategories: (name) => categories.suggestCategories(name),
  };
  adapted.set(categories, made);
  return made;
}
