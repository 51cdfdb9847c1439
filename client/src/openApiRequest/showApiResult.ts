// Sends one Open API request for the active (or given) profile and project and shows the answer in
// the results panel, through the same results model and panel the MXQL runner uses. Failures show
// in the panel with the API client's hint; nothing here throws on a bad answer.
import { randomUUID } from 'node:crypto';
import { isOpenApiError, responseTable, type EndpointSpec, type TableShape } from '../../../api/index';
import { DEMO_PROFILE_NAME } from '../config';
import type { Ctx } from '../ctx';
import type { ResultsPanels } from '../views/resultsPanel';
import { errorText, openApiHintText } from '../errorText';
import { tableText } from '../l10n';

/** One request to show. `select` picks the part of the answer to tabulate (e.g. one server). */
export interface ApiResultRequest {
  readonly spec: EndpointSpec;
  readonly params: Readonly<Record<string, string>>;
  readonly profile?: string | undefined;
  readonly pcode?: number | undefined;
  readonly title?: string;
  readonly select?: (body: unknown) => unknown;
}

/** What the command returns (tests read the rows through the results model by runId). */
export interface ApiResultOutcome {
  readonly runId: string;
  readonly status: 'done' | 'error';
  readonly rows: number;
  readonly shape?: TableShape;
  readonly message?: string;
}

function timeParam(value: string | undefined): number | undefined {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** Sends the request and shows it; resolves when the panel has the rows or the error. */
export async function showApiResult(
  ctx: Ctx,
  panels: ResultsPanels,
  request: ApiResultRequest,
): Promise<ApiResultOutcome> {
  const active = ctx.profiles.active();
  const profile = request.profile ?? active?.profile ?? DEMO_PROFILE_NAME;
  const target = await ctx.profiles.target({
    profile,
    ...(request.pcode !== undefined
      ? { pcode: request.pcode }
      : profile === active?.profile && active.pcode !== undefined
        ? { pcode: active.pcode }
        : {}),
  });
  const pcode = request.spec.auth === 'project' ? target.pcode : undefined;
  const stime = timeParam(request.params['stime']);
  const etime = timeParam(request.params['etime']);
  const run = {
    runId: `api-${randomUUID()}`,
    title: request.title ?? tableText(request.spec.title),
    endpoint: request.spec.path,
    server: request.spec.host === 'service' ? target.client.serviceUrl : target.baseUrl,
    params: { ...request.params },
    startedAt: Date.now(),
    ...(stime !== undefined ? { stime } : {}),
    ...(etime !== undefined ? { etime } : {}),
    ...(pcode !== undefined ? { pcode } : {}),
  };
  ctx.results.start(run);
  panels.show(run);
  const started = performance.now();
  try {
    const body = await target.client.call(
      request.spec.id,
      request.params,
      pcode !== undefined ? { pcode } : {},
    );
    const table = responseTable(request.select ? request.select(body) : body);
    ctx.results.complete(run.runId, table.rows, Math.round(performance.now() - started), 0);
    return { runId: run.runId, status: 'done', rows: table.rows.length, shape: table.shape };
  } catch (error) {
    ctx.log.warn(
      `Open API request ${request.spec.id} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    const message = ctx.log.redact(errorText(error));
    const hint = isOpenApiError(error) ? openApiHintText(error) : '';
    ctx.results.fail(run.runId, {
      message,
      ...(hint ? { hint } : {}),
      ...(isOpenApiError(error) ? { code: `api/${error.kind}` } : {}),
    });
    return { runId: run.runId, status: 'error', rows: 0, message };
  } finally {
    panels.update(run.runId);
  }
}
