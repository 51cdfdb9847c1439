/**
 * The enumerable values completion offers for an option, with their descriptions: the option's own
 * value list when it has one, otherwise the list that belongs to its value kind.
 */
import {
  BOOLEAN_VALUES,
  DURATION_VALUES,
  MERGE_FUNCTIONS,
  TIMEUNIT_VALUES,
  TIMEZONE_VALUES,
  VALUE_LISTS,
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
