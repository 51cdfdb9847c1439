// Small builders shared by the tools: results, and data from the service fenced as data.
import { ToolInputError, type ToolContext, type ToolResult } from './types';
import { toolProse, type TextKey } from './texts';

/** A successful result. */
export function done(text: string, structured: Readonly<Record<string, unknown>>): ToolResult {
  return { text, structured };
}

/** A refusal in the context's language: `code` names it for programs, the text tells the model what to change. */
export function refuse(
  context: ToolContext,
  code: string,
  key: TextKey,
  ...args: (string | number)[]
): never {
  throw new ToolInputError(code, toolProse(context.locale, key, ...args));
}

/**
 * `text` in a fenced block whose fence is longer than any backtick run inside it, so nothing the service
 * sends can close the block and be read as prose.
 */
export function fenced(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

/** One JSON line per row, fenced: rows stay data whatever their values say. */
export function rowsBlock(rows: readonly unknown[]): string {
  return fenced(rows.map((r) => JSON.stringify(r)).join('\n'), 'jsonl');
}

/** Rows from the service as a model reads them: said to be data, then fenced. */
export function serviceRows(context: ToolContext, rows: readonly unknown[]): string {
  return `${toolProse(context.locale, 'dataIntro')}\n${rowsBlock(rows)}`;
}

/** `2026-11-26T21:00:00.000Z` → `2026-11-26 21:00:00`. */
export function utcText(epochMs: number): string {
  const iso = new Date(epochMs).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}
