// What the translation tests check: that a translated text keeps what the English shows as written
// (quoted names, backticked code, `$params`) and has no English left in it, over a document that draws
// findings of many kinds.

/** One document with findings of many kinds: syntax, directives, catalog, params, INJECT and fragments. */
export const MANY_FINDINGS = [
  '-- @inject other = LIMT 1',
  '-- @rnage 1h',
  'SELECT [time]',
  'CATEGORY app_countr',
  'TAGLOAD {bakcward: true}',
  'FILTER {key: $x, value: 1}',
  'INJECT',
  'OIDSET {oid: $oid}',
  'OID <% oid %>',
  'DELETE oname',
  '',
  'CATEGORY app_counter',
  'TAGLOAD',
  'SELECT [time, tpss]',
  'FILTER {key: oid, value: 1',
  '',
].join('\n');

/** What a translation must keep of the English text: quoted names, backticked code and `$params`. */
export function keptParts(english: string): string[] {
  return [
    ...(english.match(/(?<![A-Za-z])'[^']+'(?![A-Za-z])/g) ?? []),
    ...(english.match(/`[^`]+`/g) ?? []),
    ...(english.match(/\$[A-Za-z_]\w*/g) ?? []),
  ];
}

/** A word with a lower-case letter (MXQL keywords are upper case, so they never count). */
const WORD = /^[A-Za-z'-]*[a-z][A-Za-z'-]*$/;

/**
 * The first run of four or more English words in `text`, outside code fences, backticks, quotes and
 * bold headings, that is not made only of `names` (identifiers the text may quote bare); undefined
 * when there is none.
 */
export function englishRun(text: string, names: ReadonlySet<string> = new Set()): string | undefined {
  const prose = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\*\*[^*]*\*\*/g, ' ')
    .replace(/(?<![A-Za-z])'[^'\n]*'(?![A-Za-z])|"[^"\n]*"/g, ' ');
  // Words count as a run only when spaces alone separate them (a comma or a period ends it).
  for (const group of prose.matchAll(/[A-Za-z'-]+(?:[ \t]+[A-Za-z'-]+)*/g)) {
    let run: string[] = [];
    for (const word of [...group[0].split(/[ \t]+/), '']) {
      if (WORD.test(word)) {
        run.push(word);
        continue;
      }
      if (run.length >= 4 && run.some((w) => !names.has(w))) return run.join(' ');
      run = [];
    }
  }
  return undefined;
}
