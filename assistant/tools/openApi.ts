// mxql_open_api: any read endpoint of the Open API by id, through the typed client's `call`, which
// checks parameters and the specification's limits before sending. MXQL goes through mxql_run instead.
import { endpoints, findEndpoint, responseTable, type EndpointSpec } from '../../api/index';
import { done, fenced, refuse } from '../results';
import { toolProse } from '../texts';
import type { ToolDefinition } from '../types';
import { PCODE_SCHEMA } from './schemas';
import { requireTarget } from './target';

export interface OpenApiInput {
  /** Omitted: the tool lists the endpoints it can call, with their parameters. */
  readonly endpoint?: string;
  readonly params?: Readonly<Record<string, unknown>>;
  readonly pcode?: number;
}

/** Characters of the answer shown in `text`; `structured` holds it whole up to {@link MAX_STRUCTURED}. */
const TEXT_CHARS = 20_000;
const MAX_STRUCTURED = 1_000_000;

/** Reads only, and no MXQL: every row of the table that is safe to repeat, outside the MXQL group. */
export function readEndpoints(): EndpointSpec[] {
  return endpoints.filter((e) => e.retryable && e.group !== 'mxql');
}

/** One endpoint as the list shows it: its id, what it gives, and each parameter with its type and rules. */
function endpointEntry(spec: EndpointSpec): Record<string, unknown> {
  return {
    id: spec.id,
    title: spec.title,
    params: spec.params.map((p) => ({
      name: p.name,
      type: p.type,
      required: p.required,
      ...(p.values ? { values: p.values } : {}),
      ...(p.default !== undefined ? { default: p.default } : {}),
      ...(p.min !== undefined ? { min: p.min } : {}),
      ...(p.max !== undefined ? { max: p.max } : {}),
    })),
  };
}

/** `spotTps (TPS now): no parameters` / `agentList (…): stime* time, etime* time, …`: one line an endpoint. */
function endpointLine(entry: Record<string, unknown>): string {
  const params = entry.params as { name: string; type: string; required: boolean; values?: string[] }[];
  const list = params.map(
    (p) => `${p.name}${p.required ? '*' : ''} ${p.type}${p.values ? ` (${p.values.join('|')})` : ''}`,
  );
  return `${String(entry.id)}: ${String(entry.title)}${list.length > 0 ? ` — ${list.join(', ')}` : ''}`;
}

/** Keys whose values are credentials (the projects answer carries each project's API token). */
const SECRET_KEY = /token|secret|password/i;

/** `value` without any credential-named key, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, v]) => [key, withoutSecrets(v)]),
  );
}

export const openApi: ToolDefinition<OpenApiInput> = {
  name: 'mxql_open_api',
  title: 'Call an Open API read endpoint',
  description:
    'Calls one read endpoint of the Monitoring Open API by id with its parameters (checked against the specification and its limits before sending), e.g. spotTps, agentList, metricSeries, sqlStatTopN. ' +
    'Use it for facts MXQL does not give: project metadata, members, groups, live spot values, fixed statistics. ' +
    'For metrics over time prefer mxql_run. Call it without endpoint to list every id with its parameters (* = required); missing or wrong parameters are named in the error.',
  inputSchema: {
    type: 'object',
    properties: {
      endpoint: {
        type: 'string',
        minLength: 1,
        maxLength: 100,
        description: 'The endpoint id, e.g. spotTps; omit it to list the endpoints and their parameters.',
      },
      params: {
        type: 'object',
        description:
          'Parameters by name (times as epoch ms), e.g. {"stime": 1767225600000, "etime": 1767229200000}.',
      },
      pcode: PCODE_SCHEMA,
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      endpoint: { type: 'string' },
      title: { type: 'string' },
      truncated: { type: 'boolean' },
      response: { description: 'The answer, credentials removed; absent when truncated.' },
      endpoints: {
        description: 'Without endpoint: every read endpoint with its parameters.',
        type: 'array',
        items: {
          type: 'object',
          properties: { id: { type: 'string' }, title: { type: 'string' }, params: { type: 'array' } },
          required: ['id', 'title', 'params'],
        },
      },
    },
  },
  readsService: true,
  async run(input, context, signal) {
    const readable = readEndpoints();
    if (input.endpoint === undefined) {
      const list = readable.map(endpointEntry);
      const text = [toolProse(context.locale, 'endpointsHead', list.length), ...list.map(endpointLine)].join(
        '\n',
      );
      return done(text, { endpoints: list });
    }
    const spec = findEndpoint(input.endpoint);
    if (!spec || !readable.includes(spec))
      refuse(
        context,
        'api/unknown-endpoint',
        'unknownEndpoint',
        input.endpoint,
        readable.map((e) => e.id).join(', '),
      );
    const target = requireTarget(context);
    const pcode = input.pcode ?? target.pcode;
    const answer = withoutSecrets(
      await target.client.call(spec.id, input.params ?? {}, {
        signal,
        ...(pcode !== undefined ? { pcode } : {}),
      }),
    );
    const truncated = (JSON.stringify(answer) ?? '').length > MAX_STRUCTURED;
    // The text shows the answer as rows, one JSON object a line, read as the results grid reads it.
    const rows = responseTable(answer)
      .rows.map((row) => JSON.stringify(row))
      .join('\n');
    const lines = [
      toolProse(context.locale, 'endpointDone', spec.id, spec.title),
      toolProse(context.locale, 'responseIntro'),
    ];
    lines.push(fenced(rows.length > TEXT_CHARS ? `${rows.slice(0, TEXT_CHARS)}…` : rows, 'jsonl'));
    if (rows.length > TEXT_CHARS) lines.push(toolProse(context.locale, 'truncatedResponse', TEXT_CHARS));
    return done(lines.join('\n'), {
      endpoint: spec.id,
      title: spec.title,
      truncated,
      ...(truncated ? {} : { response: answer }),
    });
  },
};
