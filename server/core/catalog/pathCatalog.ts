/**
 * The predefined query paths (for the path endpoint and for JOIN/APPEND `query:'/…'`), loaded lazily
 * through a host-supplied loader like the category catalog.
 */
import { type PathsJson } from './categoryTypes';
import { suggestClosest } from './closestNames';

/** Lookups over the predefined paths. */
export interface PathCatalog {
  /** All predefined paths, in file order. */
  predefinedPaths(): readonly string[];
  /** True when `path` is one of them (exact match). */
  isPredefinedPath(path: string): boolean;
  /** Up to `max` predefined paths close to `path`. */
  suggestPaths(path: string, max?: number): string[];
  /** Why the loader failed, when it did; the catalog then holds no paths. */
  loadError(): string | undefined;
}

class LazyPathCatalog implements PathCatalog {
  private paths: readonly string[] | undefined;
  private set: ReadonlySet<string> | undefined;
  private failure: string | undefined;

  constructor(private readonly loadJson: () => PathsJson) {}

  predefinedPaths(): readonly string[] {
    this.ensure();
    return this.paths ?? [];
  }

  isPredefinedPath(path: string): boolean {
    this.ensure();
    return this.set?.has(path) ?? false;
  }

  suggestPaths(path: string, max = 3): string[] {
    return suggestClosest(path, this.predefinedPaths(), max);
  }

  loadError(): string | undefined {
    this.ensure();
    return this.failure;
  }

  private ensure(): void {
    if (this.paths || this.failure !== undefined) return;
    try {
      const json: unknown = this.loadJson();
      const paths = (json as Partial<PathsJson> | null)?.paths;
      if (!Array.isArray(paths)) throw new Error('the predefined path file has an unexpected shape');
      this.paths = paths.filter((p): p is string => typeof p === 'string');
      this.set = new Set(this.paths);
    } catch (error) {
      this.failure = error instanceof Error ? error.message : String(error);
    }
  }
}

/** Creates a path catalog that calls `loadJson` on first use only. */
export function createPathCatalog(loadJson: () => PathsJson): PathCatalog {
  return new LazyPathCatalog(loadJson);
}
