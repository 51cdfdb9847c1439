/**
 * Words of English, Korean and Japanese as search terms. English splits at case changes, `_`, `.`
 * and digits (`respTime`, `resp_time` → resp, time). Korean and Japanese have no spaces to trust and
 * we ship no morphological analyser, so their runs become overlapping character pairs (에이전트 →
 * 에이, 이전, 전트), which match across particles and compounds.
 */

const ENGLISH_STOPWORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'each',
  'for',
  'from',
  'in',
  'into',
  'is',
  'it',
  'its',
  'of',
  'on',
  'or',
  'per',
  'the',
  'that',
  'this',
  'to',
  'was',
  'were',
  'when',
  'where',
  'which',
  'while',
  'with',
  'all',
  'how',
  'what',
  'me',
  'my',
  'show',
  'get',
  'give',
  'find',
  'data',
]);

/** Runs of one script: Latin letters and digits, Hangul, or kana and CJK ideographs. */
const RUNS = /[a-z0-9]+|[\uac00-\ud7a3\u3131-\u318e]+|[\u3040-\u30ff\u4e00-\u9fff\u3400-\u4dbf\u30fc]+/g;
const RUNS_ANY_CASE = new RegExp(RUNS.source, 'gi');
const LATIN = /^[a-z0-9]+$/;

/** Lower case, full-width forms folded (ＣＰＵ → cpu). */
export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** `activeTxCount` → active Tx Count; `MySQL` → My SQL (the whole word is kept as a term too). */
function camelParts(word: string): string[] {
  return word
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ');
}

/** `counts` → count, `indexes` → index, `entries` → entry; short words and `-ss` stay. */
export function stem(word: string): string {
  if (word.length <= 3 || !word.endsWith('s') || word.endsWith('ss')) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(x|ch|sh|ss)es$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

function latinTerms(run: string, out: string[]): void {
  for (const part of run.split(/(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])/)) {
    if (part.length < 2 || /^\d+$/.test(part) || ENGLISH_STOPWORDS.has(part)) continue;
    out.push(stem(part));
  }
}

function pairTerms(run: string, out: string[]): void {
  if (run.length === 1) {
    out.push(run);
    return;
  }
  for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
}

/** The search terms of a text, in order, with repeats. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.normalize('NFKC').match(RUNS_ANY_CASE) ?? []) {
    if (!LATIN.test(raw.toLowerCase())) {
      pairTerms(raw.toLowerCase(), out);
      continue;
    }
    const parts = camelParts(raw);
    if (parts.length > 1) latinTerms(raw.toLowerCase(), out);
    for (const part of parts) latinTerms(part.toLowerCase(), out);
  }
  return out;
}
