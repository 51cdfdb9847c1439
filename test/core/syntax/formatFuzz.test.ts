// The formatter's idempotence fuzz: mutated real queries (the corpus, or the project's examples/ when
// the corpus is absent), seeded so that every run formats the same texts. For each text and each option
// set an editor may send, format(format(x)) must equal format(x), the tokens and comments must stay, and
// the text ends with a line end exactly when the input did (or always, with finalNewline: insert).
// A failure lists the first counterexamples minimised, ready to paste into a table test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, lex, type FormatOptions } from '../../../server/core/syntax/index';
import { corpusTexts } from '../../support/corpus';
import { minimised, tokensOf } from '../../support/formatChecks';
import { mutate, PIECES } from '../../support/mutations';
import { seededRandom } from '../../support/seededTexts';

const INPUTS = Number(process.env.FMT_FUZZ_INPUTS ?? 1500);
const SHOWN = 5;

/** Layout the formatter rewrites, added to the shared pieces: blank-line runs, trailing blanks, odd spaces. */
const LAYOUT_PIECES = [
  ...PIECES,
  '\n\n\n',
  '  \n',
  ' \r\n',
  '\r\r',
  'sub q\n',
  'end',
  '-- @range 1h\n',
  '\ufeff',
];

/** Nothing half the time, else a piece to put at the start or end of a text. */
function edge(rnd: (n: number) => number): string {
  return rnd(2) === 0 ? '' : (LAYOUT_PIECES[rnd(LAYOUT_PIECES.length)] as string);
}

/** `text` with one of its line ends, one of the first three more often than not, of another kind. */
function mixLineEnd(text: string, rnd: (n: number) => number): string {
  const ends = [...text.matchAll(/\r\n|\r|\n/g)];
  if (ends.length === 0) return text;
  const end = ends[rnd(2) === 0 ? rnd(Math.min(3, ends.length)) : rnd(ends.length)] as RegExpExecArray;
  const other = ['\n', '\r\n', '\r'].filter((e) => e !== end[0]);
  return text.slice(0, end.index) + (other[rnd(2)] as string) + text.slice(end.index + end[0].length);
}

const OPTION_SETS: readonly FormatOptions[] = [
  {},
  { eol: 'lf' },
  { eol: 'crlf' },
  { finalNewline: 'insert' },
];

const examplesDir = join(import.meta.dirname, '../../../examples');
const examples = readdirSync(examplesDir)
  .filter((f) => f.endsWith('.mxql'))
  .sort()
  .map((f) => readFileSync(join(examplesDir, f), 'utf8'));

/**
 * Whether formatting `text` must give a text ending with a line end: when `insert` asks for one, or
 * the input ends with one (and trailing blanks); null when the text ends inside a comment (an unclosed
 * block comment), whose text a line end added or removed would change.
 */
function wantsLineEnd(text: string, once: string, options: FormatOptions): boolean | null {
  if (once === '' || lex(once).comments.at(-1)?.range.end === once.length) return null;
  return options.finalNewline === 'insert' || /[\r\n][ \t]*$/.test(text);
}

/** What is wrong with formatting `text` under `options`, or null. */
function fault(text: string, options: FormatOptions): string | null {
  const once = format(text, options);
  if (format(once, options) !== once) return 'not idempotent';
  if (JSON.stringify(tokensOf(once)) !== JSON.stringify(tokensOf(text))) return 'tokens changed';
  const wanted = wantsLineEnd(text, once, options);
  if (wanted !== null && /[\r\n]$/.test(once) !== wanted) return 'final line end not kept';
  return null;
}

void test(`format is idempotent and keeps every token on ${INPUTS} seeded mutated queries`, () => {
  const texts = corpusTexts(examples);
  assert.ok(texts.length > 0);
  const rnd = seededRandom(7);
  const found: string[] = [];
  let failing = 0;
  for (let i = 0; i < INPUTS; i++) {
    let text = texts[rnd(texts.length)] as string;
    // Two rounds of edits: one round rarely breaks two things at once.
    for (let round = 1 + rnd(2); round > 0; round--) text = mutate(text, rnd, LAYOUT_PIECES);
    // The edges are special to the layout (leading blanks dropped, the final line end kept or not),
    // so texts are also cut anywhere, as a selection is, and given an odd first or last piece.
    if (rnd(3) === 0) text = text.slice(rnd(text.length + 1));
    if (rnd(2) === 0) text = mixLineEnd(text, rnd);
    text = `${edge(rnd)}${text}${edge(rnd)}`;
    for (const options of OPTION_SETS) {
      const why = fault(text, options);
      if (why === null) continue;
      failing++;
      if (found.length < SHOWN) {
        const small = minimised(text, (t) => fault(t, options) === why);
        const once = format(small, options);
        found.push(
          `${why} ${JSON.stringify(options)}: ${JSON.stringify(small)} -> ${JSON.stringify(once)} -> ${JSON.stringify(format(once, options))}`,
        );
      }
      break;
    }
  }
  assert.equal(failing, 0, `${failing} of ${INPUTS} inputs fail; the first, minimised:\n${found.join('\n')}`);
});
