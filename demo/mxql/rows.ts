// Rows, composite values and the batched row stream every stage of the engine reads and writes.
// Rows travel in batches (arrays) through async generators: a stage handles a whole batch in a tight
// loop, and the generator boundary is where a query yields to the event loop and notices a cancel.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** One result row: column name → value (a number, a string, null, a composite or a list). */
export type Row = Record<string, unknown>;

/** One row in, one row (possibly the same object) or null (dropped) out. */
export type RowFn = (row: Row) => Row | null;

/** A lazily produced sequence of row batches. Stopping the iteration stops the producer. */
export type RowStream = AsyncIterable<Row[]>;

/**
 * A composite value built by GROUP `merge`: it remembers enough to answer sum, min, max, last, avg
 * and count later (UPDATE `value`). Rendered as its average when it reaches the output.
 */
export class MetricValue {
  sum = 0;
  count = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  last = 0;

  /** Adds one number (or folds in another composite). */
  add(value: unknown): void {
    if (value instanceof MetricValue) {
      this.sum += value.sum;
      this.count += value.count;
      this.min = Math.min(this.min, value.min);
      this.max = Math.max(this.max, value.max);
      this.last = value.last;
      return;
    }
    const n = typeof value === 'number' ? value : Number(value);
    if (value === null || value === undefined || Number.isNaN(n)) return;
    this.sum += n;
    this.count++;
    if (n < this.min) this.min = n;
    if (n > this.max) this.max = n;
    this.last = n;
  }

  /** The average, the default reading of a composite; null when nothing was added. */
  get avg(): number | null {
    return this.count === 0 ? null : this.sum / this.count;
  }
}

/** Reduces a value that may be a composite to a plain number with the named operation. */
export function reduceValue(value: unknown, op: string): unknown {
  if (!(value instanceof MetricValue)) return op === 'cnt' || op === 'count' ? 1 : value;
  if (value.count === 0) return op === 'cnt' || op === 'count' ? 0 : null;
  switch (op) {
    case 'sum':
      return value.sum;
    case 'min':
      return value.min;
    case 'max':
      return value.max;
    case 'last':
      return value.last;
    case 'cnt':
    case 'count':
      return value.count;
    default:
      return value.avg;
  }
}

/** A value as the expression evaluator and comparisons see it (composites read as their average). */
export function plainValue(value: unknown): unknown {
  return value instanceof MetricValue ? value.avg : value;
}

/** Yields to the event loop at most every `sliceMs` of work, so cancels and other requests get through. */
export class Pacer {
  private lastYield = performance.now();

  constructor(
    readonly signal: AbortSignal,
    private readonly sliceMs = 15,
  ) {}

  /** Throws the abort reason when the request was cancelled. */
  check(): void {
    if (this.signal.aborted) {
      const reason: unknown = this.signal.reason;
      throw reason instanceof Error ? reason : new Error('The query was cancelled.');
    }
  }

  /** Checks for a cancel, yielding first when the current slice of work is used up. */
  async pace(): Promise<void> {
    if (performance.now() - this.lastYield >= this.sliceMs) {
      await nextTurn();
      this.lastYield = performance.now();
    }
    this.check();
  }
}

/** Reads a whole stream into one array. */
export async function collect(stream: RowStream, pacer: Pacer): Promise<Row[]> {
  const out: Row[] = [];
  for await (const batch of stream) {
    for (const row of batch) out.push(row);
    await pacer.pace();
  }
  return out;
}

/** A stream over rows already in memory, in batches of `size`. */
export async function* streamOf(rows: readonly Row[], size = 1024): RowStream {
  for (let i = 0; i < rows.length; i += size) {
    await Promise.resolve();
    yield rows.slice(i, i + size);
  }
}

/**
 * The output form of a row: composites become their average and unset columns disappear. Rows belong
 * to the query that made them, so this changes the row in place rather than copying every row.
 */
export function outputRow(row: Row): Row {
  for (const key in row) {
    const value = row[key];
    if (value instanceof MetricValue) row[key] = value.avg;
    else if (value === undefined) delete row[key];
  }
  return row;
}
