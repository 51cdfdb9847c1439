// Route table types and matching. A route names its host, method, path pattern and the kind of token it
// needs; handlers get a context with the parsed request and return the body to serialise as JSON.
import type { IncomingMessage } from 'node:http';
import type { DemoData, DemoProject } from '../data/index';
import type { MxqlExecutor } from '../mxqlExecutor';

/** Which listener serves the route: the main API host or the second (service) host. */
export type HostKind = 'base' | 'service';

/** Which token a route accepts. 'either' serves both kinds, with different responses. */
export type AuthKind = 'account' | 'project' | 'either';

export type Caller = { kind: 'account' } | { kind: 'project'; project: DemoProject };

/** Shared state of one server instance (never module-global, so servers stay independent). */
export interface ServerState {
  data: DemoData;
  executor: MxqlExecutor;
  slowMs: number;
  stats: { requests: number; abortedRequests: number; slowQueriesStarted: number };
  emit: (event: 'slowQueryStarted' | 'requestAborted', detail: { path: string }) => void;
}

export interface RequestContext {
  req: IncomingMessage;
  url: URL;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  caller: Caller;
  state: ServerState;
  signal: AbortSignal;
  /** Headers a handler adds to its 200 response. */
  responseHeaders: Record<string, string>;
}

export interface Route {
  host: HostKind | 'both';
  method: 'GET' | 'POST';
  /** Segments; `:name` matches one non-empty segment. */
  path: string;
  auth: AuthKind;
  handle: (ctx: RequestContext) => unknown;
}

/** The variables of `pattern` if `pathname` matches it, else undefined. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? '';
    const g = got[i] ?? '';
    if (w.startsWith(':')) {
      if (g === '') return undefined;
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return undefined;
      }
    } else if (w !== g) return undefined;
  }
  return params;
}

/** The project of a caller that passed project authentication. */
export function projectOf(ctx: RequestContext): DemoProject {
  if (ctx.caller.kind !== 'project') throw new Error('route declared project auth but got another caller');
  return ctx.caller.project;
}
