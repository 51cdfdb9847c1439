// A category as a query names it: `app_counter`, `"app_counter"` or `app_counter{m5}`, where the suffix
// reads the service's roll-up of that category. One owner for the suffixes and for splitting a name, so
// the catalog, the language core, the assistant and the demo agree on which roll-ups exist.

/** The roll-up suffixes the service has, with the step of their rows in ms: 5 minutes and 1 hour. */
export const ROLLUP_STEP_MS = { m5: 300_000, h1: 3_600_000 } as const;

export type RollupSuffix = keyof typeof ROLLUP_STEP_MS;

export function isRollupSuffix(text: string): text is RollupSuffix {
  return Object.hasOwn(ROLLUP_STEP_MS, text);
}

/** Splits `app_counter{m5}` (quotes around it ignored) into the base name and the suffix without braces. */
export function splitCategorySuffix(raw: string): { base: string; suffix?: string } {
  const unquoted = raw.trim().replace(/^(["'])(.*)\1$/, '$2');
  const match = /^(.+?)\{([^{}]*)\}$/.exec(unquoted);
  return match?.[1] ? { base: match[1], suffix: match[2] ?? '' } : { base: unquoted };
}
