// A loopback HTTP server that misbehaves on demand, for testing the Open API client's failure
// handling over real sockets. Each request takes the next queued fault (the last one repeats).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { deflateSync, gzipSync } from 'node:zlib';

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
  | { kind: 'echoToken'; status: number }
  /** A JSON body compressed with the given Content-Encoding. */
  | { kind: 'encoded'; body: unknown; encoding: 'gzip' | 'deflate' }
  | { kind: 'redirect'; status: number; location: string }
  /** A Tomcat-style HTML error page with a <title>. */
  | { kind: 'errorPage'; status: number; title: string }
  /** A JSON body with bytes that are not UTF-8 outside any string. */
  | { kind: 'invalidUtf8' }
  /** The connection is reset before any response. */
  | { kind: 'resetBeforeHeaders' };

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
    case 'encoded': {
      const raw = Buffer.from(JSON.stringify(fault.body));
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': fault.encoding });
      res.end(fault.encoding === 'gzip' ? gzipSync(raw) : deflateSync(raw));
      return;
    }
    case 'redirect':
      res.writeHead(fault.status, { location: fault.location, 'content-type': 'text/html' });
      res.end('<html><body>Moved</body></html>');
      return;
    case 'errorPage':
      res.writeHead(fault.status, { 'content-type': 'text/html;charset=utf-8' });
      res.end(
        `<!DOCTYPE html> <html lang="en"><head><meta charset="utf-8"><title>${fault.title}</title>` +
          '<style type="text/css">body {font-family:Tahoma,Arial,sans-serif;}</style></head>' +
          `<body><h1>${fault.title}</h1><hr class="line" /><p><b>Type</b> Exception Report</p></body></html>`,
      );
      return;
    case 'invalidUtf8':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.concat([Buffer.from('[{"a":1}'), Buffer.from([0xff, 0xfe]), Buffer.from(']')]));
      return;
    case 'echoToken':
      res.writeHead(fault.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `token ${String(req.headers['x-service-token'])} rejected` }));
      return;
    default:
      misbehave(fault, res);
  }
}

/** Streams `bytes` of spaces, honouring back-pressure, with or without a content-length. */
function sendOversized(res: ServerResponse, bytes: number, declareLength: boolean): void {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(declareLength ? { 'content-length': String(bytes) } : {}),
  });
  let sent = 0;
  const pump = (): void => {
    while (sent < bytes && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}

function misbehave(fault: Fault, res: ServerResponse): void {
  switch (fault.kind) {
    case 'resetMidBody':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('[{"a":1},', () => res.socket?.resetAndDestroy());
      return;
    case 'hang':
      return;
    case 'resetBeforeHeaders':
      res.socket?.resetAndDestroy();
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
    case 'oversized':
      sendOversized(res, fault.bytes, fault.declareLength);
      return;
    default:
      res.writeHead(500).end();
  }
}

/** What the server has seen, and who waits for the next request or socket close. */
class Observations {
  queue: Fault[] = [{ kind: 'json', body: { ok: true } }];
  readonly requests: RecordedRequest[] = [];
  readonly sockets = new Set<Socket>();
  connections = 0;
  readonly closeWaiters: (() => void)[] = [];
  readonly requestWaiters: ((r: RecordedRequest) => void)[] = [];

  /** Records a complete request and answers it with the next queued fault. */
  handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const recorded = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body,
      at: performance.now(),
    };
    this.requests.push(recorded);
    this.requestWaiters.splice(0).forEach((w) => w(recorded));
    const fault = this.queue.length > 1 ? this.queue.shift() : this.queue[0];
    respond(fault ?? { kind: 'hang' }, req, res);
  }

  track(socket: Socket): void {
    this.connections++;
    this.sockets.add(socket);
    socket.on('close', () => {
      this.sockets.delete(socket);
      this.closeWaiters.splice(0).forEach((w) => w());
    });
  }
}

/** The test-only loopback certificate (valid for 127.0.0.1 and localhost). */
function loopbackTls(): { key: Buffer; cert: Buffer } {
  const fixtures = join(__dirname, '..', 'api', 'fixtures');
  return {
    key: readFileSync(join(fixtures, 'loopback-key.pem')),
    cert: readFileSync(join(fixtures, 'loopback-cert.pem')),
  };
}

/** Starts a fault server on 127.0.0.1 with an ephemeral port; `tls` serves HTTPS with the loopback certificate. */
export async function startFaultServer(options: { tls?: boolean } = {}): Promise<FaultServer> {
  const seen = new Observations();
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => seen.handle(req, res, Buffer.concat(chunks).toString('utf8')));
  };
  const server = options.tls ? createTlsServer(loopbackTls(), listener) : createServer(listener);
  server.on(options.tls ? 'secureConnection' : 'connection', (socket: Socket) => seen.track(socket));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    requests: seen.requests,
    connections: () => seen.connections,
    respondWith: (...faults) => {
      seen.queue = faults;
    },
    nextSocketClose: () => new Promise((resolve) => seen.closeWaiters.push(resolve)),
    nextRequest: () => new Promise((resolve) => seen.requestWaiters.push(resolve)),
    close: async () => {
      for (const s of seen.sockets) s.destroy();
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
