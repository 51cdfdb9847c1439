// The demo backend: a real HTTP server on loopback that serves the whole Monitoring Open API from a
// deterministic synthetic data set. Two listeners stand for the spec's two hosts: `baseUrl` ({base_url})
// and `serviceUrl` ({service_url}); a client that calls a path on the wrong host gets a 404.
// No global state: every call builds its own data set, route state and sockets, and close() ends them all.
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDemoData, parseIncidentSpec, type DemoData, type IncidentSpec } from './data/index';
import { defaultMxqlExecutorFactory } from './defaultMxqlExecutor';
import { createDispatcher } from './http/dispatch';
import type { ServerState } from './http/route';
import type { MxqlExecutorFactory } from './mxqlExecutor';
import { allRoutes } from './routes/index';
import type { DemoServerStats } from '../common/demoProtocol';

export type { MxqlExecutor, MxqlExecutorFactory, MxqlRequest } from './mxqlExecutor';
export { MxqlQueryError } from './mxqlExecutor';
export { demoClientOptions, type DemoClientOptions } from './clientOptions';
export type { DemoData, IncidentSpec } from './data/index';
export { parseIncidentSpec } from './data/index';

/** The environment variable the CLI's in-process demo (`--demo`) reads an incident spec from. */
export const DEMO_INCIDENT_ENV = 'MXQL_DEMO_INCIDENT';

export interface DemoServerOptions {
  /** Interface to listen on; 127.0.0.1 by default. */
  host?: string;
  /** Port of the main host; 0 (default) picks a free one. */
  port?: number;
  /** Port of the second (service) host; 0 (default) picks a free one. */
  servicePort?: number;
  /** Seed of the synthetic data set (default 1). Same seed and clock → same data. */
  seed?: number;
  /** Clock in epoch ms (default Date.now); inject a fixed one for reproducible tests. */
  now?: () => number;
  /** How long a `CATEGORY demo_slow` query (or path `/demo/slow`) takes, in ms (default 30000). */
  slowMs?: number;
  /**
   * An incident to play (data/incident.ts): `AGENT[:metric*N,metric/N][@30m]`, e.g. `api-02:resp_time*3,tps/2@30m`,
   * or its parsed form. Undefined: the environment's MXQL_DEMO_INCIDENT when `incidentFromEnv` is set, else none.
   */
  incident?: string | IncidentSpec;
  /** Reads MXQL_DEMO_INCIDENT when `incident` is not given (the CLI's in-process demo does). */
  incidentFromEnv?: boolean;
  /** Replaces the MXQL executor (default: the built-in one over the same data set). */
  mxqlExecutor?: MxqlExecutorFactory;
}

/** Counters of a running server, for tests that need to see what happened to a request. */
export type { DemoServerStats };

export interface DemoServer {
  /** `http://host:port` of the main API host ({base_url}). */
  baseUrl: string;
  /** `http://host:port` of the second host ({service_url}) for server-monitoring spot endpoints. */
  serviceUrl: string;
  accountToken: string;
  projects: { pcode: number; name: string; token: string; productType: string }[];
  /** The data set the server answers from (read-only use). */
  data: DemoData;
  stats: DemoServerStats;
  /** Emits 'slowQueryStarted' and 'requestAborted' with `{ path }`. */
  events: EventEmitter;
  close(): Promise<void>;
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    // Keep-alive sockets would hold close() open until they time out.
    server.closeAllConnections();
  });
}

function urlOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function createState(data: DemoData, events: EventEmitter, options: DemoServerOptions): ServerState {
  return {
    data,
    executor: (options.mxqlExecutor ?? defaultMxqlExecutorFactory)(data),
    slowMs: options.slowMs ?? 30_000,
    stats: { requests: 0, abortedRequests: 0, slowQueriesStarted: 0 },
    emit: (event, detail) => {
      try {
        events.emit(event, detail);
      } catch {
        // A listener that throws belongs to a test or tool watching the server; it must not take the
        // request handling (and with it the process) down.
      }
    },
  };
}

/** The incident options ask for, parsed; throws with what is wrong in a spec. */
function incidentOf(options: DemoServerOptions): IncidentSpec | undefined {
  const given = options.incident ?? (options.incidentFromEnv ? process.env[DEMO_INCIDENT_ENV] : undefined);
  if (given === undefined || given === '') return undefined;
  return typeof given === 'string' ? parseIncidentSpec(given) : given;
}

/** Starts the demo backend. Resolves once both listeners accept connections. */
export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const host = options.host ?? '127.0.0.1';
  const data = createDemoData(options.seed ?? 1, options.now ?? Date.now, incidentOf(options));
  const events = new EventEmitter();
  const state = createState(data, events, options);
  const base = createServer(createDispatcher('base', allRoutes, state));
  const service = createServer(createDispatcher('service', allRoutes, state));
  try {
    const basePort = await listen(base, host, options.port ?? 0);
    const servicePort = await listen(service, host, options.servicePort ?? 0);
    return {
      baseUrl: urlOf(host, basePort),
      serviceUrl: urlOf(host, servicePort),
      accountToken: data.dataset.accountToken,
      projects: data.projects.map((p) => ({
        pcode: p.pcode,
        name: p.name,
        token: p.token,
        productType: p.productType,
      })),
      data,
      stats: state.stats,
      events,
      close: async () => {
        await Promise.all([closeServer(base), closeServer(service)]);
      },
    };
  } catch (error) {
    await Promise.all([closeServer(base), closeServer(service)]);
    throw error;
  }
}
