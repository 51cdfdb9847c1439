// `mxql api <endpoint> [key=value ...]`: calls any endpoint of the Open API table and prints the
// response. The endpoint list, the help of each endpoint and the parameter checks all come from
// the table in api/endpoints.ts.
import { endpoints, findEndpoint, type EndpointSpec, type ParamSpec } from '../api/index';
import type { Subcommand } from './main';
import {
  durationMs,
  openTarget,
  outputFormat,
  parseCommandLine,
  runGuarded,
  targetHelp,
  targetOptions,
  timeMs,
  UsageError,
  untilInterrupted,
  type Target,
} from './args';
import { formatOutput, type OutputFormat } from './format';

const HELP = `Usage: mxql api <endpoint> [name=value ...] [options]
       mxql api --list
       mxql api <endpoint> --help

Calls one Open API endpoint and prints the response. Times take epoch ms, 'yyyy-MM-dd HH:mm',
ISO 8601, now or now-1h; inject and param take a JSON object. An endpoint with stime and etime
that are not given covers the last --range (default 1h).

${targetHelp}
  --range D              default range for stime/etime: 15m, 1h, 7d (default 1h)
  --example-path         use the specification's example path where it differs
  --list                 list the endpoints

Exit codes: 0 ok, 1 API error, 2 usage error.
`;

const options = {
  ...targetOptions,
  list: { type: 'boolean' },
  range: { type: 'string' },
  'example-path': { type: 'boolean' },
} as const;

function describeParam(p: ParamSpec): string {
  const allowed = p.values
    ? ` (${p.values.join('|')})`
    : p.suggestions
      ? ` (e.g. ${p.suggestions.join(', ')})`
      : '';
  const dflt = p.default !== undefined ? ` [default ${p.default}]` : '';
  return `  ${p.name.padEnd(16)} ${p.required ? 'required' : 'optional'}  ${p.title}${allowed}${dflt}`;
}

function endpointHelp(spec: EndpointSpec): string {
  const host = spec.host === 'service' ? '{service_url}' : '{base_url}';
  const auth =
    spec.auth === 'account'
      ? 'account token (MXQL_ACCOUNT_TOKEN)'
      : 'project token (MXQL_PROJECT_TOKEN) + --pcode';
  const params = spec.params.length ? spec.params.map(describeParam).join('\n') : '  (none)';
  const limit = spec.limit ? `\nLimit: ${spec.limit.label}` : '';
  return `${spec.id}: ${spec.title}\n${spec.method} ${host}${spec.path}\nAuth: ${auth}${limit}\nParameters:\n${params}\n`;
}

function listing(): Record<string, string>[] {
  return endpoints.map((e) => ({
    id: e.id,
    method: e.method,
    host: e.host,
    path: e.path,
    auth: e.auth,
    response: e.response,
    title: e.title,
  }));
}

function convert(spec: EndpointSpec, p: ParamSpec, text: string, now: number): unknown {
  if (p.type === 'time') return timeMs(p.name, text, now);
  if (p.type === 'agentTime')
    return /^\d{8}$|^\d{10}$|^\d{12}$|^\d{14}$/.test(text) ? text : timeMs(p.name, text, now);
  if (p.type === 'fragments') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new UsageError(
        `${p.name} takes a JSON object, e.g. ${p.name}='{"default":"LIMIT 10"}' (endpoint ${spec.id})`,
      );
    }
  }
  return text;
}

function readParams(
  spec: EndpointSpec,
  pairs: readonly string[],
  rangeMs: number,
  now: number,
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`parameters are name=value (got '${pair}')`);
    const name = pair.slice(0, eq);
    const p = spec.params.find((x) => x.name === name);
    if (!p) {
      const known = spec.params.map((x) => x.name).join(', ') || 'none';
      throw new UsageError(`${spec.id} has no parameter '${name}' (parameters: ${known})`);
    }
    params[name] = convert(spec, p, pair.slice(eq + 1), now);
  }
  const has = (n: string) => spec.params.some((p) => p.name === n && p.required);
  if (has('etime') && params['etime'] === undefined) params['etime'] = now;
  if (has('stime') && params['stime'] === undefined)
    params['stime'] = Number(params['etime'] ?? now) - rangeMs;
  return params;
}

/** Prints the list or a help text when asked; returns the endpoint to call otherwise. */
function chooseEndpoint(
  id: string | undefined,
  values: { list?: boolean; help?: boolean },
  format: OutputFormat,
): EndpointSpec | undefined {
  if (values.list) {
    process.stdout.write(formatOutput(listing(), format));
    return undefined;
  }
  if (id === undefined) {
    if (values.help) {
      process.stdout.write(HELP);
      return undefined;
    }
    throw new UsageError('name an endpoint, or use --list to see them');
  }
  const spec = findEndpoint(id);
  if (!spec) throw new UsageError(`unknown endpoint '${id}'; 'mxql api --list' shows them`);
  if (!values.help) return spec;
  process.stdout.write(endpointHelp(spec));
  return undefined;
}

function checkCredentials(spec: EndpointSpec, target: Target): void {
  if (spec.auth === 'account' && !target.hasAccountToken) {
    throw new UsageError(`${spec.id} needs an account token: set MXQL_ACCOUNT_TOKEN`);
  }
  if (spec.auth === 'project' && target.pcode === undefined)
    throw new UsageError(`${spec.id} needs --pcode N`);
  if (spec.auth === 'project' && !target.hasProjectToken) {
    throw new UsageError(`${spec.id} needs a project token: set MXQL_PROJECT_TOKEN`);
  }
}

async function execute(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(args, options);
  const format = outputFormat(values.format);
  const [id, ...pairs] = positionals;
  const spec = chooseEndpoint(id, values, format);
  if (!spec) return 0;
  const rangeMs = values.range ? durationMs('--range', values.range) : 3_600_000;
  const params = readParams(spec, pairs, rangeMs, Date.now());
  const target = await openTarget(values);
  try {
    checkCredentials(spec, target);
    const callOptions = {
      ...(target.pcode !== undefined ? { pcode: target.pcode } : {}),
      ...(values['example-path'] ? { pathVariant: 'example' as const } : {}),
    };
    const value = await untilInterrupted((signal) =>
      target.client.call(spec.id, params, { ...callOptions, signal }),
    );
    process.stdout.write(formatOutput(value, format));
    return 0;
  } finally {
    await target.close();
  }
}

export const api: Subcommand = (args) => runGuarded('api', () => execute(args));
