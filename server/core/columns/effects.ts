/**
 * What each command does to the set of columns: one small function per kind of effect, chosen by the
 * command's `columnEffect` in the catalog, with a command of its own rule (GROUP) keyed by name. The
 * flow (`flow.ts`) walks the pipeline and calls {@link commandEffect} for every command.
 */
import { findOption, type CommandDef, type ColumnEffect } from '../catalog/index';
import { type Range } from '../diagnostics/types';
import { type CommandNode, type Value } from '../syntax/index';
import { hasTemplate, namesOf, optionValue, type NameRef } from '../syntax/valueNames';
import { OPEN_COLUMNS, type ColumnInfo, type ColumnOrigin, type ColumnSet } from './columnSet';

/** What a command's effect sees: the command, its definition, the set before it and what it may load. */
export interface EffectInput {
  readonly command: CommandNode;
  readonly def: CommandDef;
  readonly current: ColumnSet;
  /** The columns the category in effect gives a loader. */
  readonly categorySet: ColumnSet;
  /** The result of the SUB named `name`, if known (JOIN and APPEND read it). */
  readonly subResult: (name: string) => ColumnSet | undefined;
}

type Effect = (input: EffectInput) => ColumnSet;

/** The effect of each kind the catalog gives a command. */
const BY_EFFECT: { readonly [E in ColumnEffect]: Effect } = {
  load: ({ def, categorySet }) => (def.needsCategory ? categorySet : OPEN_COLUMNS),
  select: applySelect,
  delete: applyDelete,
  rename: applyRename,
  add: applyAdd,
  merge: applyMerge,
  opaque: ({ current }) => ({ ...current, open: true }),
  keep: ({ current }) => current,
};

/** Commands whose effect its kind does not say (by canonical name). */
const BY_COMMAND: Readonly<Record<string, Effect>> = { GROUP: applyGroup };

/** The columns after `input.command`. A template marker in the operand makes the set open. */
export function commandEffect(input: EffectInput): ColumnSet {
  const { command, def, current } = input;
  if (command.operand !== null && hasTemplate(command.operand)) return { ...current, open: true };
  return (BY_COMMAND[def.name] ?? BY_EFFECT[def.columnEffect])(input);
}

/** Columns a statement creates itself at `at` (PromQL's `time` and `value`). */
export function createdColumns(names: readonly string[], at: Range): Map<string, ColumnInfo> {
  return new Map(names.map((name) => [name, { name, origin: 'created' as const, definedAt: at }]));
}

function withColumns(
  current: ColumnSet,
  edit: (columns: Map<string, ColumnInfo>) => boolean | void,
): ColumnSet {
  const columns = new Map(current.columns);
  const opened = edit(columns) === true;
  return { open: current.open || opened, columns };
}

function define(columns: Map<string, ColumnInfo>, ref: NameRef, origin: ColumnOrigin): void {
  columns.set(ref.name, { name: ref.name, origin, definedAt: ref.range });
}

/** `SELECT [a, b]` keeps the listed columns; `{default, like, notlike}` keeps matching names; bare keeps all. */
function applySelect({ command, current }: EffectInput): ColumnSet {
  const operand = command.operand;
  if (operand === null) return current;
  if (operand.kind === 'object') return applySelectPattern(operand, current);
  const listed = namesOf(operand);
  const columns = new Map<string, ColumnInfo>();
  for (const ref of listed.names) {
    // A listed name missing upstream is reported once at the SELECT; keeping it avoids cascades.
    columns.set(
      ref.name,
      current.columns.get(ref.name) ?? { name: ref.name, origin: 'field', definedAt: ref.range },
    );
  }
  return { open: (current.open && listed.names.length === 0) || listed.dynamic, columns };
}

function applySelectPattern(operand: Value, current: ColumnSet): ColumnSet {
  const like = namesOf(optionValue(operand, 'like')).names.map((n) => n.name);
  const notlike = namesOf(optionValue(operand, 'notlike')).names.map((n) => n.name);
  const keep = new Set(namesOf(optionValue(operand, 'default')).names.map((n) => n.name));
  const columns = new Map<string, ColumnInfo>();
  for (const [name, info] of current.columns) {
    const liked = like.length === 0 || like.some((p) => name.includes(p));
    const notLiked = notlike.some((p) => name.includes(p));
    if (keep.has(name) || (liked && !notLiked)) columns.set(name, info);
  }
  return { open: current.open, columns };
}

function applyDelete({ command, current }: EffectInput): ColumnSet {
  const listed = namesOf(command.operand);
  return withColumns(current, (columns) => {
    for (const ref of listed.names) columns.delete(ref.name);
  });
}

/** The `src → dst` pairs of RENAME: `{src, dst}` scalars or parallel lists, or `[[src, dst], …]`. */
export function renamePairs(operand: Value | null): { pairs: [NameRef, NameRef][]; dynamic: boolean } {
  if (operand?.kind === 'array') {
    const pairs: [NameRef, NameRef][] = [];
    let dynamic = false;
    for (const item of operand.items) {
      const pair = namesOf(item);
      dynamic ||= pair.dynamic;
      const [src, dst] = pair.names;
      if (src && dst) pairs.push([src, dst]);
    }
    return { pairs, dynamic };
  }
  const src = namesOf(optionValue(operand, 'src'));
  const dst = namesOf(optionValue(operand, 'dst'));
  const pairs: [NameRef, NameRef][] = [];
  src.names.forEach((s, i) => {
    const d = dst.names[i];
    if (d) pairs.push([s, d]);
  });
  return { pairs, dynamic: src.dynamic || dst.dynamic };
}

function applyRename({ command, current }: EffectInput): ColumnSet {
  const { pairs, dynamic } = renamePairs(command.operand);
  return withColumns(current, (columns) => {
    for (const [src, dst] of pairs) {
      columns.delete(src.name);
      define(columns, dst, 'renamed');
    }
    return dynamic;
  });
}

/** Adds the columns a command always adds and those its given options add (GROUP `user`: `userbytes`). */
function addFixedColumns(columns: Map<string, ColumnInfo>, command: CommandNode, def: CommandDef): void {
  const operand = command.operand;
  const given = operand?.kind === 'object' ? operand.members : [];
  const names = [
    ...(def.addsColumns ?? []),
    ...given.flatMap((m) => (m.key ? (findOption(def.options, m.key.name)?.addsColumns ?? []) : [])),
  ];
  for (const name of names) columns.set(name, { name, origin: 'created', definedAt: command.nameRange });
}

/** Options whose values name the columns a command creates (`defines`), including free keys (CREATE-EXPR). */
function applyAdd({ command, def, current }: EffectInput): ColumnSet {
  const operand = command.operand;
  return withColumns(current, (columns) => {
    let dynamic = false;
    addFixedColumns(columns, command, def);
    if (operand?.kind !== 'object') return false;
    for (const member of operand.members) {
      const key = member.key;
      if (key === null) continue;
      const option = findOption(def.options, key.name);
      if (option?.column === 'defines') {
        const created = namesOf(member.value);
        dynamic ||= created.dynamic;
        for (const ref of created.names) define(columns, ref, 'created');
      } else if (!option && def.freeOptionKeys?.column === 'defines') {
        if (key.param) dynamic = true;
        else define(columns, { name: key.name, range: key.range }, 'created');
      }
    }
    return dynamic;
  });
}

const GROUP_LIST_OPTIONS = [
  'merge',
  'last',
  'listup',
  'first',
  'sum',
  'user',
  'quantile',
  'quantile2',
] as const;

/**
 * GROUP with a `merge` list keeps its keys and the listed columns, plus `time` (bucketed by
 * `timeunit`), the project columns and what GROUP adds (`_rows_`, and `userbytes` with `user`).
 * Without `merge`, real queries go on using every numeric column (GROUP merges them all), so every
 * column is kept.
 */
function applyGroup({ command, def, current }: EffectInput): ColumnSet {
  const operand = command.operand;
  const listed = GROUP_LIST_OPTIONS.map((k) => namesOf(optionValue(operand, k)));
  const withAdded = (set: ColumnSet): ColumnSet =>
    withColumns(set, (columns) => addFixedColumns(columns, command, def));
  if (optionValue(operand, 'merge') === null) return withAdded(current);
  const keys = namesOf(optionValue(operand, 'pk', 'primaryKey', 'key'));
  const columns = new Map<string, ColumnInfo>();
  for (const name of ['time', 'pcode', 'pname']) {
    const info = current.columns.get(name);
    if (info) columns.set(name, info);
  }
  for (const ref of [...keys.names, ...listed.flatMap((l) => l.names)]) {
    columns.set(
      ref.name,
      current.columns.get(ref.name) ?? { name: ref.name, origin: 'field', definedAt: ref.range },
    );
  }
  const dynamic = keys.dynamic || listed.some((l) => l.dynamic);
  return withAdded({ open: current.open || dynamic, columns });
}

/** JOIN / APPEND: the listed `imports` columns, or every result column of the SUB it names. */
function applyMerge({ command, def, current, subResult }: EffectInput): ColumnSet {
  const operand = command.operand;
  const imported = def.options
    .filter((o) => o.column === 'imports')
    .map((o) => namesOf(optionValue(operand, o.name)));
  const listed = imported.flatMap((l) => l.names);
  if (listed.length > 0 || imported.some((l) => l.dynamic)) {
    return withColumns(current, (columns) => {
      for (const ref of listed) if (!columns.has(ref.name)) define(columns, ref, 'joined');
      return imported.some((l) => l.dynamic);
    });
  }
  const query = operand?.kind === 'object' ? namesOf(optionValue(operand, 'query')) : namesOf(operand);
  const subName = query.names[0]?.name;
  const sub = subName === undefined || query.dynamic ? undefined : subResult(subName);
  if (!sub) return { ...current, open: true };
  return withColumns(current, (columns) => {
    for (const name of sub.columns.keys()) {
      if (!columns.has(name)) columns.set(name, { name, origin: 'joined', definedAt: command.range });
    }
    return sub.open;
  });
}
