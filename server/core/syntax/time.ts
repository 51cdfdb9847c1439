/**
 * Pure time helpers for directives and the run commands: durations and absolute times.
 * Local times need the caller's timezone offset, because the core never asks the environment.
 */

export { parseDuration, formatDuration } from '../../../common/durations';

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

function zoneMinutes(zone: string): number {
  if (zone === 'Z') return 0;
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
}

/**
 * A timezone for local times: a fixed offset in minutes east of UTC (540 for UTC+9), or a function
 * giving the offset in force at an instant (epoch ms), for zones with daylight saving time; e.g.
 * `(ms) => -new Date(ms).getTimezoneOffset()` in a host that knows its zone.
 */
export type TimezoneOffset = number | ((epochMs: number) => number);

function offsetAt(zone: TimezoneOffset, wallClockAsUtc: number): number {
  if (typeof zone === 'number') return zone;
  // Two steps settle the offset in force at the resulting instant, also next to a DST change.
  const first = zone(wallClockAsUtc);
  return zone(wallClockAsUtc - first * 60_000);
}

/**
 * Parses an absolute time to epoch milliseconds: epoch ms (digits only), ISO 8601 with or without
 * a zone (`2026-11-01T06:00:00Z`, `2026-11-01T06:00+09:00`), or local `yyyy-MM-dd[ HH:mm[:ss]]`.
 * Times without a zone are local, in `timezone` (see {@link TimezoneOffset}).
 * Returns null for anything else, including impossible dates (`2026-02-30`).
 */
export function parseAbsoluteTime(text: string, timezone: TimezoneOffset): number | null {
  const s = text.trim();
  if (/^[0-9]{1,16}$/.test(s)) return Number(s);
  const m = ISO.exec(s);
  if (!m) return null;
  const [year, month, day, hour, minute, second, milli] = [1, 2, 3, 4, 5, 6, 7].map((i) =>
    Number(m[i] ?? 0),
  ) as [number, number, number, number, number, number, number];
  const fraction = m[7] ? Number(m[7].padEnd(3, '0')) : milli;
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, fraction);
  if (new Date(utc).getUTCDate() !== day) return null;
  const zone = m[8] !== undefined ? zoneMinutes(m[8]) : offsetAt(timezone, utc);
  return utc - zone * 60_000;
}
