/** Japanese translations of the catalog's sentences, keyed like the English tables. */
import { type CatalogTranslation } from './catalogText';
import { JA_COMMANDS } from './commands.ja';
import { JA_CATEGORIES, JA_FIELDS } from './fields.ja';
import {
  JA_DIRECTIVES,
  JA_FUNCTIONS,
  JA_INJECTS,
  JA_PARAMS,
  JA_SYSTEM_COLUMNS,
  JA_VALUES,
} from './values.ja';

/** Every catalog sentence in Japanese. */
export const JA_CATALOG: CatalogTranslation = {
  commands: JA_COMMANDS,
  fields: JA_FIELDS,
  categories: JA_CATEGORIES,
  values: JA_VALUES,
  functions: JA_FUNCTIONS,
  systemColumns: JA_SYSTEM_COLUMNS,
  params: JA_PARAMS,
  injects: JA_INJECTS,
  directives: JA_DIRECTIVES,
};
