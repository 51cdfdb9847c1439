/**
 * A category catalog extended with what a workspace's own queries read. Real queries name categories
 * and columns the bundled catalog lacks; once a workspace reads them, the editor treats them as known:
 * a category the catalog lacks becomes known with the columns seen (an open list: its other columns
 * are never reported unknown), and a known category accepts and offers the columns seen after its own.
 */
import { columnsOfCategory, splitCategorySuffix, type CategoryCatalog } from './categoryCatalog';
import { type CategoryInfo, type Column } from './categoryTypes';
import { suggestClosest } from './closestNames';
import { findIdentityColumn } from './systemColumns';

/** Category name (without roll-up suffix) → column name → how many workspace queries read it. */
export type LearnedColumns = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** What only one document reads: learned categories and columns it must not vouch for itself. */
export interface OwnReads {
  /** Categories no other query reads. */
  readonly categories: ReadonlySet<string>;
  /** Per category, columns no other query reads. */
  readonly columns: ReadonlyMap<string, ReadonlySet<string>>;
}

/** A catalog with learned columns, which can leave out what one document alone reads. */
export interface LearnedCategoryCatalog extends CategoryCatalog {
  /**
   * This catalog without `own`, for analysing the document that reads it: the document's own reads
   * then still warn there (a misspelt column does not vouch for itself). Shares this catalog's data.
   */
  without(own: OwnReads): CategoryCatalog;
}

/** Categories kept at most, the most read first: a workspace rarely reads more. */
export const MAX_LEARNED_CATEGORIES = 1_000;
/** Columns kept per category at most, the most read first. */
export const MAX_LEARNED_COLUMNS = 200;

/** `learned` within the caps: the most read categories, each with its most read columns. */
export function capLearned(learned: LearnedColumns): LearnedColumns {
  const within =
    learned.size <= MAX_LEARNED_CATEGORIES &&
    [...learned.values()].every((columns) => columns.size <= MAX_LEARNED_COLUMNS);
  if (within) return learned;
  // The most read column, then the number of columns: a loop, as a huge map cannot be spread.
  const total = (columns: ReadonlyMap<string, number>): number => {
    let most = 0;
    for (const n of columns.values()) most = Math.max(most, n);
    return most + columns.size;
  };
  const categories = [...learned]
    .sort(([a, x], [b, y]) => total(y) - total(x) || compareNames(a, b))
    .slice(0, MAX_LEARNED_CATEGORIES);
  return new Map(
    categories.map(([name, columns]) => [
      name,
      new Map(
        [...columns].sort(([a, x], [b, y]) => y - x || compareNames(a, b)).slice(0, MAX_LEARNED_COLUMNS),
      ),
    ]),
  );
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The learned columns `info` does not list, as fields marked with their workspace uses (identity
 * columns such as `oname` are every category's already).
 */
function extraFields(info: CategoryInfo | undefined, columns: ReadonlyMap<string, number>): Column[] {
  const listed = new Set(columnsOfCategory(info).map((c) => c.name));
  const out: Column[] = [];
  for (const [name, uses] of columns)
    if (!listed.has(name) && !findIdentityColumn(name))
      out.push({ name, kind: 'field', workspaceUses: uses });
  return out;
}

/** The catalog behind {@link withLearnedColumns}; category infos are made once per name. */
class LearnedCatalog implements LearnedCategoryCatalog {
  private readonly infos = new Map<string, CategoryInfo | undefined>();
  private names: readonly string[] | undefined;

  constructor(
    private readonly base: CategoryCatalog,
    private readonly learned: LearnedColumns,
  ) {}

  getCategory(raw: string): CategoryInfo | undefined {
    if (this.infos.has(raw)) return this.infos.get(raw);
    const made = this.extend(raw);
    this.infos.set(raw, made);
    return made;
  }

  isKnownCategory(name: string): boolean {
    return this.getCategory(name) !== undefined;
  }

  categoryNames(): readonly string[] {
    this.names ??= [...new Set([...this.base.categoryNames(), ...this.learned.keys()])].sort(compareNames);
    return this.names;
  }

  suggestCategories(name: string, max = 3): string[] {
    return suggestClosest(splitCategorySuffix(name).base, this.categoryNames(), max);
  }

  suggestColumns(name: string, columns: readonly (string | Column)[], max = 3): string[] {
    return this.base.suggestColumns(name, columns, max);
  }

  categoryColumns(name: string): readonly Column[] {
    return columnsOfCategory(this.getCategory(name));
  }

  columnUses(name: string): number {
    return this.base.columnUses(name);
  }

  loadError(): string | undefined {
    return this.base.loadError();
  }

  without(own: OwnReads): CategoryCatalog {
    return new WithoutOwnReads(this, this.base, own);
  }

  private extend(raw: string): CategoryInfo | undefined {
    const info = this.base.getCategory(raw);
    const columns = this.learned.get(splitCategorySuffix(raw).base);
    if (!columns) return info;
    const fields = extraFields(info, columns);
    if (info) return fields.length === 0 ? info : { ...info, fields: [...info.fields, ...fields] };
    // Only the workspace reads it: known, with an open column list.
    return {
      name: splitCategorySuffix(raw).base,
      tags: [],
      fields,
      columnsKnown: false,
      columnsComplete: false,
    };
  }
}

/** A learned catalog without one document's own reads; answers are made once per name. */
class WithoutOwnReads implements CategoryCatalog {
  private readonly infos = new Map<string, CategoryInfo | undefined>();
  private names: readonly string[] | undefined;

  constructor(
    private readonly learned: CategoryCatalog,
    private readonly base: CategoryCatalog,
    private readonly own: OwnReads,
  ) {}

  getCategory(raw: string): CategoryInfo | undefined {
    if (this.infos.has(raw)) return this.infos.get(raw);
    const made = this.hide(raw);
    this.infos.set(raw, made);
    return made;
  }

  isKnownCategory(name: string): boolean {
    return this.getCategory(name) !== undefined;
  }

  categoryNames(): readonly string[] {
    this.names ??= this.learned
      .categoryNames()
      .filter((name) => !this.own.categories.has(name) || this.base.isKnownCategory(name));
    return this.names;
  }

  suggestCategories(name: string, max = 3): string[] {
    return suggestClosest(splitCategorySuffix(name).base, this.categoryNames(), max);
  }

  suggestColumns(name: string, columns: readonly (string | Column)[], max = 3): string[] {
    return this.learned.suggestColumns(name, columns, max);
  }

  categoryColumns(name: string): readonly Column[] {
    return columnsOfCategory(this.getCategory(name));
  }

  columnUses(name: string): number {
    return this.learned.columnUses(name);
  }

  loadError(): string | undefined {
    return this.learned.loadError();
  }

  private hide(raw: string): CategoryInfo | undefined {
    const base = splitCategorySuffix(raw).base;
    if (this.own.categories.has(base)) return this.base.getCategory(raw);
    const info = this.learned.getCategory(raw);
    const hidden = this.own.columns.get(base);
    if (!info || !hidden) return info;
    return { ...info, fields: info.fields.filter((c) => !(c.workspaceUses && hidden.has(c.name))) };
  }
}

/**
 * `catalog` plus `learned`: every answer is the catalog's, except that learned categories are known and
 * learned columns are listed after the catalog's own with `workspaceUses`. A category known only from
 * the workspace keeps `columnsKnown` false, so no column of it is ever reported unknown.
 */
export function withLearnedColumns(
  catalog: CategoryCatalog,
  learned: LearnedColumns,
): LearnedCategoryCatalog {
  return new LearnedCatalog(catalog, capLearned(learned));
}
