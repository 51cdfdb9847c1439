/** The per-request catch: a failing feature logs one line and answers with a neutral result. */

/** Runs `work`; on an exception logs `what` with the error and returns `fallback`. */
export function guarded<T>(what: string, log: (message: string) => void, fallback: T, work: () => T): T {
  try {
    return work();
  } catch (error) {
    log(`${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return fallback;
  }
}
