// The last runs, kept in VS Code's globalState so they survive restarts. Pure apart from the
// Memento-like store it is given, so it is tested without VS Code. An entry holds what is needed to
// re-run and nothing secret: no token, no header, only the values the user typed for $params and
// INJECT (which the results header shows anyway). It keeps facts, never their wording: the range is the
// choice that was run (a span or exact times), and views derive its label.
import { choiceLabel, type RangeChoice, type TimezoneOffset } from '../../../server/core/index';
import type { RunRecord } from '../../../common/runRecord';

/** The slice of vscode.Memento the store needs. */
export interface StateStore {
  get(key: string): unknown;
  update(key: string, value: unknown): Thenable<void>;
}

/**
 * One past run: its record (common/runRecord.ts) with the values the user gave, the range as chosen and
 * how it ended.
 */
export interface HistoryEntry extends Pick<
  RunRecord,
  'title' | 'query' | 'endpoint' | 'stime' | 'etime' | 'params' | 'injects' | 'rows' | 'ms'
> {
  readonly id: string;
  /** Epoch ms when the run started (the record's `startedAt`, under the name stored entries keep). */
  readonly time: number;
  readonly profile: string;
  /** The project the run went to; undefined when the profile's default was used. */
  readonly pcode: RunRecord['pcode'] | undefined;
  /** The range as chosen: a re-run of a relative span ends now, of exact times sends them again. */
  readonly range: RangeChoice;
  readonly status: 'done' | 'error' | 'cancelled';
  readonly error?: string;
  /** The file the query came from, when it had one. */
  readonly uri?: string;
}

/** How many runs the history keeps. */
export const HISTORY_LIMIT = 100;
const KEY = 'mxql.history';

const isEntryLike = (x: unknown): x is Record<string, unknown> => {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  return typeof e.id === 'string' && typeof e.time === 'number' && typeof e.query === 'string';
};

function isRangeChoice(x: unknown): x is RangeChoice {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  if (r.kind === 'relative') return typeof r.ms === 'number';
  return r.kind === 'absolute' && typeof r.stime === 'number' && typeof r.etime === 'number';
}

/**
 * The range of a stored entry. Entries written before the range was kept as a choice hold only its label:
 * an absolute range was labelled with an arrow between its ends, a relative one with its span.
 */
function storedRange(e: Record<string, unknown>): RangeChoice {
  if (isRangeChoice(e.range)) return e.range;
  const stime = typeof e.stime === 'number' ? e.stime : 0;
  const etime = typeof e.etime === 'number' ? e.etime : 0;
  const absolute = typeof e.rangeLabel === 'string' && e.rangeLabel.includes('→');
  return absolute ? { kind: 'absolute', stime, etime } : { kind: 'relative', ms: etime - stime };
}

/** A stored entry in the current form (an old one read as it was meant), or undefined when malformed. */
function reviveEntry(x: unknown): HistoryEntry | undefined {
  if (!isEntryLike(x)) return undefined;
  const { rangeLabel: _oldLabel, ...rest } = x;
  return { ...(rest as unknown as HistoryEntry), range: storedRange(x) };
}

/** How an entry's range reads in the history's views, in the zone of `zone`. */
export function historyRangeLabel(entry: HistoryEntry, zone: TimezoneOffset): string {
  return choiceLabel(entry.range, zone);
}

export class HistoryStore {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly state: StateStore,
    private readonly limit = HISTORY_LIMIT,
  ) {}

  /**
   * Newest first. Malformed stored entries are skipped rather than failing the view; entries of the older
   * form are read in the current one (and written so at the next change).
   */
  entries(): HistoryEntry[] {
    const stored = this.state.get(KEY);
    if (!Array.isArray(stored)) return [];
    return stored.flatMap((x: unknown) => {
      const entry = reviveEntry(x);
      return entry ? [entry] : [];
    });
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
