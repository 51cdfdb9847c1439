/**
 * Checks of single commands against the command table: unknown commands and options (warnings, since
 * the service accepts undocumented ones), deprecated commands with their replacements, and the bare
 * `DELETE word` form, and operands of a form the command cannot read (`LIMIT abc`, `GROUP oid`).
 */
import { allCommandSpellings, suggestClosest, type CommandDef, optionMatches } from '../catalog/index';
import { type CommandNode, type ObjectValue, type Range, type Statement, type Value } from '../syntax/index';
import { type FeatureCatalog } from '../catalog/featureCatalog';
import { diagnostic } from '../diagnostics/table';
import { type Replacement, type ValidationDiagnostic } from '../diagnostics/types';
import { SQL_CLAUSE_COMMANDS, sqlAggregateOp } from './sqlRewrites';

/** Diagnostics about each command of `statements` on its own (no pipeline context needed). */
export function commandDiagnostics(
  statements: readonly Statement[],
  catalog: FeatureCatalog,
  text: string,
): ValidationDiagnostic[] {
  const source = (r: Range): string => text.slice(r.start, r.end);
  const out: ValidationDiagnostic[] = [];
  for (const s of statements) {
    if (s.kind !== 'command') continue;
    const def = catalog.findCommand(s.name);
    if (!def) {
      // SQL clauses (`WHERE …`) are reported with their MXQL rewrite by sqlChecks.ts.
      if (!SQL_CLAUSE_COMMANDS.has(s.upperName) || s.operand === null) out.push(unknownCommand(s));
      continue;
    }
    if (s.operand?.kind === 'object' && (def.options.length > 0 || def.freeOptionKeys)) {
      out.push(...unknownOptions(def, s.operand));
      out.push(...missingRequired(s, def, s.operand));
    }
    const form = wrongForm(s, def);
    if (form) out.push(form);
    if (def.deprecated) out.push(deprecated(s, def, source));
    if (def.name === 'DELETE' && (s.operand?.kind === 'word' || s.operand?.kind === 'string'))
      out.push(bareDelete(s, source));
  }
  return out;
}

/** Operand kinds that stand for a value the caller supplies: any form may be behind them. */
const SUPPLIED_LATER: ReadonlySet<Value['kind']> = new Set(['param', 'template', 'inject']);

/**
 * A command whose table lists only a number (LIMIT) or only an object (GROUP, ORDER, CREATE …), given
 * another kind of operand. Only these two shapes are judged: the parser's word, list and string kinds
 * map onto several table forms, and a command with more forms accepts more than the table can say.
 */
function wrongForm(s: CommandNode, def: CommandDef): ValidationDiagnostic | undefined {
  const operand = s.operand;
  if (operand === null || SUPPLIED_LATER.has(operand.kind)) return undefined;
  const kinds = new Set(def.operands.map((f) => f.kind));
  const only = (kind: 'number' | 'object'): boolean =>
    kinds.has(kind) && [...kinds].every((k) => k === kind || k === 'param');
  const example = (kind: 'number' | 'object'): string =>
    def.operands.find((f) => f.kind === kind)?.example ?? def.name;
  if (only('number') && operand.kind !== 'number' && !digitsInQuotes(operand))
    return diagnostic('operand/not-a-number', operand.range, {
      command: def.name,
      example: example('number'),
    });
  if (only('object') && operand.kind !== 'object')
    return diagnostic('operand/not-an-object', operand.range, {
      command: def.name,
      example: example('object'),
    });
  return undefined;
}

/** `LIMIT "10"`: whether the service reads a quoted number as one is not documented, so it is not judged. */
function digitsInQuotes(operand: Value): boolean {
  return operand.kind === 'string' && /^\s*\d+\s*$/.test(operand.value);
}

function unknownCommand(s: CommandNode): ValidationDiagnostic {
  const suggestions = suggestClosest(s.name.toUpperCase(), allCommandSpellings());
  return {
    ...diagnostic('command/unknown', s.nameRange, { name: s.name, suggestions }),
    data: { replacements: suggestions.map((name) => ({ kind: 'change', newText: name })) },
  };
}

function unknownOptions(def: CommandDef, operand: ObjectValue): ValidationDiagnostic[] {
  if (def.freeOptionKeys) return [];
  const out: ValidationDiagnostic[] = [];
  for (const member of operand.members) {
    const key = member.key;
    // Bare members (`UNFOLD {sid, serial}`) are list items, and `$param` keys are reported as param/as-key.
    if (key === null || key.param || member.colonRange === null) continue;
    if (def.options.some((o) => optionMatches(o, key.name))) continue;
    // `GROUP {avg: x}` is reported with its GROUP + UPDATE rewrite by sqlChecks.ts.
    if (def.name === 'GROUP' && sqlAggregateOp(key.name) !== undefined) continue;
    const names = def.options.map((o) => o.name);
    const suggestions = suggestClosest(key.name, names);
    const found = { command: def.name, name: key.name, suggestions, known: names };
    out.push({
      ...diagnostic('option/unknown', key.range, found),
      data: { replacements: suggestions.map((name) => ({ kind: 'change', newText: name })) },
    });
  }
  return out;
}

function deprecated(s: CommandNode, def: CommandDef, source: (r: Range) => string): ValidationDiagnostic {
  const replacedBy = def.deprecated?.replacedBy ?? [];
  const range = { start: s.nameRange.start, end: s.operand?.range.end ?? s.nameRange.end };
  const found = { name: def.name, reason: def.deprecated?.reason ?? '', replacedBy };
  return {
    ...diagnostic('command/deprecated', range, found),
    tags: ['deprecated'],
    data: { replacements: oidsetReplacements(s, source) },
  };
}

const OIDSET_TARGETS: readonly (readonly [string, string])[] = [
  ['oid', 'OID'],
  ['microOid', 'OID'],
  ['okind', 'OKIND'],
  ['onode', 'ONODE'],
];

/** `OIDSET {oid:$oid, okind:$okind}` → one replacement per filter; `OIDSET $oid` → `OID $oid`. */
function oidsetReplacements(s: CommandNode, source: (r: Range) => string): Replacement[] {
  const operand = s.operand;
  if (operand === null) return [];
  if (operand.kind !== 'object') {
    const text = source(operand.range);
    return [{ kind: 'replace', newText: `OID ${text}` }];
  }
  const out: Replacement[] = [];
  for (const [key, command] of OIDSET_TARGETS) {
    const member = operand.members.find((m) => m.key?.name === key);
    if (!member?.value) continue;
    const value = source(member.value.range);
    out.push({ kind: 'replace', newText: `${command} ${value}` });
  }
  return out;
}

function bareDelete(s: CommandNode, source: (r: Range) => string): ValidationDiagnostic {
  const operand = s.operand;
  const range = operand?.range ?? s.nameRange;
  const text = source(range);
  return {
    ...diagnostic('delete/bare-word', range, { text }),
    data: { replacements: [{ kind: 'change', newText: `[${text}]` }] },
  };
}

/**
 * Required options an object operand leaves out: the service rejects the command. Only where the
 * object spells out all its keys (no `$param` key, no template marker, closed), so nothing the
 * caller fills in can supply the option.
 */
function missingRequired(s: CommandNode, def: CommandDef, operand: ObjectValue): ValidationDiagnostic[] {
  if (!REQUIRED_CHECKED.has(def.name) || !operand.closed) return [];
  const opaque = operand.members.some(
    (m) => m.key === null || m.key.param || m.value?.kind === 'template' || m.colonRange === null,
  );
  if (opaque) return [];
  const example = def.operands.find((f) => f.kind === 'object')?.example ?? def.name;
  return def.options
    .filter((o) => o.required && !operand.members.some((m) => m.key !== null && optionMatches(o, m.key.name)))
    .map((o) =>
      diagnostic('option/missing-required', s.range, { command: def.name, option: o.name, example }),
    );
}

/**
 * Commands whose required options the service enforces (it rejects the command without them). Other
 * commands' `required` marks what a useful command names, which servers may not enforce (real queries
 * write `UPDATE {value: sum}` without `key`).
 */
const REQUIRED_CHECKED: ReadonlySet<string> = new Set([
  'ORDER',
  'CREATE',
  'RENAME',
  'JOIN',
  'FILTER-KEYS',
  'IFUPDATE',
]);
