// Detects English left in a translated text: a run of four or more words with a lower-case letter
// (MXQL keywords are upper case) outside quoted names, backticked code and double-quoted text, which
// translations keep as written.

const ENGLISH_RUN = /[A-Za-z]*[a-z][A-Za-z]*(?:[ \t]+[A-Za-z]*[a-z][A-Za-z]*){3,}/;

/** The first run of English words in `text` outside quotes and backticks, or undefined. */
export function englishRun(text: string): string | undefined {
  const outside = text
    .replace(/`[^`]*`/g, ' ')
    .replace(/(?<![A-Za-z])'[^']*'(?![A-Za-z])/g, ' ')
    .replace(/"[^"]*"/g, ' ');
  return ENGLISH_RUN.exec(outside)?.[0];
}
