/**
 * A threshold as a person types it (`80`, `80%`, `250ms`, `2s`, `1.5k`, `512MiB`) read into a number in
 * the unit of the field it is compared with, as the catalog gives it (`pct`, `ms`, `sec`, `us`, `byte`,
 * `KiB`, `MiB`, `count` …). A unit of another dimension than the field's (`250ms` for a percent field)
 * is refused with a message naming both, so a rule never compares a percentage with milliseconds.
 * Pure; never throws.
 */
import { templateText, type TemplateText } from '../../../common/templateText';

/** What a unit measures: a share, a time, an amount of data, or a plain count / multiplier. */
type Dimension = 'percent' | 'time' | 'bytes';

interface UnitScale {
  readonly dimension: Dimension;
  /** Size of one of this unit in the dimension's base (ms for time, bytes for data, 1 for percent). */
  readonly size: number;
}

/** Units a threshold may carry (case matters only where it tells units apart: `m` minutes, `M` mega). */
const TYPED_UNITS: Readonly<Record<string, UnitScale>> = {
  '%': { dimension: 'percent', size: 1 },
  us: { dimension: 'time', size: 0.001 },
  µs: { dimension: 'time', size: 0.001 },
  ms: { dimension: 'time', size: 1 },
  s: { dimension: 'time', size: 1000 },
  sec: { dimension: 'time', size: 1000 },
  m: { dimension: 'time', size: 60_000 },
  min: { dimension: 'time', size: 60_000 },
  h: { dimension: 'time', size: 3_600_000 },
  B: { dimension: 'bytes', size: 1 },
  KB: { dimension: 'bytes', size: 1000 },
  kB: { dimension: 'bytes', size: 1000 },
  MB: { dimension: 'bytes', size: 1e6 },
  GB: { dimension: 'bytes', size: 1e9 },
  TB: { dimension: 'bytes', size: 1e12 },
  KiB: { dimension: 'bytes', size: 1024 },
  MiB: { dimension: 'bytes', size: 1024 ** 2 },
  GiB: { dimension: 'bytes', size: 1024 ** 3 },
  TiB: { dimension: 'bytes', size: 1024 ** 4 },
};

/** Plain multipliers: `1.5k` is 1500 of whatever the field counts. */
const MULTIPLIERS: Readonly<Record<string, number>> = { k: 1e3, K: 1e3, M: 1e6, G: 1e9 };

/** The catalog's units (server/core/catalog/data) that have a dimension, with their size in its base. */
const FIELD_UNITS: Readonly<Record<string, UnitScale>> = {
  pct: { dimension: 'percent', size: 1 },
  'pct#': { dimension: 'percent', size: 1 },
  us: { dimension: 'time', size: 0.001 },
  ms: { dimension: 'time', size: 1 },
  sec: { dimension: 'time', size: 1000 },
  byte: { dimension: 'bytes', size: 1 },
  KiB: { dimension: 'bytes', size: 1024 },
  MiB: { dimension: 'bytes', size: 1024 ** 2 },
};

/** What a dimension is, as a text a UI translates (each a template of its own). */
const DIMENSION_WORDS: Readonly<Record<Dimension, TemplateText>> = {
  percent: templateText('a percentage'),
  time: templateText('a time'),
  bytes: templateText('an amount of data'),
};

/** A threshold read for a field. */
export type ThresholdInput =
  | {
      readonly ok: true;
      /** The number to write in the rule, in the field's unit. */
      readonly value: number;
      /** The unit typed, if any (`ms`, `%`, `k`). */
      readonly typedUnit?: string;
      /** The field's unit from the catalog, if known. */
      readonly fieldUnit?: string;
    }
  | {
      readonly ok: false;
      readonly code: 'alert/bad-threshold' | 'alert/unit-mismatch';
      readonly text: TemplateText;
    };

const NUMBER_AND_UNIT = /^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)\s*([^\d\s.+-][^\s]*)?\s*$/i;

/**
 * Reads `text` as a threshold for a field whose catalog unit is `fieldUnit` (undefined when the catalog
 * does not say). A time, data or percent unit converts into the field's unit of the same dimension; a
 * multiplier (`k`, `M`, `G`) scales a number of any field; a dimension the field does not have is
 * `alert/unit-mismatch`; text that is no number is `alert/bad-threshold`.
 */
export function parseThreshold(
  text: string,
  fieldUnit: string | undefined,
  field = 'the field',
): ThresholdInput {
  const match = NUMBER_AND_UNIT.exec(text);
  const number = match ? Number(match[1]) : NaN;
  if (!match || !Number.isFinite(number))
    return {
      ok: false,
      code: 'alert/bad-threshold',
      text: templateText(
        "The threshold '{0}' is not a number: write it as 80, 80%, 250ms, 2s or 1.5k.",
        text.trim(),
      ),
    };
  const unit = match[2];
  const known = fieldUnit === undefined ? {} : { fieldUnit };
  if (unit === undefined) return { ok: true, value: number, ...known };
  const multiplier = MULTIPLIERS[unit];
  if (multiplier !== undefined)
    return { ok: true, value: tidy(number * multiplier), typedUnit: unit, ...known };
  const typed = TYPED_UNITS[unit];
  if (!typed)
    return {
      ok: false,
      code: 'alert/bad-threshold',
      text: templateText(
        "The threshold '{0}' has a unit this rule cannot read ('{1}'): use %, us, ms, s, m, h, B, KB, MB, GB, KiB, MiB, GiB, k, M or G.",
        text.trim(),
        unit,
      ),
    };
  const target = fieldUnit === undefined ? undefined : FIELD_UNITS[fieldUnit];
  if (!target) {
    // The catalog gives no unit of this kind: a percent is a plain number, anything else cannot convert.
    if (typed.dimension === 'percent' && fieldUnit === undefined)
      return { ok: true, value: number, typedUnit: unit };
    return {
      ok: false,
      code: 'alert/unit-mismatch',
      text: templateText(
        "The threshold '{0}' is {1}, but {2} is measured in {3}: give a plain number or a unit of {3}.",
        text.trim(),
        DIMENSION_WORDS[typed.dimension],
        field,
        fieldUnit ?? templateText('no unit the catalog knows'),
      ),
    };
  }
  if (target.dimension !== typed.dimension)
    return {
      ok: false,
      code: 'alert/unit-mismatch',
      text: templateText(
        "The threshold '{0}' is {1}, but {2} is {3} ({4}): give a plain number or a unit of that kind.",
        text.trim(),
        DIMENSION_WORDS[typed.dimension],
        field,
        DIMENSION_WORDS[target.dimension],
        fieldUnit as string,
      ),
    };
  return { ok: true, value: tidy((number * typed.size) / target.size), typedUnit: unit, ...known };
}

/** Drops binary noise of a conversion (`0.1 * 3`) without touching a value that means its decimals. */
function tidy(n: number): number {
  return Number.parseFloat(n.toPrecision(12));
}

/** How a catalog unit reads after a number in a title or message (`90%`, `250 ms`). */
export function unitSuffix(fieldUnit: string | undefined): string {
  if (fieldUnit === undefined) return '';
  if (fieldUnit === 'pct' || fieldUnit === 'pct#') return '%';
  if (fieldUnit === 'count' || fieldUnit === 'string' || fieldUnit === 'txt' || fieldUnit === 'state')
    return '';
  return ` ${fieldUnit}`;
}
