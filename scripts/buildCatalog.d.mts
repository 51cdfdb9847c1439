// Types of the functions scripts/buildCatalog.mjs exports (the benchmark builds held-out catalogs with them).
import type { CatalogJson } from '../server/core/index';

/** The catalog from the shared metadata alone (no usage). */
export function metadataCatalog(sourceDir: string): CatalogJson;
/** The MXQL examples of the reference (its fenced code blocks). */
export function referenceExamples(referenceText: string): string[];
/** The bundled catalog: the metadata with the usage counted over `texts` applied. */
export function buildCatalogJson(metadata: CatalogJson, texts: readonly string[]): CatalogJson;
