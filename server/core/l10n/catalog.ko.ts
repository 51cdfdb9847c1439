/** Korean translations of the catalog's sentences, keyed like the English tables. */
import { type CatalogTranslation } from './catalogText';
import { KO_COMMANDS } from './commands.ko';
import { KO_CATEGORIES, KO_FIELDS } from './fields.ko';
import {
  KO_DIRECTIVES,
  KO_FUNCTIONS,
  KO_INJECTS,
  KO_PARAMS,
  KO_SYSTEM_COLUMNS,
  KO_VALUES,
} from './values.ko';

/** Every catalog sentence in Korean. */
export const KO_CATALOG: CatalogTranslation = {
  commands: KO_COMMANDS,
  fields: KO_FIELDS,
  categories: KO_CATEGORIES,
  values: KO_VALUES,
  functions: KO_FUNCTIONS,
  systemColumns: KO_SYSTEM_COLUMNS,
  params: KO_PARAMS,
  injects: KO_INJECTS,
  directives: KO_DIRECTIVES,
};
