/**
 * SQL habits written into MXQL (`ORDER BY`, `WHERE`, `GROUP BY`, `GROUP {avg: x}`, `LIMIT … OFFSET`,
 * `SELECT *`, select lists, `//` comments): errors, since the service rejects such text or silently
 * drops it, each naming the MXQL to write (sqlRewrites.ts) and carrying it as the quick fix.
 * A document check: a select list's rewrite depends on whether the pipeline has loaded rows yet.
 */
import { optionMatches } from '../catalog/index';
import { type CommandNode, type ObjectValue, type Range, type Statement } from '../syntax/index';
import { diagnostic } from '../diagnostics/table';
import { type ValidationDiagnostic } from '../diagnostics/types';
import { type CheckContext } from './context';
import {
  groupByRewrite,
  limitOffsetRewrite,
  orderByRewrite,
  selectParts,
  selectRewrite,
  sqlAggregateOp,
  whereRewrite,
} from './sqlRewrites';

type SqlCode =
  'sql/order-by' | 'sql/where' | 'sql/group-by' | 'sql/limit-offset' | 'sql/select-star' | 'sql/select-list';

/** Reports the SQL habits of the main pipeline and of every SUB block. */
export function checkSqlHabits(ctx: CheckContext): void {
  checkPipeline(ctx, ctx.doc.main);
  for (const sub of ctx.doc.subs) checkPipeline(ctx, sub.commands);
}

function checkPipeline(ctx: CheckContext, statements: readonly Statement[]): void {
  let loaded = false;
  for (const s of statements) {
    if (s.kind === 'invalid') lineComment(ctx, s.range.start, s.range.end);
    if (s.kind === 'promql' || s.kind === 'inject') loaded = true;
    if (s.kind !== 'command') continue;
    lineComment(ctx, s.nameRange.end, s.range.end);
    const finding = commandHabit(ctx, s, loaded);
    if (finding) ctx.report(finding);
    if (ctx.catalog.findCommand(s.name)?.stage === 'load') loaded = true;
  }
}

function commandHabit(ctx: CheckContext, s: CommandNode, loaded: boolean): ValidationDiagnostic | undefined {
  const rest = ctx.text.slice(s.nameRange.end, s.range.end).trim();
  const plain = s.operand?.kind === 'expression' || s.operand?.kind === 'word';
  const newline = lineBreak(ctx.text, s);
  switch (s.upperName) {
    case 'ORDER':
      return plain ? rewritten(s, 'sql/order-by', orderByRewrite(rest)) : undefined;
    case 'GROUP':
      if (s.operand?.kind === 'object') return groupAggregate(ctx, s, s.operand, newline);
      return plain ? rewritten(s, 'sql/group-by', groupByRewrite(rest)) : undefined;
    case 'WHERE':
      return rest.length > 0 ? rewritten(s, 'sql/where', whereRewrite(rest)) : undefined;
    case 'LIMIT':
      return plain ? rewritten(s, 'sql/limit-offset', limitOffsetRewrite(rest, newline)) : undefined;
    case 'SELECT': {
      const parts = plain ? selectParts(rest) : undefined;
      if (!parts) return undefined;
      const code = parts.star && parts.from === undefined ? 'sql/select-star' : 'sql/select-list';
      return rewritten(s, code, selectRewrite(parts, loaded, newline));
    }
    default:
      return undefined;
  }
}

/** The finding of `code` over the whole command, replacing it by `rewrite` (none without a rewrite). */
function rewritten(
  s: CommandNode,
  code: SqlCode,
  rewrite: string | undefined,
): ValidationDiagnostic | undefined {
  if (rewrite === undefined) return undefined;
  return withFix(diagnostic(code, s.range, { rewrite }), rewrite);
}

function withFix(d: ValidationDiagnostic, newText: string, range?: Range): ValidationDiagnostic {
  const replacement =
    range === undefined
      ? { kind: 'replace' as const, newText }
      : { kind: 'replace' as const, newText, range };
  return { ...d, data: { replacements: [replacement] } };
}

/**
 * `GROUP {pk: oid, avg: tps}` → `GROUP {pk: oid, merge: tps}` then `UPDATE {key: tps, value: avg}`.
 * A key GROUP really has (in the command table) is never read as an aggregate.
 */
function groupAggregate(
  ctx: CheckContext,
  s: CommandNode,
  operand: ObjectValue,
  newline: string,
): ValidationDiagnostic | undefined {
  const def = ctx.catalog.findCommand(s.name);
  const source = (r: Range): string => ctx.text.slice(r.start, r.end);
  const kept: string[] = [];
  const merged: string[] = [];
  const updates: string[] = [];
  let first: Range | undefined;
  let firstKey = '';
  for (const m of operand.members) {
    const key = m.key;
    const op = key && !key.param && m.value ? sqlAggregateOp(key.name) : undefined;
    if (
      key === null ||
      m.value === null ||
      op === undefined ||
      def?.options.some((o) => optionMatches(o, key.name))
    ) {
      if (key?.name === 'merge' && m.value) merged.push(...valueNames(source(m.value.range)));
      else kept.push(source(m.range));
      continue;
    }
    if (first === undefined) {
      first = key.range;
      firstKey = key.name;
    }
    const columns = valueNames(source(m.value.range));
    merged.push(...columns);
    updates.push(
      `UPDATE {key: ${columns.length === 1 ? columns[0] : `[${columns.join(', ')}]`}, value: ${op}}`,
    );
  }
  if (first === undefined) return undefined;
  const unique = [...new Set(merged)];
  const group = `GROUP {${[...kept, `merge: ${unique.length === 1 ? unique[0] : `[${unique.join(', ')}]`}`].join(', ')}}`;
  const rewrite = [group, ...updates].join(newline);
  return withFix(diagnostic('sql/group-aggregate', first, { key: firstKey, rewrite }), rewrite, s.range);
}

/** `tps` or `[a, b]` → its names. */
function valueNames(text: string): string[] {
  const inner = text.trim().replace(/^\[|\]$/g, '');
  return inner
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n.length > 0);
}

/** `//` that starts a comment in SQL habit: at the start of the text or after a blank, outside quotes. */
function lineComment(ctx: CheckContext, start: number, end: number): void {
  const text = ctx.text;
  let quote: string | null = null;
  for (let i = start; i < end - 1; i++) {
    const c = text[i];
    if (quote !== null) {
      if (c === quote) quote = null;
      continue;
    }
    const comment = ctx.doc.comments.find((k) => i >= k.range.start && i < k.range.end);
    if (comment) {
      // `-- see a // b` and `/* … */` inside a multi-line operand are comments already.
      i = comment.range.end - 1;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '/' && text[i + 1] === '/' && (i === start || /\s/.test(text[i - 1] ?? ''))) {
      const range = { start: i, end: i + 2 };
      ctx.report(withFix(diagnostic('sql/line-comment', range), '--'));
      return;
    }
  }
}

/** The text's line break followed by the statement's indentation, so a multi-line rewrite lines up. */
function lineBreak(text: string, s: CommandNode): string {
  const lineStart = text.lastIndexOf('\n', s.range.start - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, s.range.start))?.[0] ?? '';
  return `${text.includes('\r\n') ? '\r\n' : '\n'}${indent}`;
}
