/**
 * MXQL kept inside JSON: dashboards hold each query as one JSON string (`mql` of a widget's metric,
 * `query` elsewhere, and fragments under `inject`). This module finds those strings with a small
 * scanner of its own that keeps the offset of every string token and the JSON pointer of its value,
 * decodes them, and maps offsets both ways through every escape, so a diagnostic on the decoded MXQL
 * lands on the exact character of the JSON file and an edit can be written back in the file's style.
 * It never throws: malformed JSON, a non-string `mql` and files without queries come back as data.
 */

/** A half-open range of UTF-16 offsets. */
export interface OffsetRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Decoded-text offsets to JSON-text offsets. Every JSON escape decodes to exactly one UTF-16 unit
 * (a surrogate pair is written as two `\uXXXX` escapes), so between escapes the two texts advance
 * together: an anchor is kept at the start of the string and after each escape, and an offset is its
 * anchor plus the distance from it.
 */
export interface JsonOffsetMap {
  /** Ascending decoded offsets of the anchors; the first is 0. */
  readonly decoded: readonly number[];
  /** The JSON offset of each anchor. */
  readonly json: readonly number[];
  /** Length of the decoded text. */
  readonly length: number;
}

/** A string token of a JSON text, decoded, with its offset map. */
export interface JsonString {
  /** The string token in the JSON text, quotes included. */
  readonly token: OffsetRange;
  /** The token's text between its quotes, escapes as written. */
  readonly raw: string;
  /** The text, escapes decoded. */
  readonly text: string;
  readonly map: JsonOffsetMap;
}

/** One MXQL string found in a JSON text. */
export interface JsonQuery extends JsonString {
  /** JSON pointer (RFC 6901) of the string value, e.g. `/widgets/3/metrics/0/mql`. */
  readonly pointer: string;
}

/** Why a JSON text yields fewer queries than it seems to hold. */
export interface JsonProblem {
  /** `syntax`: the JSON is malformed (scanning stops there); `not-a-string`: an `mql` value that is not a string. */
  readonly kind: 'syntax' | 'not-a-string';
  readonly message: string;
  /** JSON-text offset where the problem is. */
  readonly offset: number;
  /** Pointer of the value, for `not-a-string`. */
  readonly pointer?: string;
}

export interface JsonQueryScan {
  /** The MXQL strings in document order (those before a syntax error, when there is one). */
  readonly queries: readonly JsonQuery[];
  readonly problems: readonly JsonProblem[];
}

/** One container around a value: its kind and the key (object) or index (array) of the value in it. */
export interface JsonPathStep {
  readonly kind: 'object' | 'array';
  readonly segment: string | number;
}

/**
 * What {@link walkJson} reports, in document order. `path` is the containers around the value,
 * outermost first; it is the walk's live stack, so a visitor that keeps it must copy it.
 */
export interface JsonVisitor {
  /** A key of an object (the value it names follows). */
  key?(key: JsonString, path: readonly JsonPathStep[]): void;
  /** A string value. */
  string?(value: JsonString, path: readonly JsonPathStep[]): void;
  /** `true`, `false`, `null` or a number, as written, starting at `start`. */
  literal?(text: string, start: number, path: readonly JsonPathStep[]): void;
  /** An object or array starting at `start` (`path` does not include it yet). */
  open?(kind: JsonPathStep['kind'], start: number, path: readonly JsonPathStep[]): void;
  /** The innermost open object or array ends; `end` is one past its closing bracket. */
  close?(end: number): void;
}

/** Keys whose string value is a whole MXQL query. */
const QUERY_KEYS = new Set(['mql', 'query']);
/** Every string anywhere under this key's value is an MXQL fragment (`inject.default`, …). */
const INJECT_KEY = 'inject';

/** A `mql` holding something else than a string is a mistake worth naming; `query` is too common a key to judge. */
const STRICT_KEY = 'mql';

/** The most `not-a-string` problems one scan reports: the first ones say what to fix. */
export const MAX_NOT_A_STRING = 100;

/** Thrown inside the scan only, and caught by `walkJson`: the first syntax error ends the scan. */
class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

interface Container {
  readonly kind: 'object' | 'array';
  /** The current key (object) or index (array) in this container. */
  segment: string | number;
  /** Entries seen, to know whether a comma or the end is due. */
  count: number;
}

/** How to read the text. */
export interface JsonScanOptions {
  /** JSON with comments, as editors' `jsonc` files are: line and block comments and trailing commas are allowed. */
  readonly jsonc?: boolean;
}

/** Every MXQL string of `json`, with the problems found; never throws. */
export function findJsonQueries(json: string, options: JsonScanOptions = {}): JsonQueryScan {
  const queries: JsonQuery[] = [];
  const problems: JsonProblem[] = [];
  const notString = (at: number, what: string, path: readonly JsonPathStep[]): void => {
    // Each pointer costs its depth: a cap keeps a file of thousands of nested `mql` objects linear.
    if (problems.length >= MAX_NOT_A_STRING) return;
    problems.push({
      kind: 'not-a-string',
      message: `'${STRICT_KEY}' holds ${what}, not a string of MXQL`,
      offset: at,
      pointer: jsonPointerOf(path),
    });
  };
  const syntax = walkJson(
    json,
    {
      string: (value, path) => {
        if (holdsQuery(path)) queries.push({ pointer: jsonPointerOf(path), ...value });
      },
      literal: (text, start, path) => {
        if (mustBeString(path)) notString(start, literalKind(text), path);
      },
      open: (kind, start, path) => {
        if (mustBeString(path)) notString(start, kind === 'object' ? 'an object' : 'an array', path);
      },
    },
    options,
  );
  if (syntax) problems.push(syntax);
  return { queries, problems };
}

/** Whether the values here lie inside an object that is the value of an `inject` key. */
function underInject(path: readonly JsonPathStep[]): boolean {
  for (let j = 1; j < path.length; j++) {
    const parent = path[j - 1] as JsonPathStep;
    if (
      (path[j] as JsonPathStep).kind === 'object' &&
      parent.kind === 'object' &&
      parent.segment === INJECT_KEY
    )
      return true;
  }
  return false;
}

/** The key of the value at the end of `path`, when its container is an object. */
function keyOf(path: readonly JsonPathStep[]): string | undefined {
  const top = path[path.length - 1];
  return top?.kind === 'object' ? (top.segment as string) : undefined;
}

/** Where a value must be a string of MXQL. */
function holdsQuery(path: readonly JsonPathStep[]): boolean {
  const key = keyOf(path);
  return (key !== undefined && QUERY_KEYS.has(key)) || underInject(path);
}

/** Where it is worth saying that a value is not a string. */
function mustBeString(path: readonly JsonPathStep[]): boolean {
  return keyOf(path) === STRICT_KEY && !underInject(path);
}

/** The JSON pointer (RFC 6901) of the value at the end of `path`. */
export function jsonPointerOf(path: readonly JsonPathStep[]): string {
  return path.map((c) => `/${String(c.segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/**
 * Walks a JSON text with a tolerant scanner of its own, reporting every key and value to `visitor`
 * with exact offsets. Returns the syntax problem that ended the walk early, if any; never throws on
 * any text.
 */
export function walkJson(
  json: string,
  visitor: JsonVisitor,
  options: JsonScanOptions = {},
): JsonProblem | undefined {
  try {
    scan(json, visitor, options.jsonc === true);
    return undefined;
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return { kind: 'syntax', message: error.message, offset: error.offset };
  }
}

/** A value of a JSON text with its place: `start`/`end` are JSON-text offsets (end exclusive). */
export type JsonNode =
  | {
      readonly kind: 'string';
      readonly pointer: string;
      readonly start: number;
      readonly end: number;
      readonly value: JsonString;
    }
  | {
      readonly kind: 'literal';
      readonly pointer: string;
      readonly start: number;
      readonly end: number;
      readonly text: string;
    }
  | JsonObjectNode
  | JsonArrayNode;

export interface JsonObjectNode {
  readonly kind: 'object';
  readonly pointer: string;
  readonly start: number;
  /** One past the closing brace; the end of the text when a syntax error cut the object short. */
  end: number;
  readonly members: { readonly key: JsonString; readonly value: JsonNode }[];
}

export interface JsonArrayNode {
  readonly kind: 'array';
  readonly pointer: string;
  readonly start: number;
  /** One past the closing bracket; the end of the text when a syntax error cut the array short. */
  end: number;
  readonly items: JsonNode[];
}

/** A JSON text as a tree; after a syntax error, the part read before it. */
export interface JsonTree {
  readonly root: JsonNode | undefined;
  readonly problem: JsonProblem | undefined;
}

/** The tree of a JSON text, built from {@link walkJson}; never throws. Meant for small files (rules, settings). */
export function parseJsonTree(json: string): JsonTree {
  let root: JsonNode | undefined;
  const open: (JsonObjectNode | JsonArrayNode)[] = [];
  let pendingKey: JsonString | undefined;
  const attach = (node: JsonNode): void => {
    const parent = open[open.length - 1];
    if (!parent) root = node;
    else if (parent.kind === 'array') parent.items.push(node);
    else if (pendingKey) parent.members.push({ key: pendingKey, value: node });
  };
  const problem = walkJson(json, {
    key: (key) => {
      pendingKey = key;
    },
    string: (value, path) =>
      attach({
        kind: 'string',
        pointer: jsonPointerOf(path),
        start: value.token.start,
        end: value.token.end,
        value,
      }),
    literal: (text, start, path) =>
      attach({ kind: 'literal', pointer: jsonPointerOf(path), start, end: start + text.length, text }),
    open: (kind, start, path) => {
      const pointer = jsonPointerOf(path);
      const node: JsonObjectNode | JsonArrayNode =
        kind === 'object'
          ? { kind, pointer, start, end: json.length, members: [] }
          : { kind, pointer, start, end: json.length, items: [] };
      attach(node);
      open.push(node);
    },
    close: (end) => {
      const node = open.pop();
      if (node) node.end = end;
    },
  });
  return { root, problem };
}

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** An iterative scan (an explicit stack, so deep nesting cannot overflow the call stack). */
function scan(json: string, visitor: JsonVisitor, jsonc: boolean): void {
  const stack: Container[] = [];
  let i = json.charCodeAt(0) === 0xfeff ? 1 : 0;
  const skipSpace = (): void => {
    for (;;) {
      while (i < json.length && isWhitespace(json.charCodeAt(i))) i++;
      if (!jsonc || json.charCodeAt(i) !== 0x2f) return;
      const next = json.charCodeAt(i + 1);
      if (next === 0x2f) {
        const end = json.indexOf('\n', i);
        i = end < 0 ? json.length : end;
      } else if (next === 0x2a) {
        const end = json.indexOf('*/', i + 2);
        if (end < 0) fail('a block comment is not closed before the end of the text');
        i = end + 2;
      } else return;
    }
  };
  const fail = (message: string, at = i): never => {
    throw new JsonSyntaxError(message, at);
  };
  const describe = (at: number): string =>
    at >= json.length ? 'the end of the text' : `'${String.fromCodePoint(json.codePointAt(at) ?? 0)}'`;

  let expectValue = true;
  skipSpace();
  for (;;) {
    if (expectValue) {
      skipSpace();
      const start = i;
      const c = json.charCodeAt(i);
      if (c === 0x22) {
        const string = readString(json, i);
        i = string.token.end;
        visitor.string?.(string, stack);
      } else if (c === 0x7b || c === 0x5b) {
        const kind = c === 0x7b ? 'object' : 'array';
        visitor.open?.(kind, start, stack);
        i++;
        skipSpace();
        if (json.charCodeAt(i) === (kind === 'object' ? 0x7d : 0x5d)) {
          i++;
          visitor.close?.(i);
        } else {
          stack.push({ kind, segment: 0, count: 0 });
          if (kind === 'object') readKey();
          continue;
        }
      } else {
        LITERAL.lastIndex = i;
        const literal = LITERAL.exec(json)?.[0] ?? fail(`expected a value, found ${describe(i)}`);
        i += literal.length;
        visitor.literal?.(literal, start, stack);
      }
      expectValue = false;
      continue;
    }
    // After a value: a comma, the end of its container, or the end of the text.
    skipSpace();
    const top = stack[stack.length - 1];
    if (!top) {
      if (i < json.length) fail(`unexpected ${describe(i)} after the end of the JSON value`);
      return;
    }
    const c = json.charCodeAt(i);
    if (c === 0x2c) {
      i++;
      if (jsonc) {
        // A trailing comma closes its container.
        skipSpace();
        if (json.charCodeAt(i) === (top.kind === 'object' ? 0x7d : 0x5d)) {
          i++;
          stack.pop();
          visitor.close?.(i);
          continue;
        }
      }
      top.count++;
      if (top.kind === 'array') {
        top.segment = top.count;
        expectValue = true;
      } else readKey();
    } else if ((top.kind === 'object' && c === 0x7d) || (top.kind === 'array' && c === 0x5d)) {
      i++;
      stack.pop();
      visitor.close?.(i);
    } else {
      const expected = top.kind === 'object' ? "',' or '}'" : "',' or ']'";
      fail(`expected ${expected}, found ${describe(i)}`);
    }
  }

  function readKey(): void {
    skipSpace();
    if (json.charCodeAt(i) !== 0x22) fail(`expected a key in double quotes, found ${describe(i)}`);
    const key = readString(json, i);
    i = key.token.end;
    skipSpace();
    if (json.charCodeAt(i) !== 0x3a) fail(`expected ':' after the key, found ${describe(i)}`);
    i++;
    const top = stack[stack.length - 1] as Container;
    top.segment = key.text;
    visitor.key?.(key, stack);
    expectValue = true;
  }
}

/** true, false, null or a number, matched where the scan stands. */
const LITERAL = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function literalKind(literal: string): string {
  if (literal === 'null') return 'null';
  if (literal === 'true' || literal === 'false') return 'a boolean';
  return 'a number';
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Reads the string token starting at `start` (a `"`): its range, raw and decoded text, and offset map. */
function readString(json: string, start: number): JsonString {
  const contentStart = start + 1;
  const decodedAnchors = [0];
  const jsonAnchors = [contentStart];
  const parts: string[] = [];
  let runStart = contentStart;
  let length = 0;
  let i = contentStart;
  for (;;) {
    if (i >= json.length)
      throw new JsonSyntaxError('a string is not closed before the end of the text', start);
    const c = json.charCodeAt(i);
    if (c === 0x22) break;
    if (c < 0x20)
      throw new JsonSyntaxError(
        'a string holds a raw control character (a line break must be written \\n)',
        i,
      );
    if (c !== 0x5c) {
      i++;
      continue;
    }
    parts.push(json.slice(runStart, i));
    length += i - runStart;
    const e = json[i + 1] ?? '';
    let unit: string;
    let width: number;
    if (e === 'u') {
      const hex = json.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex))
        throw new JsonSyntaxError('\\u must be followed by four hexadecimal digits', i);
      unit = String.fromCharCode(parseInt(hex, 16));
      width = 6;
    } else {
      const simple = SIMPLE_ESCAPES[e];
      if (simple === undefined)
        throw new JsonSyntaxError(`'\\${e}' is not a JSON escape (use \\\\ for a backslash)`, i);
      unit = simple;
      width = 2;
    }
    parts.push(unit);
    length++;
    i += width;
    runStart = i;
    decodedAnchors.push(length);
    jsonAnchors.push(i);
  }
  parts.push(json.slice(runStart, i));
  length += i - runStart;
  return {
    token: { start, end: i + 1 },
    raw: json.slice(contentStart, i),
    text: parts.join(''),
    map: { decoded: decodedAnchors, json: jsonAnchors, length },
  };
}

/** The largest index whose value is at most `x` in an ascending array whose first value is at most `x`. */
function anchorAt(values: readonly number[], x: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((values[mid] as number) <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The JSON-text offset of a decoded-text offset: the first character of its escape when it starts one,
 * the closing quote for the end of the text. Offsets outside the text are clamped to it.
 */
export function jsonOffsetOf(map: JsonOffsetMap, decodedOffset: number): number {
  const d = Math.min(Math.max(decodedOffset, 0), map.length);
  const k = anchorAt(map.decoded, d);
  return (map.json[k] as number) + d - (map.decoded[k] as number);
}

/** A decoded-text range as a JSON-text range (an escape a range covers is covered whole). */
export function jsonRangeOf(map: JsonOffsetMap, range: OffsetRange): OffsetRange {
  return { start: jsonOffsetOf(map, range.start), end: jsonOffsetOf(map, range.end) };
}

/**
 * The decoded-text offset of a JSON-text offset: inside an escape, the character it decodes to;
 * before the string's content, 0; after it, the decoded length.
 */
export function decodedOffsetOf(map: JsonOffsetMap, jsonOffset: number): number {
  const first = map.json[0] as number;
  if (jsonOffset <= first) return 0;
  const k = anchorAt(map.json, jsonOffset);
  const d = (map.decoded[k] as number) + jsonOffset - (map.json[k] as number);
  // The run from anchor k ends where the next escape starts, one unit before the next anchor.
  const next = map.decoded[k + 1];
  return Math.min(d, next === undefined ? map.length : next - 1);
}

/**
 * Text as the inside of a JSON string, the inverse of decoding in the style dashboards are written in:
 * `\n`, `\r`, `\t`, `\"`, `\\`, `\b`, `\f`, other control characters as `\u00XX`; `/` and non-ASCII as they are.
 */
export function escapeForJson(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/["\\\u0000-\u001f]/g, (c) => {
    switch (c) {
      case '"':
        return '\\"';
      case '\\':
        return '\\\\';
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      case '\b':
        return '\\b';
      case '\f':
        return '\\f';
      default:
        return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  });
}
/** One replacement in a JSON text: `[start, end)` of the text before it becomes `text`. */
export interface JsonEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The scan of the text `edit` made of the text `previous` was scanned from, without scanning the
 * whole text again when the edit lies inside one MXQL string (a keystroke in a query): that string is
 * read again and the tokens after it shift. Anything else (an edit elsewhere, a quote or escape that
 * changes where the string ends, a previous scan that stopped at a syntax error) scans `json` whole.
 */
export function updateJsonQueries(
  previous: JsonQueryScan,
  json: string,
  edit: JsonEdit,
  options: JsonScanOptions = {},
): JsonQueryScan {
  const index = previous.problems.some((p) => p.kind === 'syntax')
    ? -1
    : previous.queries.findIndex((q) => q.token.start < edit.start && edit.end < q.token.end);
  const old = previous.queries[index];
  if (!old) return findJsonQueries(json, options);
  const delta = edit.text.length - (edit.end - edit.start);
  let reread: Omit<JsonQuery, 'pointer'>;
  try {
    reread = readString(json, old.token.start);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return findJsonQueries(json, options);
  }
  if (reread.token.end !== old.token.end + delta) return findJsonQueries(json, options);
  const shift = (q: JsonQuery): JsonQuery => ({
    ...q,
    token: { start: q.token.start + delta, end: q.token.end + delta },
    map: { ...q.map, json: q.map.json.map((o) => o + delta) },
  });
  const queries = previous.queries.map((q, i) =>
    i < index ? q : i === index ? { pointer: q.pointer, ...reread } : shift(q),
  );
  const problems = previous.problems.map((p) =>
    p.offset > old.token.start ? { ...p, offset: p.offset + delta } : p,
  );
  return { queries, problems };
}

/** Characters a snippet escapes with a backslash to mean themselves. */
const SNIPPET_ESCAPABLE = new Set(['\\', '$', '}', ',', '|']);

/**
 * A completion snippet (`${1:name}` syntax) whose expanded text becomes the inside of a JSON string:
 * its literal text is escaped for JSON (see {@link escapeForJson}) and every backslash that adds is
 * escaped again for the snippet, so the editor expands it to exactly the JSON escapes; tab stops and
 * placeholders stay as they are.
 */
export function escapeSnippetForJson(snippet: string): string {
  let out = '';
  for (let i = 0; i < snippet.length; i++) {
    let c = snippet[i] as string;
    const next = snippet[i + 1];
    const escaped = c === '\\' && next !== undefined && SNIPPET_ESCAPABLE.has(next);
    if (escaped) {
      c = next;
      i++;
    }
    const json = escapeForJson(c);
    if (json !== c) out += json.replace(/\\/g, '\\\\');
    else out += escaped ? `\\${c}` : c;
  }
  return out;
}
