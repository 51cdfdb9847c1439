// A loopback HTTP server that misbehaves on demand, for testing the Open API client's failure
// handling over real sockets. Each request takes the next queued fault (the last one repeats).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  | { kind: 'json'; body: unknown; status?: number; headers?: Record<string, string> }
  | { kind: 'text'; body: string; status?: number; contentType?: string; headers?: Record<string, string> }
  | { kind: 'status'; status: number; retryAfter?: string; body?: string }
  | { kind: 'html'; status: number }
  | { kind: 'resetMidBody' }
  | { kind: 'hang' }
  | { kind: 'drip'; everyMs: number }
  | { kind: 'truncatedJson' }
  | { kind: 'shortContentLength' }
  | { kind: 'oversized'; bytes: number; declareLength: boolean }
  | { kind: 'echoToken'; status: number };

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export interface FaultServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** TCP connections accepted so far (keep-alive reuse keeps this low). */
  connections(): number;
  /** Queues faults for the next requests; the last one repeats. */
  respondWith(...faults: Fault[]): void;
  /** Resolves when the next server-side socket close happens. */
  nextSocketClose(): Promise<void>;
  /** Resolves when the next request arrives. */
  nextRequest(): Promise<RecordedRequest>;
  close(): Promise<void>;
}

function respond(fault: Fault, req: IncomingMessage, res: ServerResponse): void {
  switch (fault.kind) {
    case 'json':
      res.writeHead(fault.status ?? 200, { 'content-type': 'application/json', ...fault.headers });
      res.end(JSON.stringify(fault.body));
      return;
    case 'text':
      res.writeHead(fault.status ?? 200, {
        'content-type': fault.contentType ?? 'text/plain',
        ...fault.headers,
      });
      res.end(fault.body);
      return;
    case 'status':
      res.writeHead(fault.status, {
        'content-type': 'application/json',
        ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}),
      });
      res.end(fault.body ?? JSON.stringify({ code: fault.status, message: 'failure' }));
      return;
    case 'html':
      res.writeHead(fault.status, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!DOCTYPE html><html><body><h1>Bad Gateway</h1><p>upstream error</p></body></html>');
      return;
    case 'echoToken':
      res.writeHead(fault.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `token ${String(req.headers['x-service-token'])} rejected` }));
      return;
    default:
      misbehave(fault, res);
  }
}

function misbehave(fault: Fault, res: ServerResponse): void {
  switch (fault.kind) {
    case 'resetMidBody':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('[{"a":1},', () => res.socket?.resetAndDestroy());
      return;
    case 'hang':
      return;
    case 'drip': {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const timer = setInterval(() => res.write(' '), fault.everyMs);
      res.on('close', () => clearInterval(timer));
      return;
    }
    case 'truncatedJson':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[{"time":1,"tps":2},{"time":2,"tp');
      return;
    case 'shortContentLength':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('[{"time":1}', () => res.socket?.end());
      return;
    case 'oversized': {
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(fault.declareLength ? { 'content-length': String(fault.bytes) } : {}),
      });
      let sent = 0;
      const pump = (): void => {
        while (sent < fault.bytes && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
      return;
    }
    default:
      res.writeHead(500).end();
  }
}

/** Starts a fault server on 127.0.0.1 with an ephemeral port. */
export async function startFaultServer(): Promise<FaultServer> {
  let queue: Fault[] = [{ kind: 'json', body: { ok: true } }];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const closeWaiters: (() => void)[] = [];
  const requestWaiters: ((r: RecordedRequest) => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      requests.push(recorded);
      requestWaiters.splice(0).forEach((w) => w(recorded));
      const fault = queue.length > 1 ? queue.shift() : queue[0];
      respond(fault ?? { kind: 'hang' }, req, res);
    });
  });
  let connections = 0;
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      closeWaiters.splice(0).forEach((w) => w());
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    connections: () => connections,
    respondWith: (...faults) => {
      queue = faults;
    },
    nextSocketClose: () => new Promise((resolve) => closeWaiters.push(resolve)),
    nextRequest: () => new Promise((resolve) => requestWaiters.push(resolve)),
    close: async () => {
      for (const s of sockets) s.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A loopback port with nothing listening on it (bound, then released). */
export async function refusedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}
