// Retry policy: which failures are worth repeating and how long to wait before the next attempt.

export interface RetryOptions {
  /** Total attempts including the first (1 disables retries). */
  attempts: number;
  /** First backoff delay; doubled on each further attempt. */
  baseDelayMs: number;
  /** Upper bound of a backoff delay. */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the 429/503 is returned instead. */
  maxRetryAfterMs: number;
  /** Source of jitter in [0, 1); replaceable so tests can pin it. */
  random: () => number;
}
export const defaultRetry: RetryOptions = {
  attempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
  random: Math.random,
};

/** Statuses that signal a transient condition: rate limiting and gateway/service unavailability. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** Exponential backoff with jitter: between half and all of base·2^(attempt-1), capped. */
export function backoffDelay(options: RetryOptions, attempt: number): number {
  const exp = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(exp / 2 + (exp / 2) * options.random());
}

/** Milliseconds asked for by a Retry-After header (seconds or an HTTP date), or undefined. */
export function retryAfterMs(header: string, now: number): number | undefined {
  const text = header.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Waits `ms`; resolves false at once if `signal` aborts (never rejects). */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(ok);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
