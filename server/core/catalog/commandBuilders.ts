/**
 * Terse constructors for the command tables, so each definition reads as one block of facts.
 */
import {
  type CommandDef,
  type OperandForm,
  type OperandKind,
  type OptionDef,
  type OptionValueKind,
  type SourceConfidence,
} from './commandTypes';
import { type EnumValue } from './enumValues';

type OptionExtras = Omit<OptionDef, 'name' | 'valueKind' | 'confidence' | 'description'>;

/** An option documented by the vendor. */
export function docOpt(
  name: string,
  valueKind: OptionValueKind,
  description: string,
  extras: OptionExtras = {},
): OptionDef {
  return { name, valueKind, confidence: 'documented', description, ...extras };
}

/** An option seen only in production queries. */
export function obsOpt(
  name: string,
  valueKind: OptionValueKind,
  description: string,
  extras: OptionExtras = {},
): OptionDef {
  return { name, valueKind, confidence: 'observed', description, ...extras };
}

/** An option seen only in generated dashboard JSON; the engine may ignore it. */
export function unverifiedOpt(
  name: string,
  valueKind: OptionValueKind,
  description: string,
  extras: OptionExtras = {},
): OptionDef {
  return { name, valueKind, confidence: 'unverified', description, ...extras };
}

/** An operand form with its example line. */
export function form(kind: OperandKind, example: string): OperandForm {
  return { kind, example };
}

/** The plain strings of an enum table, for {@link OptionDef.values}. */
export function enumOf(values: readonly EnumValue[]): readonly string[] {
  return values.map((v) => v.value);
}

type CommandInput = Omit<CommandDef, 'aliases' | 'options'> &
  Partial<Pick<CommandDef, 'aliases' | 'options'>>;

/** A command definition with empty aliases/options filled in. */
export function command(input: CommandInput): CommandDef {
  return { aliases: [], options: [], ...input };
}

/** Shorthand for the confidence of a whole command. */
export const DOCUMENTED: SourceConfidence = 'documented';
/** Shorthand for the confidence of a whole command. */
export const OBSERVED: SourceConfidence = 'observed';
