// The formatter proves its output chunk by chunk (formatCheck.ts): a chunk that parses without a
// diagnostic ends where the whole text's parse ends it, and any chunk it cannot prove falls back to the
// whole text. So the size of the chunks never changes a result: real queries (the corpus, or the
// project's examples/ without it) and mutated ones, broken statements included, format the same with
// a chunk per top-level item as with the whole text proved at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatInChunks, type FormatOptions } from '../../../server/core/syntax/format';
import { corpusTexts } from '../../support/corpus';
import { largeDocument } from '../../support/largeDocument';
import { mutate } from '../../support/mutations';
import { seededRandom } from '../../support/seededTexts';

const OPTION_SETS: readonly FormatOptions[] = [{}, { eol: 'crlf' }, { finalNewline: 'insert' }];
const MUTATED = 1200;

const examplesDir = join(import.meta.dirname, '../../../examples');
const examples = readdirSync(examplesDir)
  .filter((f) => f.endsWith('.mxql'))
  .map((f) => readFileSync(join(examplesDir, f), 'utf8'));

function assertSameInChunks(text: string, what: string): void {
  for (const options of OPTION_SETS) {
    const whole = formatInChunks(text, options, Number.POSITIVE_INFINITY);
    assert.equal(formatInChunks(text, options, 1), whole, `${what} ${JSON.stringify(options)}`);
  }
}

void test('a chunk per top-level item formats real queries as the whole-text proof does', () => {
  const texts = corpusTexts(examples);
  texts.forEach((text, i) => assertSameInChunks(text, `text ${i}`));
  // Queries one after another, with and without blank lines between them.
  assertSameInChunks(texts.slice(0, 40).join('\n'), 'joined');
  assertSameInChunks(texts.slice(0, 40).join('\n\n'), 'joined by blank lines');
  assertSameInChunks(largeDocument(600), 'the long document');
});

void test('a chunk per top-level item formats mutated queries as the whole-text proof does', () => {
  const texts = corpusTexts(examples);
  const rnd = seededRandom(24);
  for (let i = 0; i < MUTATED; i++) {
    const joined = [0, 1, 2].map(() => texts[rnd(texts.length)] as string).join(rnd(2) === 0 ? '\n' : '\n\n');
    assertSameInChunks(mutate(joined, rnd), `mutated text ${i}`);
  }
});
