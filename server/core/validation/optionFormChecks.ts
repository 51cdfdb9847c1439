/**
 * Option forms the service reads differently than written: `time` as a GROUP key without `timeunit`
 * (every row keeps its own millisecond, so nothing is grouped: a warning), and a FILTER object with
 * no test the service reads (`FILTER {key: name, match: 'x'}`: the service rejects it, so an error).
 */
import {
  type CommandNode,
  type MemberNode,
  type ObjectValue,
  type Range,
  type Statement,
} from '../syntax/index';
import { diagnostic } from '../diagnostics/table';
import { type ValidationDiagnostic } from '../diagnostics/types';
import { DEFAULT_TIMEUNIT } from './sqlRewrites';

/** The members of a FILTER object that are a test (besides `key`); the demo engine reads the same ones. */
const FILTER_TESTS = new Set([
  'value',
  'exclude',
  'like',
  'notlike',
  'exist',
  'notexist',
  'over',
  'under',
  'expr',
]);

/** Unknown FILTER keys that mean "contains" in other query languages: the fix writes `like`. */
const CONTAINS_WORDS = new Set(['match', 'matches', 'contains', 'contain', 'search', 'regex', 'pattern']);

/** Diagnostics of the option forms of `statements`. */
export function optionFormDiagnostics(
  statements: readonly Statement[],
  text: string,
): ValidationDiagnostic[] {
  const out: ValidationDiagnostic[] = [];
  for (const s of statements) {
    if (s.kind !== 'command' || s.operand?.kind !== 'object') continue;
    const found =
      s.upperName === 'GROUP'
        ? groupTime(s.operand, text)
        : s.upperName === 'FILTER'
          ? filterWithoutTest(s, s.operand, text)
          : undefined;
    if (found) out.push(found);
  }
  return out;
}

/** A member whose key or value the file does not spell out (a `$param`, a template marker). */
function opaque(m: MemberNode): boolean {
  return (
    m.key === null ||
    m.key.param ||
    m.value === null ||
    m.value.kind === 'param' ||
    m.value.kind === 'template'
  );
}

function member(o: ObjectValue, ...names: string[]): MemberNode | undefined {
  return o.members.find((m) => m.key !== null && names.includes(m.key.name));
}

function groupTime(o: ObjectValue, text: string): ValidationDiagnostic | undefined {
  if (member(o, 'timeunit', 'timegroup') || o.members.some((m) => m.key?.param)) return undefined;
  const pk = member(o, 'pk', 'primaryKey', 'key')?.value;
  if (!pk) return undefined;
  const values = pk.kind === 'array' ? pk.items : [pk];
  const time = values.find(
    (v) => (v.kind === 'word' && v.text === 'time') || (v.kind === 'string' && v.value === 'time'),
  );
  if (!time || !o.closed) return undefined;
  // The bucket goes first, so the rest of the object stays as written.
  const inner = text.slice(o.range.start + 1, o.range.end - 1).trim();
  const rewrite = `{timeunit: ${DEFAULT_TIMEUNIT}, ${inner}}`;
  return fix(diagnostic('group/time-without-timeunit', time.range, { rewrite }), rewrite, o.range);
}

function filterWithoutTest(s: CommandNode, o: ObjectValue, text: string): ValidationDiagnostic | undefined {
  if (!o.closed || o.members.length === 0 || o.members.some(opaque)) return undefined;
  if (o.members.some((m) => FILTER_TESTS.has(m.key?.name ?? ''))) return keyless(s, o, text);
  const key = member(o, 'key');
  const other = o.members.filter((m) => m !== key);
  const source = (r: Range): string => text.slice(r.start, r.end);
  const keyText = key?.value ? source(key.value.range) : undefined;
  const contains = other.find((m) => CONTAINS_WORDS.has(m.key?.name.toLowerCase() ?? ''));
  const test =
    contains?.value !== undefined && contains.value !== null
      ? `like: ${source(contains.value.range)}`
      : 'exist: true';
  const rewrite = keyText === undefined ? `FILTER {expr: "…"}` : `FILTER {key: ${keyText}, ${test}}`;
  const d = diagnostic('filter/no-condition', s.range, { rewrite });
  return keyText === undefined ? d : fix(d, rewrite, s.range);
}

function fix(d: ValidationDiagnostic, newText: string, range: Range): ValidationDiagnostic {
  return { ...d, data: { replacements: [{ kind: 'replace', newText, range }] } };
}

/** `FILTER {value: 5}`: a test of no column (without `expr`), which the service rejects. */
function keyless(s: CommandNode, o: ObjectValue, text: string): ValidationDiagnostic | undefined {
  if (member(o, 'key', 'expr')) return undefined;
  const inner = text.slice(o.range.start + 1, o.range.end - 1).trim();
  const example = `FILTER {key: <column>, ${inner}}`;
  return diagnostic('option/missing-required', s.range, { command: 'FILTER', option: 'key', example });
}
