// Turns an endpoint row and checked parameter values into the URL, headers and body on the wire.
import type { EndpointSpec, ParamSpec } from './endpoints';
import { toEpochMs, type ParamValues } from './validate';

const URL_FILTER_KEYS = new Set(['caller_url', 'url']);

/** A value as the service expects it in a path segment or query parameter. */
function wireText(p: ParamSpec, value: unknown): string {
  if (p.type === 'time') return String(toEpochMs(value));
  if (p.type === 'oids') return Array.isArray(value) ? value.join(',') : String(value).replace(/\s+/g, '');
  if (value instanceof Date) return String(value.getTime());
  return String(value);
}

/** The given value; a missing required one takes its default, a missing optional one stays unsent. */
function valueOf(p: ParamSpec, params: ParamValues): unknown {
  const v = params[p.name];
  if (v !== undefined && v !== null && v !== '') return v;
  return p.required ? p.default : undefined;
}

/** Path with `{name}` segments filled in, percent-encoded. */
export function expandPath(template: string, spec: EndpointSpec, params: ParamValues): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const p = spec.params.find((x) => x.name === name);
    const value = p ? valueOf(p, params) : undefined;
    return encodeURIComponent(p && value !== undefined ? wireText(p, value) : '');
  });
}

export function queryString(spec: EndpointSpec, params: ParamValues): string {
  const query = new URLSearchParams();
  for (const p of spec.params) {
    if (p.in !== 'query') continue;
    const value = valueOf(p, params);
    if (value === undefined) continue;
    let text = wireText(p, value);
    if (p.name === 'filterval' && URL_FILTER_KEYS.has(String(params['filterkey']))) {
      text = Buffer.from(text, 'utf8').toString('base64');
    }
    query.set(p.name, text);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** An agent-list time travels as given when textual, as epoch ms otherwise. */
function agentTime(value: unknown): unknown {
  return typeof value === 'string' && [8, 10, 12, 14].includes(value.length) ? value : toEpochMs(value);
}

function mxqlBody(spec: EndpointSpec, params: ParamValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    stime: toEpochMs(params['stime']),
    etime: toEpochMs(params['etime']),
    mql: params['mql'],
    limit: Number(params['limit'] ?? 1000),
    pageKey: 'mxql',
  };
  if (params['inject'] !== undefined) body['inject'] = params['inject'];
  // The path variant does not take parameters; the specification says to send an empty object.
  if (spec.id === 'mxqlPath') body['param'] = {};
  else if (params['param'] !== undefined) body['param'] = params['param'];
  return body;
}

/** The JSON body of a POST, or undefined for a GET. */
export function requestBody(
  spec: EndpointSpec,
  params: ParamValues,
  pcode: number | undefined,
): string | undefined {
  switch (spec.body) {
    case 'none':
      return undefined;
    case 'flat':
      return JSON.stringify({ stime: agentTime(params['stime']), etime: agentTime(params['etime']) });
    case 'mxql':
      return JSON.stringify(mxqlBody(spec, params));
    case 'ipSearch':
      return JSON.stringify({
        type: 'profiles',
        path: '/filter/search',
        pcode: String(pcode ?? ''),
        params: { stime: toEpochMs(params['stime']), filter: { ip: String(params['ip']) } },
      });
  }
}
