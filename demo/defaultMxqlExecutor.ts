// Which MXQL executor a demo server uses unless its options name another: the MXQL engine
// (demo/mxql/) over the server's data set.
import { createMxqlEngine } from './mxql/index';
import type { MxqlExecutorFactory } from './mxqlExecutor';

export const defaultMxqlExecutorFactory: MxqlExecutorFactory = createMxqlEngine();
