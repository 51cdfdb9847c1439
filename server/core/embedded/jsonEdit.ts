/**
 * Writing a new MXQL text back into its JSON string: the smallest edit of the string's inside that
 * turns its old text into the new one. Only what changed is escaped again (with `escapeForJson`), so
 * the escapes the file wrote elsewhere in the string (`\/`, `\u00e9`) stay as they were, and every
 * byte outside the string token is untouched. Pure.
 */
import { escapeForJson, jsonOffsetOf, type JsonQuery, type OffsetRange } from './jsonQueries';

/** Replace `range` of the JSON text with `text`. */
export interface JsonTextEdit {
  readonly range: OffsetRange;
  readonly text: string;
}

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/** The one replacement that turns `before` into `after`: `[start, end)` of `before` becomes `text`. */
export interface TextChange {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The smallest replacement that turns `before` into `after` (their common start and end kept), never
 * cutting between the two halves of a character written as a surrogate pair.
 */
export function textChange(before: string, after: string): TextChange {
  let prefix = 0;
  const most = Math.min(before.length, after.length);
  while (prefix < most && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < most - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  )
    suffix++;
  if (prefix > 0 && isHigh(before.charCodeAt(prefix - 1)) && isLow(before.charCodeAt(prefix))) prefix--;
  const end = before.length - suffix;
  if (suffix > 0 && isHigh(before.charCodeAt(end - 1)) && isLow(before.charCodeAt(end))) suffix--;
  return { start: prefix, end: before.length - suffix, text: after.slice(prefix, after.length - suffix) };
}

/** The edit of the JSON text that makes `query`'s string decode to `text`; undefined when nothing changes. */
export function jsonStringEdit(query: JsonQuery, text: string): JsonTextEdit | undefined {
  if (query.text === text) return undefined;
  const change = textChange(query.text, text);
  const range = { start: jsonOffsetOf(query.map, change.start), end: jsonOffsetOf(query.map, change.end) };
  return { range, text: escapeForJson(change.text) };
}
