// `mxql demo-server`: starts the demo backend on loopback, prints ONE JSON line with its connection
// details (for scripts and tests to read), then serves until SIGINT or SIGTERM and closes cleanly.
import {
  DEMO_INCIDENT_ENV,
  parseIncidentSpec,
  startDemoServer,
  type DemoServer,
  type IncidentSpec,
} from '../demo/index';
import type { DemoChildMessage, DemoEventName } from '../common/demoProtocol';
import type { Subcommand } from './main';

const HELP = `Usage: mxql demo-server [--host 127.0.0.1] [--port N] [--service-port N] [--seed N] [--incident SPEC]

Starts the demo Monitoring Open API backend with deterministic synthetic data and prints one JSON line:
  {"baseUrl":…,"serviceUrl":…,"accountToken":…,"projects":[{"pcode":…,"name":…,"token":…}]}
then serves until interrupted (Ctrl+C / SIGTERM).

Options:
  --host H           interface to listen on (default 127.0.0.1)
  --port N           port of the main host ({base_url}; default: a free port)
  --service-port N   port of the second host ({service_url}; default: a free port)
  --seed N           seed of the synthetic data set (default 1)
  --incident SPEC    make one agent degrade: AGENT[:metric*N,metric/N][@DURATION], e.g.
                     api-02:resp_time*3,tps/2@30m (the defaults: resp_time*3,tps/2 over the last 30m,
                     going on while the server runs); default: $${DEMO_INCIDENT_ENV}
  --help             show this help
`;

interface Options {
  host: string;
  port: number;
  servicePort: number;
  seed: number;
  incident: IncidentSpec | undefined;
}

class UsageError extends Error {}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

function integer(flag: string, text: string | undefined, min: number, max: number): number {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(
      `${flag} needs an integer between ${min} and ${max}${text === undefined ? '' : `, got '${text}'`}.`,
    );
  }
  return Number(text);
}

function incidentSpec(flag: string, text: string | undefined): IncidentSpec {
  try {
    return parseIncidentSpec(text ?? '');
  } catch (error) {
    throw new UsageError(`${flag}: ${error instanceof Error ? error.message : String(error)}.`);
  }
}

function parseArgs(args: readonly string[]): Options {
  const fromEnv = process.env[DEMO_INCIDENT_ENV];
  const options: Options = { host: '127.0.0.1', port: 0, servicePort: 0, seed: 1, incident: undefined };
  for (let i = 0; i < args.length; i++) {
    const [flag = '', inline] = (args[i] ?? '').split(/=(.*)/s, 2);
    const value = () => inline ?? args[++i];
    if (flag === '--host') {
      const host = value();
      if (!host) throw new UsageError('--host needs an interface address.');
      options.host = host;
    } else if (flag === '--port') options.port = integer('--port', value(), 0, 65_535);
    else if (flag === '--service-port') options.servicePort = integer('--service-port', value(), 0, 65_535);
    else if (flag === '--seed') options.seed = integer('--seed', value(), 0, 2 ** 31 - 1);
    else if (flag === '--incident') options.incident = incidentSpec('--incident', value());
    else throw new UsageError(`unknown option '${args[i] ?? ''}'.`);
  }
  if (!options.incident && fromEnv) options.incident = incidentSpec(DEMO_INCIDENT_ENV, fromEnv);
  return options;
}

function waitForSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

export const demoServer: Subcommand = async (args) => {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP);
    return 0;
  }
  let options: Options;
  try {
    options = parseArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(
      `mxql demo-server: ${error.message}\nRun 'mxql demo-server --help' for the options.\n`,
    );
    return 2;
  }
  if (!LOOPBACK.has(options.host)) {
    process.stderr.write(
      `mxql demo-server: warning: listening on ${options.host}, not loopback; its demo tokens are sent in clear text.\n`,
    );
  }
  const signal = waitForSignal();
  let server: DemoServer;
  try {
    server = await startDemoServer(options);
  } catch (error) {
    // An incident that names no agent is a mistake on the command line, not a crash.
    if (!options.incident || !(error instanceof Error) || !error.message.startsWith('no demo agent'))
      throw error;
    process.stderr.write(`mxql demo-server: --incident: ${error.message}.\n`);
    return 2;
  }
  const incident = server.data.incident;
  const line = {
    baseUrl: server.baseUrl,
    serviceUrl: server.serviceUrl,
    accountToken: server.accountToken,
    projects: server.projects.map((p) => ({ pcode: p.pcode, name: p.name, token: p.token })),
    ...(incident
      ? { incident: { oids: [...incident.oids], since: incident.since, effects: incident.effects } }
      : {}),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  const stopReporting = reportOverIpc(server);
  await Promise.race([signal, parentGone()]);
  stopReporting();
  await server.close();
  return 0;
};

/** Resolves when the parent that started this process over IPC goes away; never without IPC. */
function parentGone(): Promise<void> {
  return new Promise((resolve) => {
    if (process.send) process.once('disconnect', () => resolve());
  });
}

/**
 * When started with an IPC channel (the extension forks it), reports readiness, events and the
 * request counters to the parent. Returns a function that stops reporting.
 */
function reportOverIpc(server: DemoServer): () => void {
  const send = process.send?.bind(process);
  if (!send) return () => undefined;
  const post = (message: DemoChildMessage) => {
    if (process.connected) send(message);
  };
  const stats = () => ({ ...server.stats });
  const info = {
    baseUrl: server.baseUrl,
    serviceUrl: server.serviceUrl,
    accountToken: server.accountToken,
    projects: server.projects,
  };
  post({ type: 'ready', info, stats: stats() });
  const names: DemoEventName[] = ['slowQueryStarted', 'requestAborted'];
  const listeners = names.map((name) => {
    const listener = (detail: { path: string }) => post({ type: 'event', name, detail, stats: stats() });
    server.events.on(name, listener);
    return () => server.events.off(name, listener);
  });
  let last = JSON.stringify(server.stats);
  const timer = setInterval(() => {
    const now = JSON.stringify(server.stats);
    if (now !== last) post({ type: 'stats', stats: stats() });
    last = now;
  }, 100);
  timer.unref();
  return () => {
    clearInterval(timer);
    listeners.forEach((off) => off());
  };
}
