// "MXQL: Open API Request…": pick any non-MXQL endpoint, answer its parameters (checked against the
// endpoint table's limits as you type), and see the answer in the results panel as rows. Recent
// requests (endpoint, project and parameters; never a token) are kept in globalState and offered at
// the top of the picker. Arguments skip every prompt: `{ endpointId, params?, profile?, pcode? }`.
import * as vscode from 'vscode';
import { findEndpoint, type EndpointSpec } from '../../../api/index';
import type { Ctx } from '../ctx';
import type { ResultsPanels } from '../views/resultsPanel';
import type { PickItem } from '../views/ui';
import {
  defaultValue,
  endpointDetail,
  isPromptable,
  paramProblem,
  requestParams,
  requestableEndpoints,
} from './requestForm';
import { showApiResult, type ApiResultOutcome } from './showApiResult';
import { translateText, tableText, t } from '../l10n';

/** Arguments of mxql.openApiRequest that skip the prompts. */
export interface OpenApiRequestArgs {
  readonly endpointId: string;
  readonly params?: Readonly<Record<string, string>>;
  readonly profile?: string;
  readonly pcode?: number;
}

const RECENT_KEY = 'mxql.openApiRequest.recent';
const RECENT_LIMIT = 10;

function parseArgs(arg: unknown): OpenApiRequestArgs | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const a = arg as Record<string, unknown>;
  if (typeof a.endpointId !== 'string') return undefined;
  const params =
    typeof a.params === 'object' && a.params !== null
      ? Object.fromEntries(Object.entries(a.params).map(([k, v]) => [k, String(v)]))
      : undefined;
  return {
    endpointId: a.endpointId,
    ...(params ? { params } : {}),
    ...(typeof a.profile === 'string' ? { profile: a.profile } : {}),
    ...(typeof a.pcode === 'number' ? { pcode: a.pcode } : {}),
  };
}

function recentRequests(ctx: Ctx): OpenApiRequestArgs[] {
  const stored = ctx.extension.globalState.get<unknown[]>(RECENT_KEY) ?? [];
  return stored.map(parseArgs).filter((r): r is OpenApiRequestArgs => r !== undefined);
}

async function remember(ctx: Ctx, request: OpenApiRequestArgs): Promise<void> {
  const key = JSON.stringify(request);
  const others = recentRequests(ctx).filter((r) => JSON.stringify(r) !== key);
  await ctx.extension.globalState.update(RECENT_KEY, [request, ...others].slice(0, RECENT_LIMIT));
}

type Choice = { spec: EndpointSpec; recent?: OpenApiRequestArgs };

function pickItems(ctx: Ctx): PickItem<Choice | undefined>[] {
  const items: PickItem<Choice | undefined>[] = [];
  const separator = (label: string): PickItem<undefined> => ({
    label,
    kind: vscode.QuickPickItemKind.Separator,
    value: undefined,
  });
  const recent = recentRequests(ctx).flatMap((r) => {
    const spec = findEndpoint(r.endpointId);
    return spec ? [{ spec, recent: r }] : [];
  });
  if (recent.length > 0) items.push(separator(t('Recent')));
  for (const r of recent) {
    const params = Object.entries(r.recent.params ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    items.push({
      label: `$(history) ${tableText(r.spec.title)}`,
      description: params,
      detail: endpointDetail(r.spec),
      value: r,
    });
  }
  for (const group of requestableEndpoints()) {
    items.push(separator(tableText(group.title)));
    for (const spec of group.endpoints) {
      items.push({
        label: tableText(spec.title),
        description: spec.id,
        detail: endpointDetail(spec),
        value: { spec },
      });
    }
  }
  return items;
}

async function askParams(ctx: Ctx, spec: EndpointSpec, start: Readonly<Record<string, string>>) {
  const now = Date.now();
  const entered: Record<string, string> = {};
  for (const param of spec.params.filter(isPromptable)) {
    const value = await ctx.ui.inputBox({
      title: `${tableText(spec.title)}: ${param.name}`,
      prompt: param.required ? tableText(param.title) : t('{0} (optional)', tableText(param.title)),
      value: start[param.name] ?? defaultValue(spec, param, now),
      ignoreFocusOut: true,
      validateInput: (text) => {
        const problem = paramProblem(spec, entered, param, text, now);
        return problem && translateText(problem);
      },
    });
    if (value === undefined) return undefined;
    entered[param.name] = value.trim();
  }
  return requestParams(entered);
}

/** mxql.openApiRequest: with arguments it sends at once; without, it asks. */
export async function openApiRequest(
  ctx: Ctx,
  panels: ResultsPanels,
  arg: unknown,
): Promise<ApiResultOutcome | undefined> {
  const given = parseArgs(arg);
  let request = given;
  if (!request) {
    const picked = await ctx.ui.quickPick(pickItems(ctx), {
      title: t('MXQL: Open API Request'),
      placeHolder: t('Which endpoint?'),
      matchOnDescription: true,
      matchOnDetail: true,
    });
    const choice = picked?.value;
    if (!choice) return undefined;
    const params = await askParams(ctx, choice.spec, choice.recent?.params ?? {});
    if (!params) return undefined;
    request = { ...(choice.recent ?? {}), endpointId: choice.spec.id, params };
  }
  const spec = findEndpoint(request.endpointId);
  if (!spec || spec.group === 'mxql') {
    throw new Error(
      t("'{0}' is not an Open API endpoint this command sends; pick one from the list.", request.endpointId),
    );
  }
  if (!given) await remember(ctx, request);
  return showApiResult(ctx, panels, {
    spec,
    params: request.params ?? {},
    profile: request.profile,
    pcode: request.pcode,
  });
}
