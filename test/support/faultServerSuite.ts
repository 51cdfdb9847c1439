// Test helper: a file's fault server, started before its tests and closed after them, with the check
// that no promise was left rejected without a handler meanwhile.
import { after, before } from 'node:test';
import { startFaultServer, type FaultServer } from './faultServer';
import { recordUnhandledRejections } from './unhandledRejections';

/** Registers the hooks; the returned function gives the running server inside a test. */
export function useFaultServer(): () => FaultServer {
  const unhandled = recordUnhandledRejections();
  let server: FaultServer | undefined;
  before(async () => {
    server = await startFaultServer();
  });
  after(async () => {
    await server?.close();
    unhandled.assertNone();
  });
  return () => {
    if (!server) throw new Error('the fault server starts before the first test');
    return server;
  };
}
