// Which MXQL executor a demo server uses unless its options name another. This is the one line to change
// when the MXQL engine (client/src/demo/mxql/) lands: point it at the engine's executor factory.
import { createFallbackMxqlExecutor } from './fallbackMxqlExecutor';
import type { MxqlExecutorFactory } from './mxqlExecutor';

export const defaultMxqlExecutorFactory: MxqlExecutorFactory = createFallbackMxqlExecutor;
