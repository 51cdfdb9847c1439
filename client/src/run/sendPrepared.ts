// Sends a prepared run with the API client of a target: the one place that turns a plan's request into
// an API call, for the runner and the dashboard preview alike.
import type { Target } from '../profiles/profiles';
import type { PreparedRun } from './runRequest';

/** The rows of `prepared` on `target` in project `pcode` (the target's own when undefined). */
export function sendPrepared(
  prepared: PreparedRun,
  target: Target,
  pcode: number | undefined,
  signal: AbortSignal,
) {
  const body = {
    stime: prepared.range.stime,
    etime: prepared.range.etime,
    mql: prepared.mql,
    limit: prepared.limit,
  };
  const inject = Object.keys(prepared.injects).length > 0 ? { inject: { ...prepared.injects } } : {};
  const options = { signal, ...(pcode !== undefined ? { pcode } : {}) };
  if (prepared.endpointId === 'mxqlPath') return target.client.mxqlPath({ ...body, ...inject }, options);
  const param = Object.keys(prepared.params).length > 0 ? { param: { ...prepared.params } } : {};
  return target.client.mxqlText({ ...body, ...inject, ...param }, options);
}
