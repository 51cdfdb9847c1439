/**
 * A readable, range-exact dump of a parse, used for the parser snapshots: one node per line with its
 * kind, its offsets and the source text they cover, so a reviewer can check every range by eye.
 */
import { childrenOf, type AstNode, type ParseResult } from '../../../server/core/syntax/index';

function quote(text: string): string {
  const s = JSON.stringify(text);
  return s.length > 70 ? `${s.slice(0, 66)}…"` : s;
}

function detail(node: AstNode): string {
  switch (node.kind) {
    case 'command':
      return ` name=${node.upperName}${node.trailingComment ? ' +trailing' : ''} lines=${node.line}-${node.endLine}`;
    case 'inject':
      return ` name=${node.name ?? '∅'}`;
    case 'sub':
      return ` name=${node.name ?? '∅'} end=${node.endRange ? 'yes' : 'no'}`;
    case 'comment':
      return ` ${node.style}${node.trailing ? ' trailing' : ''}${node.directive ? ' directive' : ''}`;
    case 'promql':
      return ` query=${quote(node.query)}`;
    case 'key':
      return ` name=${node.name}${node.quote ? ` quote=${node.quote}` : ''}${node.param ? ' param' : ''}`;
    case 'number':
      return ` ${node.value}`;
    case 'duration':
      return ` ${node.ms}ms ${node.form}`;
    case 'word':
      return node.template ? ' template' : '';
    case 'object':
    case 'array':
      return node.closed ? '' : ' UNCLOSED';
    case 'string':
      return node.closed ? '' : ' UNCLOSED';
    default:
      return '';
  }
}

function print(text: string, node: AstNode, depth: number, out: string[]): void {
  const { start, end } = node.range;
  out.push(
    `${'  '.repeat(depth)}${node.kind} ${start}-${end}${detail(node)} ${quote(text.slice(start, end))}`,
  );
  for (const child of childrenOf(node)) print(text, child, depth + 1, out);
}

/** The snapshot text of a parse: the tree, then the indexes, then the diagnostics. */
export function printParse(text: string, result: ParseResult): string {
  const out: string[] = [];
  print(text, result.ast, 0, out);
  const ast = result.ast;
  for (const p of ast.params)
    out.push(
      `param ${p.name} ${p.range.start}-${p.range.end}${p.inString ? ' in-string' : ''}${p.inKey ? ' in-key' : ''}`,
    );
  for (const r of ast.subRefs)
    out.push(
      `sub-ref ${r.name} ${r.range.start}-${r.range.end} ${r.command} via=${r.via} resolved=${r.resolved}`,
    );
  for (const m of ast.markers) out.push(`marker ${m.name} ${m.range.start}-${m.range.end}`);
  for (const i of ast.injects) out.push(`inject ${i.kind} ${i.name ?? '∅'} ${i.range.start}-${i.range.end}`);
  out.push(
    `main=${ast.main.length} subs=${ast.subs.length} comments=${ast.comments.length} lines=${ast.lineStarts.length}`,
  );
  for (const d of result.diagnostics) {
    out.push(
      `! ${d.code} ${d.severity} ${d.range.start}-${d.range.end} ${quote(text.slice(d.range.start, d.range.end))} ${d.message}`,
    );
  }
  return `${out.join('\n')}\n`;
}

/** Offsets of non-blank characters not covered by a statement, a comment or a SUB/END keyword line. */
export function uncovered(text: string, ast: ParseResult['ast']): number[] {
  const covered = new Uint8Array(text.length);
  const mark = (r: { start: number; end: number } | null): void => {
    if (r) covered.fill(1, r.start, r.end);
  };
  for (const c of ast.comments) mark(c.range);
  for (const item of ast.items) {
    if (item.kind !== 'sub') mark(item.range);
  }
  for (const sub of ast.subs) {
    mark(sub.keywordRange);
    mark(sub.nameRange);
    mark(sub.operand?.range ?? null);
    mark(sub.endRange);
    for (const stmt of sub.commands) mark(stmt.range);
  }
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) if (!covered[i] && !/\s/.test(text[i] as string)) out.push(i);
  return out;
}
