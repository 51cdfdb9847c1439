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
  const total = (columns: ReadonlyMap<string, number>): number =>
    Math.max(0, ...columns.values()) + columns.size;
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
class LearnedCatalog implements CategoryCatalog {
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

/**
 * `catalog` plus `learned`: every answer is the catalog's, except that learned categories are known and
 * learned columns are listed after the catalog's own with `workspaceUses`. A category known only from
 * the workspace keeps `columnsKnown` false, so no column of it is ever reported unknown.
 */
export function withLearnedColumns(catalog: CategoryCatalog, learned: LearnedColumns): CategoryCatalog {
  return learned.size === 0 ? catalog : new LearnedCatalog(catalog, capLearned(learned));
}
