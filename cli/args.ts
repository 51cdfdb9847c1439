// Option parsing shared by `mxql run` and `mxql api`: the target (demo or a real service), output
// format, times, and the one place that turns failures into exit codes and one-line messages.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  createOpenApiClient,
  isOpenApiError,
  MAX_EPOCH_MS,
  redact,
  timeoutsFor,
  type OpenApiClient,
  type OpenApiClientOptions,
} from '../api/index';
import { OutputFormats, type OutputFormat } from './format';
import { parseTimeInput } from '../server/core/index';
import type { DemoProject } from '../demo/data/index';
import { DURATION_UNIT_MS, isDurationUnit } from '../common/durations';
import { MXQL_ROW_LIMIT } from '../common/limits';
import { localTimezone } from '../common/localZone';

/** A mistake in the command line: exit code 2. */
export class UsageError extends Error {}

export const targetOptions = {
  demo: { type: 'boolean' },
  'base-url': { type: 'string' },
  'service-url': { type: 'string' },
  pcode: { type: 'string' },
  format: { type: 'string' },
  proxy: { type: 'string' },
  'no-strict-ssl': { type: 'boolean' },
  'timeout-ms': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

export const targetHelp = `Target (one of):
  --demo                 start the demo backend in-process and use it
  --base-url URL         the Open API host; tokens come from MXQL_PROJECT_TOKEN / MXQL_ACCOUNT_TOKEN
    --service-url URL    the second host of the server-monitoring spot endpoints (default: base URL)
    --pcode N            the project code
Connection:
  --proxy URL            proxy (default: HTTPS_PROXY / HTTP_PROXY, honouring NO_PROXY)
  --no-strict-ssl        do not verify TLS certificates
  --timeout-ms N         wait at most N ms for the response to start or go on, 4·N for all of it
                         (default 30000 and 120000; 100 to 3600000)
Output:
  --format F             table (default), json or csv`;

export function parseCommandLine<O extends NonNullable<ParseArgsConfig['options']>>(
  args: readonly string[],
  options: O,
) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export function outputFormat(value: string | undefined): OutputFormat {
  if (value === undefined) return 'table';
  if ((OutputFormats as readonly string[]).includes(value)) return value as OutputFormat;
  throw new UsageError(`--format must be one of ${OutputFormats.join(', ')} (got '${value}')`);
}

/** The accepted range of each numeric flag; a value outside it is a usage error, never a silent clamp. */
export const FLAG_RANGES = {
  '--limit': MXQL_ROW_LIMIT,
  '--pcode': { min: 1, max: 2_147_483_647 },
  '--timeout-ms': { min: 100, max: 3_600_000 },
  // Query files are at most 10 MB, so no real line number comes near this.
  '--line': { min: 1, max: 100_000_000 },
} as const;
export type NumericFlag = keyof typeof FLAG_RANGES;

const grouped = (n: number): string => n.toLocaleString('en-US');

/** A whole-number flag within its FLAG_RANGES range, or undefined when not given. */
export function integerFlag(name: NumericFlag, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const { min, max } = FLAG_RANGES[name];
  const text = value.trim();
  // Checked as text first: 99999999999999999999 would otherwise round to another number.
  const n = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max))
    throw new UsageError(
      `${name} must be a whole number from ${grouped(min)} to ${grouped(max)} (got '${value}')`,
    );
  return n;
}

/** The longest duration a flag accepts: no endpoint takes a range longer than a year. */
const MAX_DURATION_MS = 366 * 86_400_000;

/** `15m`, `1h`, `7d` → ms (at most 366 days). */
export function durationMs(name: string, value: string): number {
  const m = /^(\d{1,12})([smhd])$/.exec(value.trim());
  const ms = m?.[2] && isDurationUnit(m[2]) ? Number(m[1]) * DURATION_UNIT_MS[m[2]] : NaN;
  if (!(ms > 0 && ms <= MAX_DURATION_MS))
    throw new UsageError(`${name} must be a duration such as 15m, 1h or 7d, at most 366d (got '${value}')`);
  return ms;
}

/**
 * Epoch ms, ISO 8601, `yyyy-MM-dd HH:mm[:ss]` (local time), `now` or `now-1h`: the core's one reading of
 * a typed time, so a date that does not exist (`2026-02-30`) is refused here as `-- @stime` refuses it.
 */
export function timeMs(name: string, value: string, now: number): number {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    if (text.length > 15 || Number(text) > MAX_EPOCH_MS)
      throw new UsageError(
        `${name} is out of range: epoch ms up to ${MAX_EPOCH_MS} (9999-12-31) (got '${value}')`,
      );
    return Number(text);
  }
  const parsed = parseTimeInput(text, localTimezone, now);
  if (parsed === null) {
    throw new UsageError(
      `${name} must be epoch ms, 'yyyy-MM-dd HH:mm' (a real date), ISO 8601 or now-1h (got '${value}')`,
    );
  }
  return parsed;
}

export interface TargetValues {
  demo?: boolean;
  'base-url'?: string;
  'service-url'?: string;
  pcode?: string;
  proxy?: string;
  'no-strict-ssl'?: boolean;
  'timeout-ms'?: string;
}

/** What a query file says about its project: its `-- @pcode` and the categories it reads. */
export interface ProjectHint {
  readonly pcode: number | undefined;
  /** Asked only when the CLI chooses the project (the demo without --pcode or -- @pcode). */
  categories(): readonly string[];
}

/** The project a query runs in; `label` names it (and why it was chosen) when the CLI chose it. */
export interface ProjectChoice {
  readonly pcode: number | undefined;
  readonly label?: string;
}

export interface Target {
  client: OpenApiClient;
  /** The project of --pcode, else the demo's first APM project. */
  pcode: number | undefined;
  /** The project a query runs in: --pcode always, else the file's @pcode, else (demo) its categories'. */
  projectFor(hint: ProjectHint): ProjectChoice;
  hasProjectToken: boolean;
  hasAccountToken: boolean;
  close(): Promise<void>;
}

/** Secrets of this process, for redacting anything printed. */
export function envSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  return [env['MXQL_PROJECT_TOKEN'], env['MXQL_ACCOUNT_TOKEN']].filter((s): s is string => !!s);
}

type CommonOptions = Pick<OpenApiClientOptions, 'proxy' | 'timeouts' | 'timeoutAdvice'>;

/** Starts the demo in-process; the project is `pcode` when given, else chosen per query (cli/demoProject.ts). */
async function openDemo(common: CommonOptions, pcode: number | undefined): Promise<Target> {
  const [{ startDemoServer }, { demoProjectFor }] = await Promise.all([
    import('../demo/index'),
    import('./demoProject'),
  ]);
  // MXQL_DEMO_INCIDENT asks the in-process demo for an incident (demo/README.md), as --incident does the server.
  const demo = await startDemoServer({ incidentFromEnv: true }).catch((error: unknown) => {
    throw new UsageError(`MXQL_DEMO_INCIDENT: ${error instanceof Error ? error.message : String(error)}`);
  });
  const projects = demo.data.projects;
  const find = (wanted: number, from: string) => {
    const found = projects.find((p) => p.pcode === wanted);
    if (found) return found;
    const codes = projects.map((p) => p.pcode).join(', ');
    throw new UsageError(`the demo has no project ${wanted} (${from}); its projects: ${codes}`);
  };
  // Queries that name no product line keep running in the first APM project, as they always did.
  const fallback = projects.find((p) => p.productType === 'APM') ?? projects[0];
  let fixed: DemoProject | undefined;
  try {
    if (!fallback) throw new Error('the demo data set has no project');
    fixed = pcode === undefined ? undefined : find(pcode, '--pcode');
  } catch (error) {
    await demo.close();
    throw error;
  }
  const client = createOpenApiClient({
    ...common,
    baseUrl: demo.baseUrl,
    serviceUrl: demo.serviceUrl,
    accountToken: demo.accountToken,
    // Each query may run in another demo project, so every project's token is at hand.
    tokenForPcode: (wanted) => projects.find((p) => p.pcode === wanted)?.token,
  });
  const named = (p: DemoProject, why: string): ProjectChoice => ({
    pcode: p.pcode,
    label: `demo project ${p.pcode} ${p.name} (${why})`,
  });
  const projectFor = (hint: ProjectHint): ProjectChoice => {
    if (fixed) return named(fixed, '--pcode');
    if (hint.pcode !== undefined) return named(find(hint.pcode, '-- @pcode'), '-- @pcode');
    const choice = demoProjectFor(demo.data, hint.categories(), fallback);
    return named(choice.project, choice.reason);
  };
  const close = async () => {
    await client.close();
    await demo.close();
  };
  const chosen = fixed ?? fallback;
  return { client, pcode: chosen.pcode, projectFor, hasProjectToken: true, hasAccountToken: true, close };
}

/** A client to the service at --base-url, with tokens from the environment. */
function openService(common: CommonOptions, values: TargetValues, pcode: number | undefined): Target {
  const baseUrl = values['base-url'];
  if (!baseUrl) throw new UsageError('give a target: --demo, or --base-url URL --pcode N');
  const projectToken = process.env['MXQL_PROJECT_TOKEN'];
  const accountToken = process.env['MXQL_ACCOUNT_TOKEN'];
  const client = createOpenApiClient({
    ...common,
    baseUrl,
    ...(values['service-url'] ? { serviceUrl: values['service-url'] } : {}),
    ...(projectToken ? { projectToken } : {}),
    ...(accountToken ? { accountToken } : {}),
    ...(pcode !== undefined ? { pcode } : {}),
  });
  const close = () => client.close();
  const projectFor = (hint: ProjectHint): ProjectChoice => ({ pcode: pcode ?? hint.pcode });
  return {
    client,
    pcode,
    projectFor,
    hasProjectToken: !!projectToken,
    hasAccountToken: !!accountToken,
    close,
  };
}

/** Opens the demo backend or a client to the given service. */
export async function openTarget(values: TargetValues): Promise<Target> {
  const pcode = integerFlag('--pcode', values.pcode);
  const waitMs = integerFlag('--timeout-ms', values['timeout-ms']);
  const common: CommonOptions = {
    proxy: { ...(values.proxy ? { url: values.proxy } : {}), strictSSL: !values['no-strict-ssl'] },
    timeoutAdvice: 'raise --timeout-ms',
    ...(waitMs ? { timeouts: timeoutsFor(waitMs) } : {}),
  };
  if (!values.demo) return openService(common, values, pcode);
  if (values['base-url']) throw new UsageError('give either --demo or --base-url, not both');
  return openDemo(common, pcode);
}

/** Runs `work` with a signal that Ctrl-C aborts, so an interrupted request is really cancelled. */
export async function untilInterrupted<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/** Client errors caused by what the user typed: bad parameters, a limit, a missing token or pcode. */
const USAGE_KINDS: ReadonlySet<string> = new Set(['invalid-params', 'limit', 'config', 'insecure']);

/** The exit code a failure means: 2 for what the user typed, 1 for a query or API error. */
export function exitCodeOf(error: unknown): 1 | 2 {
  return error instanceof UsageError || (isOpenApiError(error) && USAGE_KINDS.has(error.kind)) ? 2 : 1;
}

/** Prints a subcommand's failure as one line on stderr, tokens redacted, and returns its exit code. */
export function reportFailure(command: string, message: string, code: 1 | 2, isUsage = code === 2): 1 | 2 {
  const prefix = isUsage ? 'usage' : 'error';
  const hint = code === 2 ? ` (see 'mxql ${command} --help')` : '';
  process.stderr.write(
    `mxql ${command}: ${prefix}: ${redact(message.replace(/\s*\n\s*/g, ' '), envSecrets())}${hint}\n`,
  );
  return code;
}

/** Runs a subcommand body: usage errors exit 2, API and query errors exit 1, one line on stderr. */
export async function runGuarded(command: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    const code = exitCodeOf(error);
    const message = error instanceof Error ? error.message : String(error);
    return reportFailure(command, message, code, code === 2 && !isOpenApiError(error));
  }
}
