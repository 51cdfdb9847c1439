/**
 * The catalog's description sentences (commands, options, columns, categories, values, functions,
 * `$params`, INJECT names, directives) paired with their translations. English stays in the catalog
 * tables; a translation table has the same keys (command and option names, category and column
 * names, values), and {@link catalogSentences} walks both so a test can list every English sentence
 * without a translation.
 */
import {
  AGENT_COLUMNS,
  CATEGORY_DESCRIPTIONS,
  COMMANDS,
  DIRECTIVES,
  EXPRESSION_FUNCTIONS,
  FIELD_DESCRIPTIONS,
  GENERATED_COLUMNS,
  INJECT_NAMES,
  SYSTEM_COLUMNS,
  VALUE_LISTS,
  WELL_KNOWN_PARAMS,
  type DirectiveKey,
  type OptionDef,
  type ValueListName,
} from '../catalog/index';

/** Sentences by name (option, column, value …). */
type ByName = Readonly<Record<string, string>>;

/** The translation of one command's sentences. */
export interface CommandTranslation {
  readonly description: string;
  /** By option name; a nested option as `parent.name` (`filter.key`). */
  readonly options?: ByName;
  /** The reason the command is deprecated. */
  readonly deprecated?: string;
  /** What a free key means (HEADER, CREATE-EXPR …). */
  readonly anyKey?: string;
}

/** Every catalog sentence of one language, keyed like the English tables. */
export interface CatalogTranslation {
  /** By command name. */
  readonly commands: Readonly<Record<string, CommandTranslation>>;
  /** By category, then column, like `FIELD_DESCRIPTIONS`. */
  readonly fields: Readonly<Record<string, ByName>>;
  /** By category, like `CATEGORY_DESCRIPTIONS`. */
  readonly categories: ByName;
  /** By list, then value. */
  readonly values: Readonly<Record<ValueListName, ByName>>;
  /** By function name. */
  readonly functions: ByName;
  /** By column name: system, agent-identity and generated columns. */
  readonly systemColumns: ByName;
  /** By `$param` name (with its `$`). */
  readonly params: ByName;
  /** By INJECT name. */
  readonly injects: ByName;
  /** By directive key. */
  readonly directives: Readonly<Record<DirectiveKey, string>>;
}

/** One English catalog sentence, where it lives, and its translation in one table (if any). */
export interface CatalogSentence {
  /** Where the sentence lives, e.g. `commands.GROUP.options.pk`. */
  readonly key: string;
  readonly english: string;
  readonly translated: string | undefined;
}

function optionSentences(
  prefix: string,
  options: readonly OptionDef[],
  translated: ByName | undefined,
  parent = '',
): CatalogSentence[] {
  return options.flatMap((o) => {
    const name = `${parent}${o.name}`;
    const own = { key: `${prefix}.options.${name}`, english: o.description, translated: translated?.[name] };
    return [own, ...optionSentences(prefix, o.nested ?? [], translated, `${name}.`)];
  });
}

function byName(
  prefix: string,
  entries: readonly (readonly [string, string])[],
  translated: ByName,
): CatalogSentence[] {
  return entries.map(([name, english]) => ({
    key: `${prefix}.${name}`,
    english,
    translated: translated[name],
  }));
}

/** Every English sentence of the catalog with its translation in `table` (undefined where missing). */
export function catalogSentences(table: CatalogTranslation): CatalogSentence[] {
  const out: CatalogSentence[] = [];
  for (const def of COMMANDS) {
    const t = table.commands[def.name];
    const prefix = `commands.${def.name}`;
    out.push({ key: `${prefix}.description`, english: def.description, translated: t?.description });
    out.push(...optionSentences(prefix, def.options, t?.options));
    if (def.deprecated)
      out.push({ key: `${prefix}.deprecated`, english: def.deprecated.reason, translated: t?.deprecated });
    if (def.freeOptionKeys)
      out.push({ key: `${prefix}.anyKey`, english: def.freeOptionKeys.keyMeaning, translated: t?.anyKey });
  }
  for (const [category, columns] of Object.entries(FIELD_DESCRIPTIONS))
    out.push(...byName(`fields.${category}`, Object.entries(columns), table.fields[category] ?? {}));
  out.push(...byName('categories', Object.entries(CATEGORY_DESCRIPTIONS), table.categories));
  for (const [list, values] of Object.entries(VALUE_LISTS))
    out.push(
      ...byName(
        `values.${list}`,
        values.map((v) => [v.value, v.description] as const),
        table.values[list as ValueListName],
      ),
    );
  const described = <T extends { name: string; description?: string }>(items: readonly T[]) =>
    items.map((i) => [i.name, i.description ?? ''] as const);
  out.push(...byName('functions', described(EXPRESSION_FUNCTIONS), table.functions));
  out.push(
    ...byName(
      'systemColumns',
      described([...SYSTEM_COLUMNS, ...AGENT_COLUMNS, ...GENERATED_COLUMNS]),
      table.systemColumns,
    ),
  );
  out.push(...byName('params', described(WELL_KNOWN_PARAMS), table.params));
  out.push(...byName('injects', described(INJECT_NAMES), table.injects));
  out.push(
    ...byName(
      'directives',
      DIRECTIVES.map((d) => [d.key, d.summary] as const),
      table.directives,
    ),
  );
  return out;
}
