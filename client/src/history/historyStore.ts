// The last runs, kept in VS Code's globalState so they survive restarts. Pure apart from the
// Memento-like store it is given, so it is tested without VS Code. An entry holds what is needed to
// re-run and nothing secret: no token, no header, only the values the user typed for $params and
// INJECT (which the results header shows anyway).

/** The slice of vscode.Memento the store needs. */
export interface StateStore {
  get(key: string): unknown;
  update(key: string, value: unknown): Thenable<void>;
}

/** One past run. */
export interface HistoryEntry {
  readonly id: string;
  /** Epoch ms when the run started. */
  readonly time: number;
  readonly title: string;
  readonly profile: string;
  readonly pcode: number | undefined;
  readonly endpoint: string;
  readonly stime: number;
  readonly etime: number;
  readonly rangeLabel: string;
  readonly params: Readonly<Record<string, string>>;
  readonly injects: Readonly<Record<string, string>>;
  readonly status: 'done' | 'error' | 'cancelled';
  readonly rows: number;
  readonly ms: number;
  readonly error?: string;
  /** The file the query came from, when it had one. */
  readonly uri?: string;
  /** The query text as sent (or the predefined path). */
  readonly query: string;
}

/** How many runs the history keeps. */
export const HISTORY_LIMIT = 100;
const KEY = 'mxql.history';

const isEntry = (x: unknown): x is HistoryEntry => {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  return typeof e.id === 'string' && typeof e.time === 'number' && typeof e.query === 'string';
};

export class HistoryStore {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly state: StateStore,
    private readonly limit = HISTORY_LIMIT,
  ) {}

  /** Newest first. Malformed stored entries are skipped rather than failing the view. */
  entries(): HistoryEntry[] {
    const stored = this.state.get(KEY);
    return Array.isArray(stored) ? stored.filter(isEntry) : [];
  }

  find(id: string): HistoryEntry | undefined {
    return this.entries().find((e) => e.id === id);
  }

  async add(entry: HistoryEntry): Promise<void> {
    const next = [entry, ...this.entries().filter((e) => e.id !== entry.id)].slice(0, this.limit);
    await this.state.update(KEY, next);
    this.changed();
  }

  async clear(): Promise<void> {
    await this.state.update(KEY, []);
    this.changed();
  }

  /** Calls `listener` after every change; returns a function that unsubscribes. */
  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
