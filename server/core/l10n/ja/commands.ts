import { type CatalogTranslation } from '../catalogText';
export const JA_COMMANDS: CatalogTranslation['commands'] = {};
