/**
 * The command table and its lookups. Names match case-insensitively because the engine accepts
 * `select`, `sub`, `kv.load` as readily as their upper-case forms.
 */
import { type CommandDef, type CommandStage, type OptionDef } from './commandTypes';
import { AGGREGATE_COMMANDS, FILTER_COMMANDS } from './commandsAggregate';
import { COMBINE_COMMANDS, STRUCTURE_COMMANDS } from './commandsCombine';
import { LOAD_COMMANDS } from './commandsLoad';
import { SELECT_COMMANDS } from './commandsSelect';
import { RESHAPE_COMMANDS } from './commandsReshape';
import { COLUMN_COMMANDS } from './commandsShape';

/** Every MXQL command, in pipeline order (selection, loading, processing, structure). */
export const COMMANDS: readonly CommandDef[] = [
  ...SELECT_COMMANDS,
  ...LOAD_COMMANDS,
  ...COLUMN_COMMANDS,
  ...RESHAPE_COMMANDS,
  ...AGGREGATE_COMMANDS,
  ...FILTER_COMMANDS,
  ...COMBINE_COMMANDS,
  ...STRUCTURE_COMMANDS,
];

const byNormalisedName: ReadonlyMap<string, CommandDef> = new Map(
  COMMANDS.flatMap((def) =>
    [def.name, ...def.aliases].map((name) => [normaliseCommandName(name), def] as const),
  ),
);

/** The lookup key of a command name: upper-cased, surrounding blanks removed. */
export function normaliseCommandName(name: string): string {
  return name.trim().toUpperCase();
}

/**
 * The definition of a command written in any case or alias spelling (`lastonly` → LAST-ONLY), or
 * `undefined` when the word is not a command.
 */
export function findCommand(name: string): CommandDef | undefined {
  // Most names are written in capitals already: a key found as written is the normalised one.
  return byNormalisedName.get(name) ?? byNormalisedName.get(normaliseCommandName(name));
}

/** The option of `options` written as `key`: by its name or one of its aliases. */
export function findOption(options: readonly OptionDef[], key: string): OptionDef | undefined {
  return options.find((o) => optionMatches(o, key));
}

/** Whether `key` names `option`: its name or one of its aliases. */
export function optionMatches(option: OptionDef, key: string): boolean {
  return option.name === key || (option.aliases ?? []).includes(key);
}

/** True when `name` is written exactly as the canonical name (for a style hint on other spellings). */
export function isCanonicalSpelling(name: string): boolean {
  return findCommand(name)?.name === name;
}

/** The commands of one stage, in table order. */
export function commandsOfStage(stage: CommandStage): readonly CommandDef[] {
  return COMMANDS.filter((def) => def.stage === stage);
}

/** Every accepted spelling (names and aliases), for highlighting and did-you-mean. */
export function allCommandSpellings(): readonly string[] {
  return COMMANDS.flatMap((def) => [def.name, ...def.aliases]);
}

/** The loaders: commands of the load stage that read the category chosen by CATEGORY. */
export function categoryLoaders(): readonly CommandDef[] {
  return COMMANDS.filter((def) => def.needsCategory === true);
}
