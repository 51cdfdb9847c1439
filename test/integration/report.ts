// Results travel from the extension host to the harness as JSON POSTs to a loopback URL, one per event,
// in order. The harness (scripts/vscode/runIntegration.mjs) reads the same shapes.

/** One message from the in-host runner to the harness. */
export type TestEvent =
  | {
      kind: 'test';
      title: string[];
      state: 'passed' | 'failed';
      durationMs: number;
      error?: string;
    }
  | { kind: 'end'; passed: number; failed: number }
  | { kind: 'error'; message: string };

export interface Reporter {
  /** Queues an event; resolves once it (and everything before it) was delivered. Never rejects. */
  send(event: TestEvent): Promise<void>;
  /** Resolves when every queued event was delivered. */
  flush(): Promise<void>;
}

/** A reporter posting to `url`, or one that only keeps order when no harness listens (@vscode/test-electron). */
export function createReporter(url: string | undefined): Reporter {
  let chain: Promise<void> = Promise.resolve();
  const post = async (event: TestEvent): Promise<void> => {
    if (!url) return;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
      });
      if (!res.ok) console.error(`integration report: ${url} answered HTTP ${res.status}`);
    } catch (err) {
      // The harness notices missing results by its timeout; the run itself must go on.
      console.error(`integration report: could not reach ${url}: ${String(err)}`);
    }
  };
  return {
    send(event) {
      chain = chain.then(() => post(event));
      return chain;
    },
    flush() {
      return chain;
    },
  };
}
