/**
 * Go to definition and find references for SUB names: declared by `SUB name`, used by JOIN, APPEND,
 * FILTER-SUBQUERY and JOINByTime.
 */
import { type Range, type SubBlock } from '../syntax/index';
import { type DocumentAnalysis } from '../analysis/documentAnalysis';

function within(r: Range, offset: number): boolean {
  return r.start <= offset && offset <= r.end;
}

/** The SUB name at `offset` (a declaration or a reference), or null. */
export function subNameAt(analysis: DocumentAnalysis, offset: number): string | null {
  const { doc } = analysis;
  const declared = doc.subs.find((s) => s.nameRange && within(s.nameRange, offset));
  if (declared?.name) return declared.name;
  return doc.subRefs.find((r) => within(r.range, offset))?.name ?? null;
}

function declarationOf(analysis: DocumentAnalysis, name: string): SubBlock | undefined {
  return analysis.doc.subs.find((s) => s.name === name && s.nameRange !== null);
}

/** The range of the SUB declaration named at `offset`, or null. */
export function definition(analysis: DocumentAnalysis, offset: number): Range | null {
  const name = subNameAt(analysis, offset);
  return name === null ? null : (declarationOf(analysis, name)?.nameRange ?? null);
}

/** Every use of the SUB named at `offset`, and its declaration when `includeDeclaration` is true. */
export function references(analysis: DocumentAnalysis, offset: number, includeDeclaration: boolean): Range[] {
  const name = subNameAt(analysis, offset);
  if (name === null) return [];
  const out = analysis.doc.subRefs.filter((r) => r.name === name).map((r) => r.range);
  const decl = declarationOf(analysis, name)?.nameRange;
  if (includeDeclaration && decl) out.unshift(decl);
  return out;
}
