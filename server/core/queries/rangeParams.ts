/**
 * `$stime` and `$etime`: the start and end of the query window in epoch milliseconds (the reference's
 * §1.8). Dashboards fill them from the window they show, and every run already has a window, so a run
 * fills them from its own time range when the user gives no value; a value the user gives (`@param`,
 * `mxql run --param`, a notebook header) always wins. `mxql run`, the extension's runs (files, history
 * and notebook cells) and the language server's diagnostics and hover all read this one rule.
 */

/** The `$params` a run fills from its time range, each with the end of the range it takes. */
export const RANGE_PARAMS = { $stime: 'stime', $etime: 'etime' } as const;

/** `$stime` or `$etime`. */
export type RangeParam = keyof typeof RANGE_PARAMS;

/** True for a `$param` (written with its `$`) that a run fills from its time range. */
export function isRangeParam(name: string): name is RangeParam {
  return Object.hasOwn(RANGE_PARAMS, name);
}

/**
 * The `$params` the query uses (`used`) that need a value from the user: not in `given` and not filled
 * from the range. `mxql run` refuses a file that leaves one open; the extension asks for it.
 */
export function paramsWithoutValue(
  used: readonly string[],
  given: Readonly<Record<string, string>>,
): string[] {
  return used.filter((name) => given[name] === undefined && !isRangeParam(name));
}

/** A run's `$params` once the range has filled what the user left open. */
export interface RangeFilledParams {
  /** What to send: the given values, plus the filled ones as epoch-millisecond text. */
  readonly params: Readonly<Record<string, string>>;
  /** The names filled from the range, in the order the query uses them. */
  readonly filled: readonly RangeParam[];
}

/**
 * Fills `$stime`/`$etime` that the query uses (`used`, as `QueryAt.params` lists them) and `given`
 * has no value for, from `range`. Values are strings, as the API's `param` map takes them.
 */
export function fillRangeParams(
  used: readonly string[],
  given: Readonly<Record<string, string>>,
  range: { readonly stime: number; readonly etime: number },
): RangeFilledParams {
  const params: Record<string, string> = { ...given };
  const filled: RangeParam[] = [];
  for (const name of used) {
    if (!isRangeParam(name) || given[name] !== undefined || filled.includes(name)) continue;
    params[name] = String(range[RANGE_PARAMS[name]]);
    filled.push(name);
  }
  return { params, filled };
}
