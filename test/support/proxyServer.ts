// A small loopback HTTP forward proxy: absolute-URI requests for plain HTTP and CONNECT tunnels for
// HTTPS. It counts what passes through so tests can assert a request really took the proxy path.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { once } from 'node:events';

export interface ProxyServer {
  url: string;
  /** Every request seen: `GET http://host/path` or `CONNECT host:port`. */
  seen: string[];
  close(): Promise<void>;
}

/** Forwards an absolute-URI request (plain HTTP through the proxy). */
function forward(req: IncomingMessage, res: ServerResponse): void {
  const target = new URL(req.url ?? '');
  const upstream = httpRequest(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: target.pathname + target.search,
      headers: req.headers,
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

/** Opens a CONNECT tunnel (HTTPS through the proxy). */
function tunnel(req: IncomingMessage, client: Socket, head: Buffer): void {
  const [host, port] = (req.url ?? '').split(':');
  const upstream = connect(Number(port), host, () => {
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('error', () => client.destroy());
  client.on('error', () => upstream.destroy());
}

export async function startProxyServer(): Promise<ProxyServer> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    seen.push(`${req.method ?? ''} ${req.url ?? ''}`);
    forward(req, res);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url ?? ''}`);
    tunnel(req, client, head);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: async () => {
      for (const s of sockets) s.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
