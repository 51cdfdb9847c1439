// The catalog the diagnostic tables run against: the project's bundled category data, so the cases
// exercise the same facts users get.
import { type CategoryCatalog } from '../../../server/core/index';
import { bundledCategoryCatalog } from '../../../server/core/catalog/bundledCatalog';

/** The category catalog over the bundled data. */
export function testFeatureCatalog(): CategoryCatalog {
  return bundledCategoryCatalog;
}
