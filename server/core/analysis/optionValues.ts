/**
 * An option's facts beyond its definition: the option at a key path of a command (nested keys such as
 * TAGLOAD's `filter.key`), and the enumerable values it takes, with their descriptions: the option's
 * own value list when it has one, otherwise the list that belongs to its value kind. Completion offers
 * these values, and the `$param` facts offer them as a run's choices.
 */
import {
  BOOLEAN_VALUES,
  DURATION_VALUES,
  MERGE_FUNCTIONS,
  TIMEUNIT_VALUES,
  TIMEZONE_VALUES,
  VALUE_LISTS,
  findOption,
  type CommandDef,
  type EnumValue,
  type FreeOptionKeys,
  type OptionDef,
} from '../catalog/index';

const describedValues = new Map<string, EnumValue>();
for (const list of Object.values(VALUE_LISTS))
  for (const v of list) if (!describedValues.has(v.value)) describedValues.set(v.value, v);

function byKind(kind: OptionDef['valueKind']): readonly EnumValue[] {
  switch (kind) {
    case 'boolean':
      return BOOLEAN_VALUES;
    case 'timeunit':
      return TIMEUNIT_VALUES;
    case 'duration':
      return DURATION_VALUES;
    case 'mergeFunction':
      return MERGE_FUNCTIONS;
    case 'timezone':
      return TIMEZONE_VALUES;
    default:
      return [];
  }
}

/** The values to offer for an option (or for the free keys of HEADER-like commands). */
export function valuesForOption(option: OptionDef | FreeOptionKeys | undefined): readonly EnumValue[] {
  if (!option) return [];
  if (option.values && option.values.length > 0) {
    return option.values.map(
      (value) => describedValues.get(value) ?? { value, description: '', confidence: 'observed' as const },
    );
  }
  return byKind(option.valueKind);
}

/** The option definitions at a key path (`['filter']` → TAGLOAD's nested filter keys). */
export function optionsAt(def: CommandDef, keyPath: readonly string[]): readonly OptionDef[] {
  let options = def.options;
  for (const key of keyPath) {
    const next = findOption(options, key);
    if (!next?.nested) return [];
    options = next.nested;
  }
  return options;
}

/** The option a value at `keyPath` belongs to (`['filter', 'key']` → TAGLOAD's nested `key`), if any. */
export function optionAt(def: CommandDef, keyPath: readonly string[]): OptionDef | undefined {
  const key = keyPath[keyPath.length - 1];
  return key === undefined ? undefined : findOption(optionsAt(def, keyPath.slice(0, -1)), key);
}
