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

/** Four or more words with a lower-case letter in a row (MXQL keywords are upper case). */
const ENGLISH_RUN = /[A-Za-z]*[a-z][A-Za-z]*(?:[ \t]+[A-Za-z]*[a-z][A-Za-z]*){3,}/;

/** The first run of English words in `text` outside quotes and backticks, or undefined. */
export function englishRun(text: string): string | undefined {
  const outside = text
    .replace(/`[^`]*`/g, ' ')
    .replace(/(?<![A-Za-z])'[^']*'(?![A-Za-z])/g, ' ')
    .replace(/"[^"]*"/g, ' ');
  return ENGLISH_RUN.exec(outside)?.[0];
}
