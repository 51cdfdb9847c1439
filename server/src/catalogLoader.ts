/**
 * Loads the category and path catalogs lazily from `dist/catalog/*.json` next to the bundle, so that
 * server.js stays small and the data is read only when a feature first needs it. A missing or broken
 * file leaves the catalog "unavailable" (the core then treats every category as known with unknown
 * columns, so nothing false is reported) and writes one log line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogsFromFiles, type LanguageCatalogs } from '../core/index';

/** Where the catalog files are: `dist/catalog` beside dist/server.js, or the sources when run from TS. */
export function catalogDirectory(): string {
  return join(__dirname, 'catalog');
}

/** Catalogs reading `categories.json` and `paths.json` from `dir` on first use. */
export function loadCatalogs(dir: string, log: (message: string) => void): LanguageCatalogs {
  return catalogsFromFiles(
    (file) => readFileSync(join(dir, file), 'utf8'),
    (file, error) =>
      log(
        `MXQL catalog ${file} could not be read from ${dir}: ${String(error)}. Category and path checks are off.`,
      ),
  );
}
