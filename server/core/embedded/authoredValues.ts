/**
 * The values a dashboard's author set for one of its queries, and where each came from. A board states
 * them twice: a `param` object on the query's metric (or on its widget) with values by `$name`, and each
 * field's `timeMerge`/`objectMerge` in the metrics of the same widget, which fill the merge placeholders
 * (`$TIME_MERGE_PLACE`, `$OBJECT_MERGE_PLACE`). The metric's `param` wins over the widget's, which wins
 * over the fields' merges; the board's default comes after all of them (`boardRun.ts` applies it, with
 * the caller's explicit values first). A merge value the language does not know is reported, never sent.
 * Pure; never throws on any JSON.
 */
import type { ParamOrigin } from '../../../common/resultsMessages';
import { MERGE_FUNCTIONS } from '../catalog/enumValues';
import { parsedText } from '../queries/queries';
import type { Statement, Value } from '../syntax/index';

/** One value the author set, and where. */
export interface AuthoredValue {
  readonly value: string;
  readonly origin: ParamOrigin;
}

/** A value the author wrote that is not sent: not a merge the language knows, or not a text or number. */
export interface RefusedValue {
  readonly name: string;
  /** The value as written (JSON text for what is not a string). */
  readonly written: string;
  readonly reason: 'not-a-merge' | 'not-a-value';
  /** Where it is written (a `param` key, or a field). */
  readonly pointer: string;
}

export interface AuthoredValues {
  /** By `$name`, for every `$param` the author gave a usable value (used by the query or not). */
  readonly values: Readonly<Record<string, AuthoredValue>>;
  readonly refused: readonly RefusedValue[];
}

/** The merge placeholders, with the field property that states each. */
export const MERGE_FIELD_OF: Readonly<Record<string, 'timeMerge' | 'objectMerge'>> = {
  $TIME_MERGE_PLACE: 'timeMerge',
  $OBJECT_MERGE_PLACE: 'objectMerge',
};

/** Merge names the language knows (catalog), lower case: the only values a placeholder is filled with. */
const KNOWN_MERGES: ReadonlySet<string> = new Set(MERGE_FUNCTIONS.map((m) => m.value.toLowerCase()));

const NONE: AuthoredValues = { values: {}, refused: [] };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const encode = (segment: string | number) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
const decode = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The value at a JSON pointer, or undefined. */
function at(root: unknown, segments: readonly string[]): unknown {
  let node = root;
  for (const segment of segments) {
    if (Array.isArray(node)) {
      if (!/^\d+$/.test(segment)) return undefined;
      node = node[Number(segment)];
    } else if (isRecord(node)) {
      if (!Object.prototype.hasOwnProperty.call(node, segment)) return undefined;
      node = node[segment];
    } else return undefined;
  }
  return node;
}

/** The authored values of the query at `pointer` in the dashboard JSON text `json`; none when it is not JSON. */
export function authoredValuesOfJson(json: string, pointer: string, queryText: string): AuthoredValues {
  let root: unknown;
  try {
    root = JSON.parse(json.charCodeAt(0) === 0xfeff ? json.slice(1) : json);
  } catch {
    return NONE;
  }
  return authoredValues(root, pointer, queryText);
}

/**
 * The values the author set for the query whose string is at `pointer` in `root` (a parsed dashboard).
 * The query's metric is the object holding the string; its widget is `/widgets/N` when the pointer lies
 * in one. `queryText` says which keys the query merges, to pick the field that states its merge.
 */
export function authoredValues(root: unknown, pointer: string, queryText: string): AuthoredValues {
  try {
    return collect(root, pointer, queryText);
  } catch {
    // Nothing authored is better than a run that cannot start.
    return NONE;
  }
}

function collect(root: unknown, pointer: string, queryText: string): AuthoredValues {
  if (!pointer.startsWith('/')) return NONE;
  const segments = pointer.slice(1).split('/').map(decode);
  const metricPath = segments.slice(0, -1);
  const metric = at(root, metricPath);
  if (!isRecord(metric)) return NONE;
  const widgetPath =
    segments[0] === 'widgets' && segments[1] !== undefined ? segments.slice(0, 2) : undefined;
  const widget = widgetPath ? at(root, widgetPath) : undefined;
  const values: Record<string, AuthoredValue> = {};
  const refused: RefusedValue[] = [];
  const pathText = (path: readonly (string | number)[]) => `/${path.map(encode).join('/')}`;

  // Fields' merges first: a `param` below overwrites them (metric > widget > fields).
  const fields = fieldsOf(
    widgetPath && isRecord(widget) ? widget : undefined,
    widgetPath,
    metric,
    metricPath,
  );
  const merged = mergedKeys(queryText);
  for (const [name, property] of Object.entries(MERGE_FIELD_OF)) {
    const chosen = fieldMerge(fields, property, merged.get(name) ?? [], refused, name);
    if (chosen) values[name] = chosen;
  }
  const fromParam = (owner: unknown, path: readonly string[]) => {
    const param = isRecord(owner) ? owner.param : undefined;
    if (!isRecord(param)) return;
    for (const [key, raw] of Object.entries(param)) {
      const name = key.startsWith('$') ? key : `$${key}`;
      if (name.length < 2) continue;
      const where = pathText([...path, 'param', key]);
      const text = valueText(raw);
      if (text === undefined) {
        refused.push({ name, written: writtenText(raw), reason: 'not-a-value', pointer: where });
        continue;
      }
      if (name in MERGE_FIELD_OF && !KNOWN_MERGES.has(text.trim().toLowerCase())) {
        refused.push({ name, written: text, reason: 'not-a-merge', pointer: where });
        continue;
      }
      const value = name in MERGE_FIELD_OF ? text.trim().toLowerCase() : text;
      values[name] = { value, origin: { kind: 'param', pointer: pathText([...path, 'param']) } };
    }
  };
  if (widgetPath && widget !== metric) fromParam(widget, widgetPath);
  fromParam(metric, metricPath);
  return { values, refused };
}

/** A `param` value as text: strings as they are, finite numbers and booleans spelled out. */
function valueText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw === 'boolean') return String(raw);
  return undefined;
}

function writtenText(raw: unknown): string {
  try {
    return JSON.stringify(raw) ?? String(raw);
  } catch {
    return String(raw);
  }
}

interface FieldFact {
  readonly key: string;
  readonly pointer: string;
  readonly timeMerge: unknown;
  readonly objectMerge: unknown;
}

/** Every field of the widget's metrics (or of the query's metric alone, outside a widget), in order. */
function fieldsOf(
  widget: Record<string, unknown> | undefined,
  widgetPath: readonly string[] | undefined,
  metric: Record<string, unknown>,
  metricPath: readonly string[],
): FieldFact[] {
  const metrics: unknown = widget?.metrics;
  const owners: { metric: unknown; path: readonly (string | number)[] }[] =
    widgetPath && Array.isArray(metrics)
      ? metrics.map((m: unknown, i) => ({ metric: m, path: [...widgetPath, 'metrics', i] }))
      : [{ metric, path: metricPath }];
  const out: FieldFact[] = [];
  for (const owner of owners) {
    const list = isRecord(owner.metric) ? owner.metric.fields : undefined;
    if (!Array.isArray(list)) continue;
    list.forEach((field, i) => {
      if (!isRecord(field)) return;
      out.push({
        key: typeof field.key === 'string' ? field.key : '',
        pointer: `/${[...owner.path, 'fields', i].map(encode).join('/')}`,
        timeMerge: field.timeMerge,
        objectMerge: field.objectMerge,
      });
    });
  }
  return out;
}

/**
 * The merge a placeholder gets from the fields: the fields whose key the query merges with it when
 * there are any, else all fields; their common value, else the most common (first written on a tie).
 * A value that is not a merge the language knows is reported and left out.
 */
function fieldMerge(
  fields: readonly FieldFact[],
  property: 'timeMerge' | 'objectMerge',
  keys: readonly string[],
  refused: RefusedValue[],
  name: string,
): AuthoredValue | undefined {
  const usable: { field: FieldFact; value: string }[] = [];
  for (const field of fields) {
    const raw = field[property];
    if (raw === undefined || raw === null || raw === '') continue;
    const value = typeof raw === 'string' ? raw.trim().toLowerCase() : undefined;
    if (value === undefined || !KNOWN_MERGES.has(value)) {
      refused.push({
        name,
        written: typeof raw === 'string' ? raw : writtenText(raw),
        reason: typeof raw === 'string' ? 'not-a-merge' : 'not-a-value',
        pointer: `${field.pointer}/${property}`,
      });
      continue;
    }
    usable.push({ field, value });
  }
  const keyed = usable.filter((u) => keys.includes(u.field.key));
  const pool = keyed.length > 0 ? keyed : usable;
  if (pool.length === 0) return undefined;
  const counts = new Map<string, number>();
  for (const u of pool) counts.set(u.value, (counts.get(u.value) ?? 0) + 1);
  let best = pool[0] as (typeof pool)[number];
  for (const u of pool) if ((counts.get(u.value) ?? 0) > (counts.get(best.value) ?? 0)) best = u;
  const agreeing = counts.get(best.value) ?? 0;
  const how = agreeing < pool.length ? 'most-common' : keyed.length > 0 ? 'key' : 'agreed';
  return {
    value: best.value,
    origin: {
      kind: 'field',
      pointer: best.field.pointer,
      key: best.field.key,
      how,
      agreeing,
      fields: pool.length,
    },
  };
}

/**
 * The keys the query merges with each placeholder: `UPDATE { key: [...], value: $TIME_MERGE_PLACE }`
 * (and IFUPDATE), in the main pipeline and its SUB blocks.
 */
export function mergedKeys(queryText: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const { ast } = parsedText(queryText).parsed;
  const statements: Statement[] = [...ast.main, ...ast.subs.flatMap((s) => s.commands)];
  for (const statement of statements) {
    if (statement.kind !== 'command' || statement.operand?.kind !== 'object') continue;
    let placeholder: string | undefined;
    let keys: string[] = [];
    for (const member of statement.operand.members) {
      const key = member.key?.name;
      if (key === 'value' && member.value?.kind === 'param') placeholder = member.value.name;
      if (key === 'key' && member.value) keys = namesOf(member.value);
    }
    if (placeholder === undefined || !(placeholder in MERGE_FIELD_OF)) continue;
    out.set(placeholder, [...(out.get(placeholder) ?? []), ...keys]);
  }
  return out;
}

function namesOf(value: Value): string[] {
  switch (value.kind) {
    case 'string':
      return [value.value];
    case 'word':
      return [value.text];
    case 'array':
      return value.items.flatMap(namesOf);
    default:
      return 'raw' in value && typeof value.raw === 'string' ? [value.raw] : [];
  }
}

/** The merge property a field origin read, for the words below. */
const propertyOf = (name: string) => MERGE_FIELD_OF[name] ?? 'merge';

/**
 * Where a value came from, in English words for the command line and the assistant
 * (`from /widgets/1/metrics/3/param`, `timeMerge of field OneMinuteRate at …`); the editor translates
 * the same facts itself.
 */
export function originWords(name: string, origin: ParamOrigin): string {
  switch (origin.kind) {
    case 'param':
      return `from ${origin.pointer}`;
    case 'field': {
      const field = origin.key === '' ? 'a field' : `field ${origin.key}`;
      const why =
        origin.how === 'key'
          ? 'the key the query merges'
          : origin.how === 'agreed'
            ? `all ${origin.fields} fields agree`
            : `most common, ${origin.agreeing} of ${origin.fields} fields`;
      return `${propertyOf(name)} of ${field} at ${origin.pointer} (${why})`;
    }
    case 'default':
      return "the board's default merge";
    case 'given':
      return 'given';
  }
}
