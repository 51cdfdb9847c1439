/**
 * The bundled catalog data imported inline, for hosts that ship it inside their bundle (the demo
 * engine, the CLI, tests). The language server does NOT import this module: it reads
 * dist/catalog/*.json on first use, so its bundle stays small. Keep this out of catalog/index.ts.
 */
import categoriesData from './data/categories.json';
import pathsData from './data/paths.json';
import { createCategoryCatalog, type CategoryCatalog } from './categoryCatalog';
import { type CatalogJson, type PathsJson } from './categoryTypes';
import { createPathCatalog, type PathCatalog } from './pathCatalog';

/** The bundled categories.json as data. */
export function loadBundledCategories(): CatalogJson {
  return categoriesData;
}

/** The bundled paths.json as data. */
export function loadBundledPaths(): PathsJson {
  return pathsData;
}

/** A category catalog over the bundled data. */
export const bundledCategoryCatalog: CategoryCatalog = createCategoryCatalog(loadBundledCategories);

/** A path catalog over the bundled data. */
export const bundledPathCatalog: PathCatalog = createPathCatalog(loadBundledPaths);
