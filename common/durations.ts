// Durations as MXQL and the CLI write them (`15s`, `5m`, `1h`, `7d`, `100ms`): one table of units, so the
// language core, the CLI's flags and the demo read the same text as the same number of milliseconds.

/** Milliseconds in one of each duration unit. */
export const DURATION_UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export type DurationUnit = keyof typeof DURATION_UNIT_MS;

export function isDurationUnit(text: string): text is DurationUnit {
  return Object.hasOwn(DURATION_UNIT_MS, text);
}

/** `'15s'`, `'5m'`, `'1h'`, `'7d'`, `'100ms'` → milliseconds; null for anything else. */
export function parseDuration(text: string): number | null {
  const m = /^\s*([0-9]+)\s*(ms|s|m|h|d)\s*$/.exec(text);
  if (!m?.[2] || !isDurationUnit(m[2])) return null;
  const ms = Number(m[1]) * DURATION_UNIT_MS[m[2]];
  return Number.isSafeInteger(ms) ? ms : null;
}

/** Milliseconds → the largest exact unit (`3600000` → `'1h'`, `90000` → `'90s'`). */
export function formatDuration(ms: number): string {
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    const size = DURATION_UNIT_MS[unit];
    if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${ms}ms`;
}
