// Live choices for the `$params` a run still needs: a tag value whose need carries a lookup (the core's
// valueLookup) is asked of the backend over the run's own range, and the values it returns, most
// frequent first, become the need's choices. `mxql run`, the editor's prompt, the assistant's run tool
// and the benchmark all call this, so they offer the same values; each says how to send (its project,
// its cancellation) in the `send` callback.
import { LOOKUP_VALUES, lookupValues, type MxqlBody, type ParamNeed } from '../server/core/index';
import type { MxqlRow } from './types';

/** Sends one lookup body to `/mxql/text` of the run's project. */
export type SendLookup = (body: MxqlBody) => Promise<readonly MxqlRow[]>;

/** What a lookup gave one need: its values (maybe none), or why it could not be read. */
export type LiveChoice =
  | { readonly need: ParamNeed; readonly values: readonly string[] }
  | { readonly need: ParamNeed; readonly error: unknown };

/** The range a lookup reads: the run's own. */
export interface LookupRange {
  readonly stime: number;
  readonly etime: number;
}

/** Runs the lookup of one need (none without one: no values). Never throws: a failure is `error`. */
export async function liveChoiceOf(
  need: ParamNeed,
  range: LookupRange,
  send: SendLookup,
): Promise<LiveChoice> {
  const lookup = need.lookup;
  if (!lookup) return { need, values: [] };
  try {
    const rows = await send({
      stime: range.stime,
      etime: range.etime,
      mql: lookup.mql,
      limit: LOOKUP_VALUES,
    });
    return { need, values: lookupValues(lookup, rows) };
  } catch (error) {
    return { need, error };
  }
}

/**
 * `needs` with the live values of each lookup as its choices (those without a lookup, or whose lookup
 * failed or found nothing, as they were), and the failures. The lookups run at once; never throws.
 */
export async function withLiveChoices(
  needs: readonly ParamNeed[],
  range: LookupRange,
  send: SendLookup,
): Promise<{ needs: ParamNeed[]; failures: { need: ParamNeed; error: unknown }[] }> {
  const results = await Promise.all(needs.map((need) => liveChoiceOf(need, range, send)));
  const failures: { need: ParamNeed; error: unknown }[] = [];
  const live = results.map((r) => {
    if ('error' in r) {
      failures.push(r);
      return r.need;
    }
    return r.values.length > 0 ? { ...r.need, choices: r.values } : r.need;
  });
  return { needs: live, failures };
}
