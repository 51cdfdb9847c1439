// Test helper: mutated real queries for fuzzing. One mutation recipe shared by the language-server
// fuzzer and the formatter's idempotence fuzz, so both explore the same kinds of broken text.

/** Pieces inserted by {@link mutate}: brackets, quotes, line ends, comments, directives, SUB/END. */
export const PIECES = [
  '{',
  '}',
  '[',
  ']',
  ',',
  ', ]',
  ':',
  "'",
  '"',
  '\r',
  '\n',
  '\r\n',
  '$',
  '$x',
  '<%',
  '%>',
  '/*',
  '*/',
  '--',
  '#',
  '>>',
  'SUB x\n',
  'END\n',
  'INJECT default\n',
  '-- @inject default = INJECT default\n',
  'JOIN {query: x}\n',
  'SELECT [',
  'CATEGORY ',
  'TAGLOAD\n',
  '😀',
  '\u00a0',
  '\t',
  '  ',
  '0',
  '-1',
  '1e309',
  'null',
];

/** One mutated text: 1–4 edits (delete, duplicate, insert one of `pieces`, change case) of a real query. */
export function mutate(text: string, rnd: (n: number) => number, pieces: readonly string[] = PIECES): string {
  let out = text;
  const edits = 1 + rnd(4);
  for (let i = 0; i < edits; i++) {
    const at = rnd(out.length + 1);
    const len = rnd(Math.min(40, out.length - at) + 1);
    switch (rnd(4)) {
      case 0:
        out = out.slice(0, at) + out.slice(at + len);
        break;
      case 1:
        out = out.slice(0, at + len) + out.slice(at, at + len) + out.slice(at + len);
        break;
      case 2:
        out = out.slice(0, at) + (pieces[rnd(pieces.length)] as string) + out.slice(at);
        break;
      default:
        out = out.slice(0, at) + out.slice(at, at + len).toLowerCase() + out.slice(at + len);
    }
  }
  return out;
}
