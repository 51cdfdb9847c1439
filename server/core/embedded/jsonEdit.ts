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

/** The edit of the JSON text that makes `query`'s string decode to `text`; undefined when nothing changes. */
export function jsonStringEdit(query: JsonQuery, text: string): JsonTextEdit | undefined {
  const old = query.text;
  if (old === text) return undefined;
  let prefix = 0;
  const most = Math.min(old.length, text.length);
  while (prefix < most && old.charCodeAt(prefix) === text.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < most - prefix &&
    old.charCodeAt(old.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)
  )
    suffix++;
  // Never cut between the two halves of a character written as a surrogate pair.
  if (prefix > 0 && isHigh(old.charCodeAt(prefix - 1)) && isLow(old.charCodeAt(prefix))) prefix--;
  const oldEnd = old.length - suffix;
  if (suffix > 0 && isHigh(old.charCodeAt(oldEnd - 1)) && isLow(old.charCodeAt(oldEnd))) suffix--;
  const range = {
    start: jsonOffsetOf(query.map, prefix),
    end: jsonOffsetOf(query.map, old.length - suffix),
  };
  return { range, text: escapeForJson(text.slice(prefix, text.length - suffix)) };
}
