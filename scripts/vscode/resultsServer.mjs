// The loopback endpoint the in-host test runner (test/integration/report.ts) posts its events to.
import { createServer } from 'node:http';

/**
 * Starts collecting events on 127.0.0.1. `finished` resolves with the `end` or `error` event.
 * @param {(event: any) => void} onEvent called for every event, in arrival order
 */
export async function startResultsServer(onEvent) {
  let settle;
  const finished = new Promise((resolve) => (settle = resolve));
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      let event;
      try {
        event = JSON.parse(body);
      } catch {
        res.writeHead(400).end('not JSON');
        return;
      }
      res.writeHead(204).end();
      onEvent(event);
      if (event.kind === 'end' || event.kind === 'error') settle(event);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/events`,
    finished,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
