/**
 * Where each `$param` occurrence stands, and the one rule for selection `$params`: the service skips
 * OID, OKIND, ONODE and OIDSET when their `$param` is not passed (the reference quotes the
 * documentation), so a `$param` used only as a value of those commands is optional: unbound, the query
 * reads all agents. Diagnostics, hover and the run's parameter needs all read it from here.
 */
import {
  walkValue,
  type CommandNode,
  type MxqlDocument,
  type ParamRef,
  type Statement,
  type SubBlock,
} from '../syntax/index';
import { paramRefsByQuery, type QuerySource } from './queries';

/** The commands the service skips when their `$param` is not passed. */
export const SKIPPED_WHEN_UNBOUND: ReadonlySet<string> = new Set(['OID', 'OKIND', 'ONODE', 'OIDSET']);

/** One occurrence of a `$param` with the statement and operand position it stands in. */
export interface ParamUse {
  readonly ref: ParamRef;
  /** The command whose operand holds it; null outside any command (a template line, PromQL). */
  readonly command: CommandNode | null;
  /** The SUB block holding the command, or null in the main pipeline. */
  readonly sub: SubBlock | null;
  /**
   * The option keys from the operand down to the `$param` (`[]` for the operand itself or an item of
   * its list) when it is a whole value: bare, or a quoted string of nothing else (`pk: "$pk"`), which
   * the service substitutes into the same position. Null inside an expression, a longer string or a key.
   */
  readonly keyPath: readonly string[] | null;
  /** OID, OKIND, ONODE or OIDSET when the occurrence is a bare value of its operand (see {@link selectionCommandAt}). */
  readonly selection: string | undefined;
}

interface Located {
  readonly statement: Statement;
  readonly sub: SubBlock | null;
}

/** Every statement of the document with its SUB, sorted by start. */
function statementsOf(doc: MxqlDocument): Located[] {
  const all: Located[] = doc.main.map((statement) => ({ statement, sub: null }));
  for (const sub of doc.subs) for (const statement of sub.commands) all.push({ statement, sub });
  return all.sort((a, b) => a.statement.range.start - b.statement.range.start);
}

const statementsCache = new WeakMap<MxqlDocument, Located[]>();
/** The key path of each `$param` that is a whole value, by start offset. */
type WholeValues = ReadonlyMap<number, readonly string[]>;

const wholeValuesCache = new WeakMap<CommandNode, WholeValues>();

function containing(doc: MxqlDocument, ref: ParamRef): Located | undefined {
  let all = statementsCache.get(doc);
  if (!all) {
    all = statementsOf(doc);
    statementsCache.set(doc, all);
  }
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((all[mid] as Located).statement.range.start <= ref.range.start) lo = mid + 1;
    else hi = mid;
  }
  const found = all[lo - 1];
  return found && ref.range.end <= found.statement.range.end ? found : undefined;
}

const WHOLE_PARAM = /^\$[A-Za-z_]\w*$/;

/** The `$params` of a command's operand that are whole values, bare or alone in quotes. */
function wholeValues(command: CommandNode): WholeValues {
  let found = wholeValuesCache.get(command);
  if (!found) {
    const map = new Map<number, readonly string[]>();
    if (command.operand)
      walkValue(command.operand, (v, keyPath) => {
        if (v.kind === 'param') map.set(v.range.start, keyPath);
        else if (v.kind === 'string' && WHOLE_PARAM.test(v.value)) map.set(v.range.start + 1, keyPath);
      });
    found = map;
    wholeValuesCache.set(command, found);
  }
  return found;
}

/** Where each of `refs` (occurrences in `doc`) stands. */
export function paramUses(doc: MxqlDocument, refs: readonly ParamRef[]): ParamUse[] {
  return refs.map((ref) => {
    const at = containing(doc, ref);
    const command = at?.statement.kind === 'command' ? at.statement : null;
    const whole = command && !ref.inKey ? wholeValues(command).get(ref.range.start) : undefined;
    return {
      ref,
      command,
      sub: at?.sub ?? null,
      keyPath: whole ?? null,
      selection: selectionCommandAt(doc, ref),
    };
  });
}

const selectionValuesCache = new WeakMap<MxqlDocument, ReadonlyMap<number, string>>();

/** The bare `$param` values of every OID, OKIND, ONODE and OIDSET operand, by start, with the command. */
function selectionValues(doc: MxqlDocument): ReadonlyMap<number, string> {
  let found = selectionValuesCache.get(doc);
  if (!found) {
    const map = new Map<number, string>();
    for (const s of [...doc.main, ...doc.subs.flatMap((sub) => sub.commands)]) {
      if (s.kind !== 'command' || !s.operand || !SKIPPED_WHEN_UNBOUND.has(s.upperName)) continue;
      walkValue(s.operand, (v) => {
        if (v.kind === 'param') map.set(v.range.start, s.upperName);
      });
    }
    found = map;
    selectionValuesCache.set(doc, found);
  }
  return found;
}

/**
 * The one rule: the command (OID, OKIND, ONODE or OIDSET) when `ref` is a bare value of its operand,
 * any option included (`OIDSET {microOid: $oid}`), else undefined. Inside a string the service
 * substitutes text, so a quoted `"$oid"` is no selection value.
 */
export function selectionCommandAt(doc: MxqlDocument, ref: ParamRef): string | undefined {
  return ref.inString || ref.inKey ? undefined : selectionValues(doc).get(ref.range.start);
}

/** The selection command of a use (see {@link selectionCommandAt}). */
export function selectionCommandOf(use: ParamUse): string | undefined {
  return use.selection;
}

/**
 * The names among `uses` (the occurrences of one query) that are optional, each with the command of
 * its first use: every use of the name is a bare value of OID, OKIND, ONODE or OIDSET.
 */
export function optionalParams(uses: readonly ParamUse[]): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  const required = new Set<string>();
  for (const use of uses) {
    const name = use.ref.name;
    const command = selectionCommandOf(use);
    if (command === undefined) {
      required.add(name);
      out.delete(name);
    } else if (!required.has(name) && !out.has(name)) out.set(name, command);
  }
  return out;
}

const skippedCache = new WeakMap<MxqlDocument, ReadonlyMap<ParamRef, string>>();

/**
 * The occurrences of the document the service skips when unbound, with the command that holds each:
 * a bare value of OID, OKIND, ONODE or OIDSET whose name is optional in a query that sends it. An
 * occurrence no query sends (a SUB nobody reads) is judged among those of its own pipeline.
 */
export function skippedWhenUnbound(source: QuerySource): ReadonlyMap<ParamRef, string> {
  const doc = source.parsed.ast;
  const cached = skippedCache.get(doc);
  if (cached) return cached;
  const out = new Map<ParamRef, string>();
  // Read straight from the selection operands: the editor runs this on every analysis, so it splits
  // the file into queries only for a name also used otherwise (rare, and the costly part).
  const selection = (ref: ParamRef): string | undefined => selectionCommandAt(doc, ref);
  const selectionNames = new Set(doc.params.filter((r) => selection(r) !== undefined).map((r) => r.name));
  if (selectionNames.size > 0) {
    const mixed = new Set(
      doc.params.filter((r) => selectionNames.has(r.name) && selection(r) === undefined).map((r) => r.name),
    );
    for (const ref of doc.params) {
      const command = selection(ref);
      if (command !== undefined && !mixed.has(ref.name)) out.set(ref, command);
    }
    if (mixed.size > 0) judgeMixed(source, mixed, out);
  }
  skippedCache.set(doc, out);
  return out;
}

/** Adds the occurrences of `names` that are optional within the query (or unread SUB) holding them. */
function judgeMixed(source: QuerySource, names: ReadonlySet<string>, out: Map<ParamRef, string>): void {
  const doc = source.parsed.ast;
  const sent = new Set<ParamRef>();
  const judge = (refs: readonly ParamRef[]): void => {
    const uses = paramUses(
      doc,
      refs.filter((r) => names.has(r.name)),
    );
    const optional = optionalParams(uses);
    for (const use of uses) {
      const command = selectionCommandOf(use);
      if (command !== undefined && optional.has(use.ref.name) && !out.has(use.ref)) out.set(use.ref, command);
    }
  };
  for (const refs of paramRefsByQuery(source)) {
    for (const ref of refs) sent.add(ref);
    judge(refs);
  }
  const unsent = doc.params.filter((ref) => !sent.has(ref));
  for (const sub of doc.subs) judge(unsent.filter((ref) => within(ref, sub)));
}

function within(ref: ParamRef, sub: SubBlock): boolean {
  return ref.range.start >= sub.range.start && ref.range.end <= sub.range.end;
}
