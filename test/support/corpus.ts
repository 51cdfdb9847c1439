// Where the shared corpus of real MXQL queries is. The queries are test input that is never committed:
// tests read them from ../shared/mxql/corpus/dev beside the repository. MXQL_CORPUS=<folder> reads
// them from elsewhere; MXQL_CORPUS=required keeps the default folder and makes its absence a failure.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { join } from 'node:path';

/** The raw MXQL_CORPUS setting: a folder, `required`, or undefined. */
export const corpusSetting = process.env.MXQL_CORPUS;

/** Whether a missing corpus must fail (CI sets MXQL_CORPUS=required). */
export const corpusRequired = corpusSetting === 'required';

/** The folder that holds the corpus's .mxql files. */
export const corpusDir =
  corpusSetting && !corpusRequired
    ? corpusSetting
    : join(__dirname, '..', '..', '..', 'shared', 'mxql', 'corpus', 'dev');

/** Whether the corpus folder exists. */
export const corpusPresent = existsSync(corpusDir);

/** The texts of the corpus's .mxql files in name order, or `fallback` when the corpus is absent. */
export function corpusTexts(fallback: readonly string[]): string[] {
  if (!corpusPresent) return [...fallback];
  return readdirSync(corpusDir)
    .filter((f) => f.endsWith('.mxql'))
    .sort()
    .map((f) => readFileSync(join(corpusDir, f), 'utf8'));
}

/** Why corpus tests do not run here, as their skip reason says it. */
const absentReason = `no corpus at ${corpusDir} (set MXQL_CORPUS to its folder)`;

/**
 * The one place that decides what a missing corpus means. With the corpus, `define()` declares the
 * file's corpus tests. Without it, MXQL_CORPUS=required declares one failing test (CI must not pass on
 * a missing corpus), and otherwise one skipped test that says why (a fresh clone has no corpus).
 */
export function corpusSuite(title: string, define: () => void): void {
  if (corpusPresent) define();
  else if (corpusRequired)
    void test(`${title}: the corpus is present`, () =>
      assert.fail(`MXQL_CORPUS=required but ${absentReason}`));
  else void test(title, { skip: absentReason }, () => undefined);
}

/** One corpus test: {@link corpusSuite} around a single `test`. */
export function corpusTest(title: string, fn: () => void | Promise<void>): void {
  corpusSuite(title, () => void test(title, fn));
}
