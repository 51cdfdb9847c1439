// Time ranges of a run: the status bar presets, custom absolute ranges, the file's directives and the
// service's MXQL range limit (api/limits.ts). Pure: the clock and the time zone are passed in.
import { MXQL_RANGE } from '../../../api/index';
import { formatDuration, parseAbsoluteTime, type Directives } from '../../../server/core/index';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Relative presets of the status bar picker, shortest first. */
export const RANGE_PRESETS = ['5m', '15m', '1h', '3h', '6h', '12h', '1d', '3d', '7d', '30d'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The range chosen in the status bar: relative to now, or absolute. */
export type RangeChoice =
  | { readonly kind: 'relative'; readonly ms: number }
  | { readonly kind: 'absolute'; readonly stime: number; readonly etime: number };

/** The default choice: the last hour. */
export const DEFAULT_RANGE: RangeChoice = { kind: 'relative', ms: HOUR };

/** A concrete range with a short label for the status bar, history and results header. */
export interface ResolvedRange {
  readonly stime: number;
  readonly etime: number;
  readonly label: string;
  /** Where the range came from. */
  readonly source: 'directive' | 'picker';
}

/** Milliseconds of a preset such as `15m`. */
export function presetMs(preset: RangePreset): number {
  const n = Number(preset.slice(0, -1));
  const unit = preset.slice(-1);
  return n * (unit === 'm' ? MINUTE : unit === 'h' ? HOUR : DAY);
}

/** `UTC+09:00`, `UTC-05:30`, `UTC` for a zone `offsetMinutes` east of UTC. */
export function formatZone(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `UTC${sign}${hh}:${mm}`;
}

/** `2026-11-01 06:00` in the zone `offsetMinutes` east of UTC. */
export function formatLocal(epochMs: number, offsetMinutes: number): string {
  const iso = new Date(epochMs + offsetMinutes * MINUTE).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** The status bar label of a choice: `1h`, or `2026-11-01 00:00 → 2026-11-01 06:00`. */
export function choiceLabel(choice: RangeChoice, offsetMinutes: number): string {
  if (choice.kind === 'relative') return formatDuration(choice.ms);
  return `${formatLocal(choice.stime, offsetMinutes)} → ${formatLocal(choice.etime, offsetMinutes)}`;
}

/** Why a range cannot be sent, or undefined when it can. */
export function rangeProblem(stime: number, etime: number): string | undefined {
  if (!Number.isFinite(stime) || !Number.isFinite(etime)) return 'the time range is not a valid date';
  if (etime <= stime) return 'the end of the time range must be after its start';
  if (etime - stime > MXQL_RANGE.maxRangeMs) {
    const days = Math.round(((etime - stime) / DAY) * 10) / 10;
    return `the time range covers ${days} days; MXQL allows at most ${MXQL_RANGE.span} per request. Pick a shorter range.`;
  }
  return undefined;
}

/** Validates one end of a custom range typed by the user; a message for validateInput, or undefined. */
export function validateTimeInput(text: string, offsetMinutes: number): string | undefined {
  if (parseAbsoluteTime(text, offsetMinutes) !== null) return undefined;
  return 'Enter a time as yyyy-MM-dd HH:mm (local), ISO 8601 or epoch milliseconds.';
}

/** Parses a custom range; a problem string when either end or the span is invalid. */
export function parseCustomRange(
  start: string,
  end: string,
  offsetMinutes: number,
): { ok: true; choice: RangeChoice } | { ok: false; problem: string } {
  const stime = parseAbsoluteTime(start, offsetMinutes);
  const etime = parseAbsoluteTime(end, offsetMinutes);
  if (stime === null) return { ok: false, problem: `'${start}' is not a time` };
  if (etime === null) return { ok: false, problem: `'${end}' is not a time` };
  const problem = rangeProblem(stime, etime);
  return problem ? { ok: false, problem } : { ok: true, choice: { kind: 'absolute', stime, etime } };
}

/** The range of a run: the file's @stime/@etime, else its @range, else the picker's choice. */
export function resolveRange(
  choice: RangeChoice,
  directives: Pick<Directives, 'range' | 'stime' | 'etime'>,
  now: number,
  offsetMinutes: number,
): ResolvedRange {
  if (directives.stime !== undefined && directives.etime !== undefined) {
    const { stime, etime } = directives;
    const label = choiceLabel({ kind: 'absolute', stime, etime }, offsetMinutes);
    return { stime, etime, label, source: 'directive' };
  }
  if (directives.range) {
    return { stime: now - directives.range.ms, etime: now, label: directives.range.raw, source: 'directive' };
  }
  const label = choiceLabel(choice, offsetMinutes);
  if (choice.kind === 'absolute') return { ...choice, label, source: 'picker' };
  return { stime: now - choice.ms, etime: now, label, source: 'picker' };
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
