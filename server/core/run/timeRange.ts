/**
 * The time range of a run: what the caller chose (a relative span or absolute times), what the file's
 * directives say, and the service's MXQL range limit (`common/limits.ts`). Pure: the clock and the time
 * zone are passed in. The run planner, the status bar, history and the CLI all read these rules.
 */
import { MXQL_RANGE } from '../../../common/limits';
import {
  formatDuration,
  parseAbsoluteTime,
  parseDuration,
  type Directives,
  type TimezoneOffset,
} from '../syntax/index';
import { runText, type RunText } from './runText';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A range chosen by a caller: relative to now, or absolute epoch milliseconds. */
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
  /**
   * The choice the range was resolved from: a relative span (a directive's `@range` included) or the exact
   * times. What a run keeps to be run again; the label is only its wording.
   */
  readonly choice: RangeChoice;
  /** Where the range came from: the caller's explicit override, the file's directives, or the fallback choice. */
  readonly source: 'override' | 'directive' | 'picker';
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

function offsetOf(zone: TimezoneOffset, epochMs: number): number {
  return typeof zone === 'number' ? zone : zone(epochMs);
}

/** `2026-11-01 06:00` in `zone` (minutes east of UTC, or a function of the instant). */
export function formatLocal(epochMs: number, zone: TimezoneOffset): string {
  const iso = new Date(epochMs + offsetOf(zone, epochMs) * MINUTE).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** The label of a choice: `1h`, or `2026-11-01 00:00 → 2026-11-01 06:00`. */
export function choiceLabel(choice: RangeChoice, zone: TimezoneOffset): string {
  if (choice.kind === 'relative') return formatDuration(choice.ms);
  return `${formatLocal(choice.stime, zone)} → ${formatLocal(choice.etime, zone)}`;
}

/** Why a range cannot be sent, or undefined when it can. */
export function rangeProblem(stime: number, etime: number): RunText | undefined {
  if (!Number.isFinite(stime) || !Number.isFinite(etime))
    return runText('the time range is not a valid date');
  if (etime <= stime) return runText('the end of the time range must be after its start');
  if (etime - stime > MXQL_RANGE.maxRangeMs) {
    const days = Math.round(((etime - stime) / DAY) * 10) / 10;
    return runText(
      'the time range covers {0} days; MXQL allows at most {1} days per request. Pick a shorter range.',
      days,
      MXQL_RANGE.amount,
    );
  }
  return undefined;
}

/**
 * An absolute time as people type it: epoch ms, `yyyy-MM-dd HH:mm[:ss]` (in `zone`), ISO 8601 with or
 * without a zone, `now` or `now-15m`. Null for anything else, including dates that do not exist
 * (`2026-02-30`), so every caller refuses the same texts.
 */
export function parseTimeInput(text: string, zone: TimezoneOffset, now: number): number | null {
  const s = text.trim();
  const relative = /^now(?:\s*-\s*(\S+))?$/i.exec(s);
  if (relative) {
    if (!relative[1]) return now;
    const ms = parseDuration(relative[1]);
    return ms === null ? null : now - ms;
  }
  return parseAbsoluteTime(s, zone);
}

/** The directives a range reads. */
export type RangeDirectives = Pick<Directives, 'range' | 'stime' | 'etime'>;

/**
 * The range of a run: the caller's override wins (a command-line flag), then the file's `@stime`/`@etime`,
 * then its `@range`, then the fallback choice (the status bar's picker, a history entry's own range).
 */
export function resolveRange(
  fallback: RangeChoice,
  directives: RangeDirectives,
  now: number,
  zone: TimezoneOffset,
  override?: RangeChoice,
): ResolvedRange {
  if (override) return resolveChoice(override, now, zone, 'override');
  if (directives.stime !== undefined && directives.etime !== undefined) {
    const choice: RangeChoice = { kind: 'absolute', stime: directives.stime, etime: directives.etime };
    return resolveChoice(choice, now, zone, 'directive');
  }
  if (directives.range) {
    const choice: RangeChoice = { kind: 'relative', ms: directives.range.ms };
    return { stime: now - choice.ms, etime: now, label: directives.range.raw, choice, source: 'directive' };
  }
  return resolveChoice(fallback, now, zone, 'picker');
}

function resolveChoice(
  choice: RangeChoice,
  now: number,
  zone: TimezoneOffset,
  source: ResolvedRange['source'],
): ResolvedRange {
  const label = choiceLabel(choice, zone);
  if (choice.kind === 'absolute') return { stime: choice.stime, etime: choice.etime, label, choice, source };
  return { stime: now - choice.ms, etime: now, label, choice, source };
}
