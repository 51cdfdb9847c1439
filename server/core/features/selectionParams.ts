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
   * its list), or null when the occurrence is not a bare value: inside a string, an expression or a key.
   */
  readonly keyPath: readonly string[] | null;
  /**
   * Like {@link ParamUse.keyPath}, and also for a quoted string that is nothing but the `$param`
   * (`pk: "$pk"`), which the service substitutes into the same position.
   */
  readonly valuePath: readonly string[] | null;
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
/** The key path of each `$param` that is a whole value, by start offset, and whether it is quoted. */
type WholeValues = ReadonlyMap<number, { readonly keyPath: readonly string[]; readonly quoted: boolean }>;

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
    const map = new Map<number, { keyPath: readonly string[]; quoted: boolean }>();
    if (command.operand)
      walkValue(command.operand, (v, keyPath) => {
        if (v.kind === 'param') map.set(v.range.start, { keyPath, quoted: false });
        else if (v.kind === 'string' && WHOLE_PARAM.test(v.value))
          map.set(v.range.start + 1, { keyPath, quoted: true });
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
    const valuePath = whole?.keyPath ?? null;
    const keyPath = whole && !whole.quoted && !ref.inString ? whole.keyPath : null;
    return { ref, command, sub: at?.sub ?? null, keyPath, valuePath };
  });
}

/** OID, OKIND, ONODE or OIDSET when the use is a bare value of that command's operand, else undefined. */
export function selectionCommandOf(use: ParamUse): string | undefined {
  const name = use.command?.upperName;
  return name !== undefined && use.keyPath !== null && SKIPPED_WHEN_UNBOUND.has(name) ? name : undefined;
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
  const sent = new Set<ParamRef>();
  const judge = (refs: readonly ParamRef[]): void => {
    const uses = paramUses(doc, refs);
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
  skippedCache.set(doc, out);
  return out;
}

function within(ref: ParamRef, sub: SubBlock): boolean {
  return ref.range.start >= sub.range.start && ref.range.end <= sub.range.end;
}
