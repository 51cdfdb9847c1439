// Test helper: the 20,000-line document the formatter's floor test and bench both format. Lower-case
// commands and unspaced operands, so that every command line is rewritten.

const BLOCK = [
  'category app_counter',
  'tagload',
  'select [time, oid, tps, ]',
  "header { tps$: 'I', }",
  'filter {key: tps, over: 1}',
  '',
];

/** At least `lines` lines of repeated six-line queries, joined with LF and without a final line end. */
export function largeDocument(lines = 20000): string {
  const out: string[] = [];
  while (out.length < lines) out.push(...BLOCK);
  return out.join('\n');
}
