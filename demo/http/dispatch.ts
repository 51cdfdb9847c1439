// The request handler of one listener: route, authenticate, read the body, run the handler, write JSON.
// Every failure becomes a JSON error; nothing a client sends can crash the process.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate } from './auth';
import { CAPS, responseTooLarge } from './caps';
import { readJsonBody } from './body';
import { HttpError, errorBody } from './httpError';
import { matchPath, type HostKind, type Route, type ServerState } from './route';

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const text = serialise(body);
  if (text === undefined) {
    const error = responseTooLarge();
    send(res, error.status, errorBody(error));
    return;
  }
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** JSON text of a body, or undefined when it exceeds the response cap (or V8's string limit). */
function serialise(body: unknown): string | undefined {
  try {
    const text = JSON.stringify(body);
    return text.length > CAPS.responseBytes ? undefined : text;
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

function findRoute(routes: readonly Route[], method: string, pathname: string) {
  const matching = routes.flatMap((route) => {
    const params = matchPath(route.path, pathname);
    return params ? [{ route, params }] : [];
  });
  if (matching.length === 0) {
    throw new HttpError(404, 'not-found/path', `No endpoint at '${pathname}' on this host.`);
  }
  const hit = matching.find((m) => m.route.method === method);
  if (!hit) {
    const allow = [...new Set(matching.map((m) => m.route.method))].join(', ');
    throw new HttpError(405, 'method-not-allowed', `'${pathname}' accepts ${allow}, not ${method}.`, {
      allow,
    });
  }
  return hit;
}

/** Tracks the client going away before the response is complete, and aborts the work then. */
function abortOnDisconnect(res: ServerResponse, state: ServerState, path: string): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) {
      state.stats.abortedRequests++;
      controller.abort(new Error('client disconnected'));
      state.emit('requestAborted', { path });
    }
  });
  return controller.signal;
}

async function handle(
  routes: readonly Route[],
  state: ServerState,
  req: IncomingMessage,
  res: ServerResponse,
) {
  state.stats.requests++;
  const url = new URL(req.url ?? '/', 'http://demo.invalid');
  const signal = abortOnDisconnect(res, state, url.pathname);
  const { route, params } = findRoute(routes, req.method ?? 'GET', url.pathname);
  const caller = authenticate(state.data, req.headers, route.auth);
  const body = route.method === 'POST' ? await readJsonBody(req) : undefined;
  const responseHeaders: Record<string, string> = {};
  const result = await route.handle({
    req,
    url,
    params,
    query: url.searchParams,
    body,
    caller,
    state,
    signal,
    responseHeaders,
  });
  send(res, 200, result, responseHeaders);
}

/** A node:http request listener serving `routes` for one host kind. */
export function createDispatcher(host: HostKind, allRoutes: readonly Route[], state: ServerState) {
  const routes = allRoutes.filter((r) => r.host === host || r.host === 'both');
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(routes, state, req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        send(res, error.status, errorBody(error), error.headers);
        return;
      }
      if (res.destroyed) return;
      const message = error instanceof Error ? error.message : String(error);
      send(res, 500, { status: 500, code: 'internal', message: `The demo server failed: ${message}` });
    });
  };
}
