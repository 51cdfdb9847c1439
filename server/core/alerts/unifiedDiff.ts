/**
 * A unified diff of two texts, for showing a proposed file edit in a terminal or a tool's answer (`diff
 * -u` style: `---`/`+++` names, `@@` hunks with three lines of context). The edits proposed here change
 * one stretch of a file (a rule appended), so the diff is the one hunk between the common first and last
 * lines, which is exact for such edits. Pure.
 */

/** The lines of a text, without their ends; a final line end adds no empty line. */
function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * `--- a/rules.json` … `+++ b/rules.json` … `@@ -12,3 +12,14 @@` and the lines; `before` undefined for
 * a new file (`--- /dev/null`). Empty when the texts have the same lines.
 */
export function unifiedDiff(before: string | undefined, after: string, name: string, context = 3): string {
  const a = linesOf(before ?? '');
  const b = linesOf(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  if (head === a.length && head === b.length) return '';
  const from = Math.max(0, head - context);
  const aEnd = Math.min(a.length, a.length - tail + context);
  const bEnd = Math.min(b.length, b.length - tail + context);
  const lines: string[] = [];
  for (let i = from; i < head; i++) lines.push(` ${a[i]}`);
  for (let i = head; i < a.length - tail; i++) lines.push(`-${a[i]}`);
  for (let i = head; i < b.length - tail; i++) lines.push(`+${b[i]}`);
  for (let i = a.length - tail; i < aEnd; i++) lines.push(` ${a[i]}`);
  const aCount = aEnd - from;
  const bCount = bEnd - from;
  const range = (start: number, count: number) => (count === 0 ? `${start},0` : `${start + 1},${count}`);
  const header = [before === undefined ? '--- /dev/null' : `--- a/${name}`, `+++ b/${name}`];
  return `${[...header, `@@ -${range(from, aCount)} +${range(from, bCount)} @@`, ...lines].join('\n')}\n`;
}
