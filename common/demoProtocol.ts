// The messages a demo backend running as a child process (`mxql demo-server` started with an IPC
// channel) sends to the process that started it: its connection details once it listens, and its
// request counters and events as they change. The extension runs the demo this way so nothing the
// demo does (a fatal allocation, a hang) can take the extension host down. Both ends import this
// module, so the protocol has one owner and the extension needs nothing of the demo to read it.

/** The demo's request counters. */
export interface DemoServerStats {
  readonly requests: number;
  /** Requests whose client disconnected before the response was complete. */
  readonly abortedRequests: number;
  readonly slowQueriesStarted: number;
}

/** Where a running demo listens and the tokens it accepts. */
export interface DemoInfo {
  baseUrl: string;
  serviceUrl: string;
  accountToken: string;
  projects: { pcode: number; name: string; token: string; productType: string }[];
}

export type DemoEventName = 'slowQueryStarted' | 'requestAborted';

/** Child → parent. Every message carries the counters as they are when it is sent. */
export type DemoChildMessage =
  | { type: 'ready'; info: DemoInfo; stats: DemoServerStats }
  | { type: 'stats'; stats: DemoServerStats }
  | { type: 'event'; name: DemoEventName; detail: { path: string }; stats: DemoServerStats };

/** True for a message of this protocol (anything else on the channel is ignored). */
export function isDemoChildMessage(value: unknown): value is DemoChildMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'ready' || type === 'stats' || type === 'event';
}
