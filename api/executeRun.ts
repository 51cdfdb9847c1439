// The one executor of MXQL runs: it takes a plan of the core's run planner (server/core/run/plan.ts), sends
// exactly its request body to its endpoint, and returns one typed result: the rows, the facts of those
// rows (common/resultFacts.ts: limit reached and which end kept, time span, selected columns no row
// carries), the empty-result notice and the time taken. The editor, the dashboard preview, notebooks,
// `mxql run` and the assistant's `mxql_run` all run through it, so what a caller shows as "sent" is what
// went, and every surface describes the same rows with the same facts.
import { resultFactsOf, type ResultFacts } from '../common/resultFacts';
import { selectedColumnsOf, type CategoryCatalog, type RunRequest } from '../server/core/index';
import type { OpenApiClient } from './client';
import { mxqlNoticeOf } from './mxqlNotice';
import type { MxqlRow } from './types';

/** Where and how to send. */
export interface ExecuteOptions {
  /** The project; the client's default project when undefined. */
  readonly pcode?: number;
  readonly signal?: AbortSignal;
  /** The category catalog, so the facts can name selected columns no row carries; without it, none. */
  readonly catalog?: CategoryCatalog;
}

/** One run, sent and answered. */
export interface RunExecution {
  /** Exactly what was sent. */
  readonly request: RunRequest;
  /** The project it was sent to; undefined when the client's default project was used. */
  readonly pcode: number | undefined;
  readonly rows: MxqlRow[];
  readonly facts: ResultFacts;
  /** Why the result is empty (or otherwise worth a word), when the server said so. */
  readonly notice: string | undefined;
  readonly ms: number;
}

/** A plan that can be sent: the core's `RunPlan` once its problems and needs are settled. */
export interface SendablePlan {
  readonly request: RunRequest;
}

/** Sends `plan.request` as it is and describes the answer. Throws the client's `OpenApiError` on failure. */
export async function executeRun(
  client: OpenApiClient,
  plan: SendablePlan,
  options: ExecuteOptions = {},
): Promise<RunExecution> {
  const { request } = plan;
  const call = {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.pcode !== undefined ? { pcode: options.pcode } : {}),
  };
  const started = performance.now();
  const rows =
    request.endpointId === 'mxqlPath'
      ? await client.mxqlPath(request.body, call)
      : await client.mxqlText(request.body, call);
  const ms = Math.round(performance.now() - started);
  const expected =
    options.catalog && request.endpointId === 'mxqlText'
      ? selectedColumnsOf(request.body.mql, options.catalog)
      : [];
  return {
    request,
    pcode: options.pcode,
    rows,
    facts: resultFactsOf(rows, request.body, expected),
    notice: mxqlNoticeOf(rows),
    ms,
  };
}
