/**
 * The catalogs read lazily from their two bundled JSON files (`categories.json`, `paths.json`, copied to
 * `dist/catalog/`), by a reader the host injects: the language server and the extension host both load
 * them this way, so the data is parsed only when a feature first needs it and no bundle carries it. A
 * file that cannot be read or parsed leaves its catalog unavailable (every category known, columns
 * unknown, so nothing false is reported) and the host is told once.
 */
import { createCategoryCatalog, type CategoryCatalog } from './categoryCatalog';
import { type CatalogJson, type PathsJson } from './categoryTypes';
import { createPathCatalog, type PathCatalog } from './pathCatalog';

/** The names of the catalog files. */
export const CATALOG_FILES = { categories: 'categories.json', paths: 'paths.json' } as const;

/** Catalogs whose data `read(file)` gives as JSON text on first use; `onError` hears of a failed file. */
export function catalogsFromFiles(
  read: (file: string) => string,
  onError: (file: string, error: unknown) => void,
): { categories: CategoryCatalog; paths: PathCatalog } {
  const json = <T>(file: string): T => {
    try {
      return JSON.parse(read(file)) as T;
    } catch (error) {
      onError(file, error);
      throw error;
    }
  };
  return {
    categories: createCategoryCatalog(() => json<CatalogJson>(CATALOG_FILES.categories)),
    paths: createPathCatalog(() => json<PathsJson>(CATALOG_FILES.paths)),
  };
}
