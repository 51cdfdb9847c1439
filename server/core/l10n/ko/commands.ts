import { type CatalogTranslation } from '../catalogText';
export const KO_COMMANDS: CatalogTranslation['commands'] = {};
