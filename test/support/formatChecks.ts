// Test helper: what the formatter promises, as checks shared by the corpus test and the fuzz test.
import { lex } from '../../server/core/syntax/index';

/** The tokens (words upper-cased: command case is layout) and comments of `text`, in order. */
export function tokensOf(text: string): string[] {
  const lexed = lex(text);
  const words = lexed.tokens.map(
    (k) =>
      `${k.kind}:${k.kind === 'word' ? text.slice(k.start, k.end).toUpperCase() : text.slice(k.start, k.end)}`,
  );
  return [...words, ...lexed.comments.map((c) => c.text)];
}

/**
 * The shortest text found by deleting characters from `text` (halving chunk sizes down to one) for
 * which `fails` still holds: a counterexample small enough to read and paste into a table test.
 */
export function minimised(text: string, fails: (t: string) => boolean): string {
  let current = text;
  for (let changed = true; changed;) {
    changed = false;
    for (let size = Math.max(1, current.length >> 1); size >= 1; size >>= 1) {
      for (let at = 0; at + size <= current.length;) {
        const shorter = current.slice(0, at) + current.slice(at + size);
        if (fails(shorter)) {
          current = shorter;
          changed = true;
        } else at++;
      }
    }
  }
  return current;
}
