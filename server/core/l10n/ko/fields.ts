import { type CatalogTranslation } from '../catalogText';
export const KO_FIELDS: CatalogTranslation['fields'] = {};
export const KO_CATEGORIES: CatalogTranslation['categories'] = {};
