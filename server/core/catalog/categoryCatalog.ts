/**
 * The category catalog over a lazily loaded compact JSON. The core cannot read files, so the host
 * injects a loader; it runs on first use only, keeping start-up free of the catalog's cost.
 */
import {
  COLUMN_TYPE_CODES,
  type CatalogJson,
  type CategoryInfo,
  type Column,
  type ColumnKind,
  type CompactCategory,
  type CompactColumn,
} from './categoryTypes';
import { splitCategorySuffix } from '../../../common/categoryName';
import { suggestClosest } from './closestNames';
import { CATEGORY_DESCRIPTIONS, FIELD_DESCRIPTIONS, describeField } from './fieldDescriptions';
import { AGENT_COLUMNS, SYSTEM_COLUMNS, findIdentityColumn } from './systemColumns';

/** Category lookups. Every method is safe to call with any user text. */
export interface CategoryCatalog {
  /** The category named (a `{m5}`-style suffix and surrounding quotes are ignored), or undefined. */
  getCategory(name: string): CategoryInfo | undefined;
  /** True for categories with metadata and for those real queries use without metadata. */
  isKnownCategory(name: string): boolean;
  /** All known category names, sorted. */
  categoryNames(): readonly string[];
  /** Up to `max` known names close to `name` (edit distance, case-insensitive). */
  suggestCategories(name: string, max?: number): string[];
  /** Up to `max` of `columns` close to `name`. */
  suggestColumns(name: string, columns: readonly (string | Column)[], max?: number): string[];
  /** System, tag and field columns of a category, without duplicates; empty when unknown. */
  categoryColumns(name: string): readonly Column[];
  /** How many public queries read a column of this name, over all categories (0 when none). */
  columnUses(name: string): number;
  /** Why the loader failed, when it did; the catalog then treats every name as known. */
  loadError(): string | undefined;
}

interface Loaded {
  readonly json: CatalogJson;
  readonly names: readonly string[];
  readonly infos: Map<string, CategoryInfo>;
  /** Column name → uses over all categories, summed on first use. */
  uses?: Map<string, number>;
}

/** Splits `app_counter{m5}` into the base name and the roll-up suffix; the one reading is common/'s. */
export { splitCategorySuffix };

function describeColumn(category: string, name: string): string | undefined {
  return describeField(category, name) ?? findIdentityColumn(name)?.description;
}

function decodeColumn(
  compact: CompactColumn,
  kind: ColumnKind,
  category: string,
  usage?: Readonly<Record<string, number>>,
): Column {
  const [name = '', typeCode, unit, deprecated] = typeof compact === 'string' ? [compact] : compact;
  const type = typeof typeCode === 'string' ? (COLUMN_TYPE_CODES[typeCode] ?? typeCode) : undefined;
  const description = describeColumn(category, String(name));
  const uses = usage && Object.hasOwn(usage, String(name)) ? usage[String(name)] : undefined;
  return {
    name: String(name),
    kind,
    ...(uses ? { uses } : {}),
    ...(type ? { type } : {}),
    ...(typeof unit === 'string' ? { unit } : {}),
    ...(deprecated === 1 ? { deprecated: true } : {}),
    ...(description ? { description } : {}),
  };
}

function decodeCategory(name: string, compact: CompactCategory, titles?: readonly string[]): CategoryInfo {
  const description = CATEGORY_DESCRIPTIONS[name];
  const fields = [...(compact.f ?? []), ...(compact.q ?? [])];
  // Columns we described from real result rows (agent_list) complete an incomplete list as hints.
  const listed = new Set(fields.map((c) => String(typeof c === 'string' ? c : c[0])));
  const described =
    compact.u === 1 ? Object.keys(FIELD_DESCRIPTIONS[name] ?? {}).filter((c) => !listed.has(c)) : [];
  return {
    name,
    tags: (compact.t ?? []).map((c) => decodeColumn(c, 'tag', name, compact.n)),
    fields: [
      ...(compact.f ?? []).map((c) => decodeColumn(c, 'field', name, compact.n)),
      ...(compact.q ?? []).map((c) => ({ ...decodeColumn(c, 'field', name, compact.n), fromQueries: true })),
      ...described.map((c) => decodeColumn(c, 'field', name, compact.n)),
    ],
    ...(compact.i ? { interval: compact.i } : {}),
    ...(compact.k ? { pk: compact.k } : {}),
    ...(compact.l ? { loader: compact.l } : {}),
    columnsKnown: compact.u !== 1,
    columnsComplete: compact.u !== 1 && compact.p !== 1,
    ...(description ? { description } : {}),
    ...(titles?.length ? { titles } : {}),
  };
}

/**
 * A category real queries use without published metadata. Columns we described from real result
 * rows (agent_list) are listed as hints; `columnsKnown` stays false either way.
 */
function decodeWithoutColumns(name: string, loader: string, titles?: readonly string[]): CategoryInfo {
  const description = CATEGORY_DESCRIPTIONS[name];
  return {
    name,
    tags: [],
    fields: Object.keys(FIELD_DESCRIPTIONS[name] ?? {}).map((c) => decodeColumn(c, 'field', name)),
    ...(loader ? { loader } : {}),
    columnsKnown: false,
    columnsComplete: false,
    ...(description ? { description } : {}),
    ...(titles?.length ? { titles } : {}),
  };
}

function isCatalogJson(value: unknown): value is CatalogJson {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<CatalogJson>;
  return typeof candidate.categories === 'object' && typeof candidate.knownWithoutColumns === 'object';
}

function describeFailure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The catalog behind {@link createCategoryCatalog}; state is loaded on first use. */
class LazyCategoryCatalog implements CategoryCatalog {
  private loaded: Loaded | undefined;
  private failure: string | undefined;

  constructor(private readonly loadJson: () => CatalogJson) {}

  getCategory(raw: string): CategoryInfo | undefined {
    const { base, suffix } = splitCategorySuffix(raw);
    const data = this.data();
    if (!data) {
      return this.failure !== undefined && base
        ? { name: base, tags: [], fields: [], columnsKnown: false, columnsComplete: false }
        : undefined;
    }
    // A few roll-ups have metadata of their own (`visitor{h1}`); prefer it over the base category.
    const exact = suffix === undefined ? undefined : this.lookup(data, `${base}{${suffix}}`);
    return exact ?? this.lookup(data, base);
  }

  isKnownCategory(name: string): boolean {
    return this.getCategory(name) !== undefined;
  }

  categoryNames(): readonly string[] {
    return this.data()?.names ?? [];
  }

  suggestCategories(name: string, max = 3): string[] {
    return suggestClosest(splitCategorySuffix(name).base, this.categoryNames(), max);
  }

  suggestColumns(name: string, columns: readonly (string | Column)[], max = 3): string[] {
    return suggestClosest(
      name,
      columns.map((c) => (typeof c === 'string' ? c : c.name)),
      max,
    );
  }

  categoryColumns(name: string): readonly Column[] {
    return columnsOfCategory(this.getCategory(name));
  }

  loadError(): string | undefined {
    this.data();
    return this.failure;
  }

  columnUses(name: string): number {
    const data = this.data();
    if (!data) return 0;
    if (!data.uses) {
      const uses = new Map<string, number>();
      for (const category of Object.values(data.json.categories))
        for (const [column, n] of Object.entries(category.n ?? {}))
          uses.set(column, (uses.get(column) ?? 0) + n);
      data.uses = uses;
    }
    return data.uses.get(name) ?? 0;
  }

  private lookup(data: Loaded, name: string): CategoryInfo | undefined {
    const cached = data.infos.get(name);
    if (cached) return cached;
    const made = this.decode(data.json, name);
    if (made) data.infos.set(name, made);
    return made;
  }

  private decode(json: CatalogJson, base: string): CategoryInfo | undefined {
    const titles = json.titles && Object.hasOwn(json.titles, base) ? json.titles[base] : undefined;
    if (Object.hasOwn(json.categories, base)) {
      const compact = json.categories[base];
      return compact ? decodeCategory(base, compact, titles) : undefined;
    }
    const loader = Object.hasOwn(json.knownWithoutColumns, base) ? json.knownWithoutColumns[base] : undefined;
    return loader === undefined ? undefined : decodeWithoutColumns(base, loader, titles);
  }

  private data(): Loaded | undefined {
    if (this.loaded || this.failure !== undefined) return this.loaded;
    try {
      const json: unknown = this.loadJson();
      if (!isCatalogJson(json)) throw new Error('the category catalog file has an unexpected shape');
      const names = [...Object.keys(json.categories), ...Object.keys(json.knownWithoutColumns)].sort();
      this.loaded = { json, names, infos: new Map() };
    } catch (error) {
      this.failure = describeFailure(error);
    }
    return this.loaded;
  }
}

/**
 * Creates a catalog that calls `loadJson` the first time any method needs data, and never again.
 * A loader that throws or returns something else than a catalog leaves the catalog "unavailable":
 * {@link CategoryCatalog.loadError} says why and every name counts as known with unknown columns,
 * so features degrade instead of reporting false errors.
 */
export function createCategoryCatalog(loadJson: () => CatalogJson): CategoryCatalog {
  return new LazyCategoryCatalog(loadJson);
}

/** System, tag and field columns of `category` without duplicates (agent columns when its list is open). */
export function columnsOfCategory(category: CategoryInfo | undefined): readonly Column[] {
  if (!category) return [];
  const seen = new Set<string>();
  const out: Column[] = [];
  for (const column of [...SYSTEM_COLUMNS, ...category.tags, ...category.fields]) {
    if (seen.has(column.name)) continue;
    seen.add(column.name);
    out.push(column);
  }
  for (const agent of AGENT_COLUMNS) {
    if (!seen.has(agent.name) && !category.columnsKnown) out.push(agent);
  }
  return out;
}
