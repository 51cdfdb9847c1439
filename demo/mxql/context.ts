// What every stage of one query can see: the data set, the request's bindings and clock, the cancel
// pacer, and a way to run another query (a SUB or a predefined path) for JOIN and APPEND.
import type { DemoData, DemoProject } from '../data/index';
import type { QueryFacts } from './queryFacts';
import type { Pacer, Row } from './rows';

/** The environment of one query run (shared by its SUBs and joined paths). */
export interface QueryContext {
  readonly data: DemoData;
  readonly project: DemoProject;
  /** `$name` → value, including the implicit `$stime`, `$etime` and `$pcode`. */
  readonly params: Readonly<Record<string, string>>;
  /** Fragment name → MXQL text for INJECT. */
  readonly inject: Readonly<Record<string, string>>;
  /** The request's range (before any TIME-RANGE of the query). */
  readonly stime: number;
  readonly etime: number;
  /** The data set's clock when the query started. */
  readonly now: number;
  readonly pacer: Pacer;
  /** How long loading the slow demo category waits. */
  readonly slowMs: number;
  /** Column names the query mentions (see queryFacts.ts). */
  readonly facts: QueryFacts;
  /** Why the result may be empty (a category without data …); sent back beside the rows. */
  readonly notices: string[];
  /** Runs a SUB of the current text, or a predefined path when the name starts with `/`. */
  readonly runQuery: (name: string) => Promise<Row[]>;
}
