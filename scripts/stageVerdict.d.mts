// Types of stageVerdict.mjs for the test that imports it.
export interface StageCounts {
  readonly passed: number;
  readonly failed: number;
  readonly skipped?: number;
  readonly todo?: number;
  readonly note?: string;
}

/** The stage's counts with skipped/todo filled in; a stage where nothing ran or all skipped fails. */
export declare function judged(result: StageCounts): Required<Omit<StageCounts, 'note'>> & { note?: string };
