// The MXQL strings of an open JSON document, as the core finds them (server/core/embedded/jsonQueries.ts),
// scanned once per document version, and the query at a position with a clear reason when there is none.
import * as vscode from 'vscode';
import { findJsonQueries, jsonQueryAt, type JsonQuery, type JsonQueryScan } from '../../../server/core/index';
import { t } from '../l10n';

/** The largest JSON document scanned for queries (a dashboard of 200 widgets is well under 1 MB). */
export const MAX_JSON_CHARS = 10 * 1024 * 1024;

/** The languages a dashboard file may open in. */
const JSON_LANGUAGES: ReadonlySet<string> = new Set(['json', 'jsonc']);

/** True for a document that may hold dashboard queries. */
export function isJsonDocument(document: vscode.TextDocument): boolean {
  return JSON_LANGUAGES.has(document.languageId);
}

const SCANS_KEPT = 8;
const scans = new Map<string, { version: number; scan: JsonQueryScan }>();

/** The queries of `document`, or undefined when it is too large to scan. */
export function scanOf(document: vscode.TextDocument): JsonQueryScan | undefined {
  const key = document.uri.toString();
  const kept = scans.get(key);
  if (kept?.version === document.version) return kept.scan;
  const text = document.getText();
  if (text.length > MAX_JSON_CHARS) return undefined;
  const scan = findJsonQueries(text);
  scans.delete(key);
  scans.set(key, { version: document.version, scan });
  // Oldest first in insertion order: keep only the last few documents.
  for (const old of scans.keys()) {
    if (scans.size <= SCANS_KEPT) break;
    scans.delete(old);
  }
  return scan;
}

/**
 * The message for malformed JSON at or before `offset` (the scan stops at the first syntax error, so
 * no string after it is known); undefined when the JSON is well formed up to there.
 */
export function syntaxProblemOf(
  document: vscode.TextDocument,
  scan: JsonQueryScan,
  offset = Infinity,
): string | undefined {
  const syntax = scan.problems.find((p) => p.kind === 'syntax');
  if (!syntax || syntax.offset > offset) return undefined;
  const at = document.positionAt(syntax.offset);
  return t(
    'MXQL: the JSON of {0} is malformed at line {1}, column {2} ({3}); fix it first.',
    vscode.workspace.asRelativePath(document.uri),
    at.line + 1,
    at.character + 1,
    syntax.message,
  );
}

/** Why a document's queries are not read: it is larger than {@link MAX_JSON_CHARS}. */
export function tooLargeText(document: vscode.TextDocument): string {
  return t(
    'MXQL: {0} is larger than {1} MB; its queries are not read.',
    vscode.workspace.asRelativePath(document.uri),
    MAX_JSON_CHARS / (1024 * 1024),
  );
}

/** The query at `offset` of a JSON document, or the message that says why there is none. */
export function queryAtOffset(
  document: vscode.TextDocument,
  offset: number,
): { query: JsonQuery; scan: JsonQueryScan } | { problem: string } {
  const scan = scanOf(document);
  if (!scan) return { problem: tooLargeText(document) };
  const query = jsonQueryAt(scan, offset);
  if (query) return { query, scan };
  return {
    problem:
      syntaxProblemOf(document, scan, offset) ??
      t(
        'MXQL: the cursor is not in an MXQL string. Put it inside the value of a "mql" or "query" key (or a string under "inject").',
      ),
  };
}
