import { type CatalogTranslation } from '../catalogText';
export const JA_FIELDS: CatalogTranslation['fields'] = {};
export const JA_CATEGORIES: CatalogTranslation['categories'] = {};
