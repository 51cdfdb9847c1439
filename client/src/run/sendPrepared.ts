// Sends a prepared run with the API client of a target through the one executor (api/executeRun.ts):
// exactly the request the planner built, answered with the rows and what they are. The runner and the
// dashboard preview alike send this way.
import { executeRun, type RunExecution } from '../../../api/index';
import type { CategoryCatalog } from '../../../server/core/index';
import type { Target } from '../profiles/profiles';
import type { PreparedRun } from './runRequest';

/** The rows of `prepared` on `target` in project `pcode` (the target's own when undefined). */
export function sendPrepared(
  prepared: PreparedRun,
  target: Target,
  pcode: number | undefined,
  signal: AbortSignal,
  catalog?: CategoryCatalog,
): Promise<RunExecution> {
  return executeRun(target.client, prepared, {
    signal,
    ...(pcode !== undefined ? { pcode } : {}),
    ...(catalog ? { catalog } : {}),
  });
}
