// The Open API client: one typed function per endpoint of the table, built on one generic `call`.
// It validates parameters, picks host and token, refuses insecure transport, sends through the
// transport, decodes, and reports one log event per call. It never imports vscode.
import { apiText, mapArgs, type ApiText } from './apiText';
import { endpointActivityText } from './endpointActivity';
import { MXQL_NOTICE_HEADER, decodeMxqlNotice } from '../common/mxqlNotice';
import { keepMxqlNotice } from './mxqlNotice';
import { endpoints, findEndpoint, type EndpointSpec } from './endpoints';
import {
  endpointIdList,
  type EndpointId,
  type EndpointParams,
  type EndpointResponses,
} from './endpointTypes';
import {
  hintForStatus,
  OpenApiError,
  redact,
  type OpenApiErrorDetails,
  type OpenApiErrorKind,
} from './errors';
import { decodeJson, decodeNumber, rowCount } from './decode';
import { readErrorBody, type ErrorBody } from './errorBody';
import type { ProxyOptions } from './proxy';
import { expandPath, queryString, requestBody } from './request';
import { defaultRetry, type RetryOptions } from './retry';
import { ACCEPT_ENCODING } from './encoding';
import { checkShape } from './shape';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_ADVICE,
  defaultTimeouts,
  Transport,
  type HttpResponse,
  type Timeouts,
} from './transport';
import { checkParams, type ParamValues } from './validate';

/** One line of the request log. Carries no token, header or body. */
export interface RequestEvent {
  endpointId: string;
  method: 'GET' | 'POST';
  path: string;
  status?: number;
  ms: number;
  bytes: number;
  attempts: number;
  rows?: number;
  error?: string;
}

export interface OpenApiClientOptions {
  /** `{base_url}`, e.g. https://api.example.com */
  baseUrl: string;
  /** `{service_url}`, the second host of the server-monitoring spot endpoints; defaults to baseUrl. */
  serviceUrl?: string;
  accountToken?: string;
  projectToken?: string;
  /** A project token per pcode (e.g. from SecretStorage); consulted before projectToken. */
  tokenForPcode?: (pcode: number) => string | undefined | Promise<string | undefined>;
  /** The default project of project-scoped calls. */
  pcode?: number;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryOptions>;
  proxy?: ProxyOptions;
  /** Response size cap in bytes (default 64 MB). */
  maxResponseBytes?: number;
  /** How the user raises the timeout in this host, e.g. "raise --timeout-ms"; ends timeout hints. */
  timeoutAdvice?: string;
  userAgent?: string;
  /** Use the specification's example paths where they differ from the documented ones. */
  pathVariant?: 'documented' | 'example';
  onRequest?: (event: RequestEvent) => void;
  /** Clock for range checks of textual agent-list times. */
  now?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** The project of this call, instead of the client's default pcode. */
  pcode?: number;
  pathVariant?: 'documented' | 'example';
}

type EndpointFunction<K extends EndpointId> =
  Record<string, never> extends EndpointParams[K]
    ? (params?: EndpointParams[K], options?: CallOptions) => Promise<EndpointResponses[K]>
    : (params: EndpointParams[K], options?: CallOptions) => Promise<EndpointResponses[K]>;

export type OpenApiClient = { readonly [K in EndpointId]: EndpointFunction<K> } & {
  /** Any endpoint by id with loosely typed parameters (CLI, UI); validated against the table. */
  call(endpointId: string, params: ParamValues, options?: CallOptions): Promise<unknown>;
  readonly baseUrl: string;
  readonly serviceUrl: string;
  /** Closes pooled connections. */
  close(): Promise<void>;
};

declare const __MXQL_VERSION__: string | undefined;
const version = typeof __MXQL_VERSION__ === 'string' ? __MXQL_VERSION__ : 'dev';
/** The default User-Agent: the extension and its version. */
export const defaultUserAgent = `mxql-vscode/${version}`;

function parseBase(name: string, value: string): URL {
  try {
    return new URL(value.endsWith('/') ? value : `${value}/`);
  } catch {
    throw new OpenApiError({ kind: 'config', message: apiText("{0} '{1}' is not a valid URL", name, value) });
  }
}

/** Creates a client. Nothing connects until the first call. */
export function createOpenApiClient(options: OpenApiClientOptions): OpenApiClient {
  const base = parseBase('baseUrl', options.baseUrl);
  const service = parseBase('serviceUrl', options.serviceUrl ?? options.baseUrl);
  const transport = new Transport({
    timeouts: { ...defaultTimeouts, ...options.timeouts },
    retry: { ...defaultRetry, ...options.retry },
    proxy: options.proxy ?? {},
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    timeoutAdvice: options.timeoutAdvice ?? DEFAULT_TIMEOUT_ADVICE,
  });
  const secrets = (): string[] =>
    [options.accountToken, options.projectToken, ...resolvedTokens].filter((s): s is string => !!s);
  const resolvedTokens = new Set<string>();
  const ctx = { options, base, service, transport, secrets, resolvedTokens };
  const call = (endpointId: string, params: ParamValues, callOptions: CallOptions = {}) =>
    callEndpoint(ctx, endpointId, params, callOptions);
  const client: Record<string, unknown> = {
    call,
    baseUrl: base.href.replace(/\/$/, ''),
    serviceUrl: service.href.replace(/\/$/, ''),
    close: () => transport.close(),
  };
  for (const id of endpointIdList) {
    client[id] = (params: ParamValues = {}, callOptions?: CallOptions) => call(id, params, callOptions);
  }
  return client as OpenApiClient;
}

interface Ctx {
  options: OpenApiClientOptions;
  base: URL;
  service: URL;
  transport: Transport;
  secrets: () => string[];
  resolvedTokens: Set<string>;
}

async function tokenHeaders(
  ctx: Ctx,
  spec: EndpointSpec,
  pcode: number | undefined,
  fail: Fail,
): Promise<Record<string, string>> {
  const missing = (message: ApiText) => fail('config', message);
  if (spec.auth === 'account') {
    if (!ctx.options.accountToken)
      throw missing(apiText('this endpoint needs an account API token; none is set'));
    return { 'x-service-token': ctx.options.accountToken };
  }
  if (pcode === undefined) throw missing(apiText('this endpoint needs a project code (pcode); none is set'));
  const token = (await ctx.options.tokenForPcode?.(pcode)) ?? ctx.options.projectToken;
  if (!token)
    throw missing(apiText('this endpoint needs the project API token of pcode {0}; none is set', pcode));
  ctx.resolvedTokens.add(token);
  return { 'x-service-token': token, 'x-service-pcode': String(pcode) };
}

function targetUrl(
  ctx: Ctx,
  spec: EndpointSpec,
  params: ParamValues,
  variant: 'documented' | 'example',
): URL {
  const useExample = variant === 'example' && spec.example;
  const host = useExample ? spec.example.host : spec.host;
  const template = useExample ? spec.example.path : spec.path;
  const root = host === 'service' ? ctx.service : ctx.base;
  const path = expandPath(template, spec, params) + queryString(spec, params);
  // One absolute string: parsing it costs a third of resolving a path against a base, and a path
  // can never be read as another host (`//host/...` against a base would be).
  return new URL(root.origin + root.pathname.replace(/\/$/, '') + path);
}

function requireEndpoint(endpointId: string): EndpointSpec {
  const spec = findEndpoint(endpointId);
  if (spec) return spec;
  throw new OpenApiError({
    kind: 'invalid-params',
    message: apiText(
      "unknown endpoint '{0}' (known: {1})",
      endpointId,
      endpoints.map((e) => e.id).join(', '),
    ),
  });
}

/** Builds the typed, redacted errors of one call. */
function failFor(ctx: Ctx, spec: EndpointSpec, path: string): Fail {
  const endpointId = spec.id;
  const activity = endpointActivityText(spec);
  const clean = (text: ApiText) => mapArgs(text, (value) => redact(value, ctx.secrets()));
  return (kind, message, extra = {}) =>
    new OpenApiError({ kind, message: clean(message), endpointId, activity, path, ...extra });
}

async function callEndpoint(
  ctx: Ctx,
  endpointId: string,
  params: ParamValues,
  callOptions: CallOptions,
): Promise<unknown> {
  const spec = requireEndpoint(endpointId);
  const started = performance.now();
  const url = targetUrl(
    ctx,
    spec,
    params,
    callOptions.pathVariant ?? ctx.options.pathVariant ?? 'documented',
  );
  const event: RequestEvent = {
    endpointId,
    method: spec.method,
    path: url.pathname,
    ms: 0,
    bytes: 0,
    attempts: 0,
  };
  try {
    return await exchange(ctx, spec, url, params, callOptions, failFor(ctx, spec, url.pathname), event);
  } catch (error) {
    event.error = redact(error instanceof Error ? error.message : String(error), ctx.secrets());
    if (error instanceof OpenApiError && error.status !== undefined) event.status = error.status;
    throw error;
  } finally {
    event.ms = Math.round((performance.now() - started) * 10) / 10;
    ctx.options.onRequest?.(event);
  }
}

/** Checks, sends and decodes one call, filling in the log event as it goes. */
async function exchange(
  ctx: Ctx,
  spec: EndpointSpec,
  url: URL,
  params: ParamValues,
  callOptions: CallOptions,
  fail: Fail,
  event: RequestEvent,
): Promise<unknown> {
  const problem = checkParams(spec, params, ctx.options.now?.());
  if (problem) throw fail(problem.kind, problem.message);
  const pcode = callOptions.pcode ?? ctx.options.pcode;
  const headers = await headersFor(ctx, spec, pcode, fail);
  const body = requestBody(spec, params, pcode);
  const request = {
    method: spec.method,
    url,
    headers,
    retryable: spec.retryable,
    signal: callOptions.signal,
  };
  const response = await ctx.transport.send(body === undefined ? request : { ...request, body }, fail);
  event.status = response.status;
  event.bytes = response.body.length;
  event.attempts = response.attempts;
  const value = decodeResponse(ctx, spec, response, fail);
  keepMxqlNotice(value, decodeMxqlNotice(response.headers[MXQL_NOTICE_HEADER]));
  const rows = rowCount(value);
  if (rows !== undefined) event.rows = rows;
  return value;
}

async function headersFor(
  ctx: Ctx,
  spec: EndpointSpec,
  pcode: number | undefined,
  fail: Fail,
): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    'user-agent': ctx.options.userAgent ?? defaultUserAgent,
    accept: spec.response === 'json' ? 'application/json' : 'application/json, text/plain',
    'accept-encoding': ACCEPT_ENCODING,
    ...(await tokenHeaders(ctx, spec, pcode, fail)),
  };
  if (spec.method === 'POST') headers['content-type'] = 'application/json';
  return headers;
}

type Fail = (
  kind: OpenApiErrorKind,
  message: ApiText,
  extra?: Pick<
    OpenApiErrorDetails,
    'status' | 'cause' | 'hints' | 'bodyExcerpt' | 'serviceMessage' | 'serviceCode'
  >,
) => OpenApiError;

function decodeResponse(ctx: Ctx, spec: EndpointSpec, response: HttpResponse, fail: Fail): unknown {
  const { status, body, contentType } = response;
  if (status < 200 || status >= 300) {
    const said = readErrorBody(body, contentType, status, ctx.secrets());
    const retryAfter = retryAfterText(response.headers['retry-after']);
    const wait = status === 429 && retryAfter ? [retryAfter] : [];
    throw fail('http', httpReason(status, said), {
      status,
      bodyExcerpt: said.excerpt,
      ...(said.serviceMessage === undefined ? {} : { serviceMessage: said.serviceMessage }),
      ...(said.serviceCode === undefined ? {} : { serviceCode: said.serviceCode }),
      hints: [hintForStatus(status, spec.id), ...wait],
    });
  }
  const decoded =
    spec.response === 'number' ? decodeNumber(body, contentType) : decodeJson(body, contentType);
  if (decoded.ok) {
    const problem = checkShape(spec, decoded.value);
    if (!problem) return decoded.value;
    throw fail('wrong-shape', problem.message, { status, hints: [problem.hint] });
  }
  const excerpt = readErrorBody(body, contentType, status, ctx.secrets()).excerpt;
  const { kind, message, hint } = decoded.problem;
  return throwDecode(fail, kind, message, status, excerpt, hint);
}

function throwDecode(
  fail: Fail,
  kind: OpenApiErrorKind,
  message: ApiText,
  status: number,
  excerpt: string,
  hint: ApiText | undefined,
): never {
  throw fail(kind, message, { status, bodyExcerpt: excerpt, ...(hint ? { hints: [hint] } : {}) });
}

/** What a non-2xx answer was: its status, whether it was an HTML page, and what its body says. */
function httpReason(status: number, said: ErrorBody): ApiText {
  if (said.html)
    return said.text
      ? apiText('HTTP {0} (an HTML error page): {1}', status, said.text)
      : apiText('HTTP {0} (an HTML error page)', status);
  return said.text ? apiText('HTTP {0}: {1}', status, said.text) : apiText('HTTP {0}', status);
}

/** A Retry-After header as a hint: in seconds, or until the date it names. */
function retryAfterText(header: string | string[] | undefined): ApiText | undefined {
  const text = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!text) return undefined;
  return /^\d+$/.test(text) ? apiText('Retry after {0} s.', Number(text)) : apiText('Retry after {0}.', text);
}
