/**
 * The JSON text's own problems as diagnostics of the table (`json/syntax`, `json/not-a-string`), placed
 * on the character or literal value they are at, for hosts that show them beside the MXQL findings.
 */
import { diagnostic } from '../diagnostics/table';
import type { ValidationDiagnostic } from '../diagnostics/types';
import type { JsonProblem } from './jsonQueries';

/** A literal value where a not-a-string problem points (an object or array gets its first character). */
const LITERAL_AT = /true|false|null|-?[\d.eE+-]+/y;

/** `problem` of the JSON text `json` as a diagnostic in JSON-text offsets. */
export function jsonProblemDiagnostic(json: string, problem: JsonProblem): ValidationDiagnostic {
  LITERAL_AT.lastIndex = problem.offset;
  const length = problem.kind === 'not-a-string' ? (LITERAL_AT.exec(json)?.[0].length ?? 1) : 1;
  const range = { start: problem.offset, end: Math.min(problem.offset + length, json.length) };
  return problem.kind === 'syntax'
    ? diagnostic('json/syntax', range, { detail: problem.message })
    : diagnostic('json/not-a-string', range, { detail: problem.message });
}
