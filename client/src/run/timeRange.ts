// The status bar's time ranges: the relative presets, custom absolute ranges typed by the user, and the
// stored choice read back. What a range means for a run (the file's directives, the MXQL limit, labels)
// is the core's run planner's (server/core/run/timeRange.ts); this module only adds the picker's parts.
// Pure: its problems are texts as data, which the picker says in the user's language.
import {
  parseAbsoluteTime,
  parseDuration,
  rangeProblem,
  DEFAULT_RANGE,
  type RangeChoice,
  type TimezoneOffset,
} from '../../../server/core/index';
import { MXQL_RANGE } from '../../../api/index';
import { templateText, type TemplateText } from '../../../common/templateText';

export {
  choiceLabel,
  DEFAULT_RANGE,
  formatLocal,
  formatZone,
  resolveRange,
  type RangeChoice,
  type ResolvedRange,
} from '../../../server/core/index';

/** Relative presets of the status bar picker, shortest first. */
export const RANGE_PRESETS = ['5m', '15m', '1h', '3h', '6h', '12h', '1d', '3d', '7d', '30d'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** Milliseconds of a preset such as `15m` (every preset is a duration the core reads). */
export function presetMs(preset: RangePreset): number {
  return parseDuration(preset) ?? 0;
}

/** Validates one end of a custom range typed by the user; a message for validateInput, or undefined. */
export function validateTimeInput(text: string, zone: TimezoneOffset): TemplateText | undefined {
  if (parseAbsoluteTime(text, zone) !== null) return undefined;
  return templateText('Enter a time as yyyy-MM-dd HH:mm (local), ISO 8601 or epoch milliseconds.');
}

/** Parses a custom range; a problem when either end or the span is invalid. */
export function parseCustomRange(
  start: string,
  end: string,
  zone: TimezoneOffset,
): { ok: true; choice: RangeChoice } | { ok: false; problem: TemplateText } {
  const stime = parseAbsoluteTime(start, zone);
  const etime = parseAbsoluteTime(end, zone);
  if (stime === null) return { ok: false, problem: templateText("'{0}' is not a time", start) };
  if (etime === null) return { ok: false, problem: templateText("'{0}' is not a time", end) };
  const problem = rangeProblem(stime, etime);
  return problem ? { ok: false, problem } : { ok: true, choice: { kind: 'absolute', stime, etime } };
}

/** Reads a stored choice back; anything malformed becomes the default (state may be stale or edited). */
export function reviveChoice(value: unknown): RangeChoice {
  if (typeof value !== 'object' || value === null) return DEFAULT_RANGE;
  const v = value as Record<string, unknown>;
  if (v.kind === 'relative' && typeof v.ms === 'number' && v.ms > 0 && v.ms <= MXQL_RANGE.maxRangeMs) {
    return { kind: 'relative', ms: v.ms };
  }
  if (v.kind === 'absolute' && typeof v.stime === 'number' && typeof v.etime === 'number') {
    if (!rangeProblem(v.stime, v.etime)) return { kind: 'absolute', stime: v.stime, etime: v.etime };
  }
  return DEFAULT_RANGE;
}
