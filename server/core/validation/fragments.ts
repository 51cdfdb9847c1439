/**
 * INJECT fragments are MXQL text: they are parsed like a query (to check them and to let their
 * commands take part in column flow where the INJECT stands).
 */
import { parse, type MxqlDiagnostic, type Statement } from '../syntax/index';
import { type FeatureCatalog } from '../catalog/featureCatalog';
import { type InjectDirective } from '../syntax/directiveFacts';
import { commandDiagnostics } from './commandChecks';

/** Syntax problems and unknown commands/options of a fragment, with offsets relative to its text. */
export function fragmentDiagnostics(text: string, catalog: FeatureCatalog): MxqlDiagnostic[] {
  const { ast, diagnostics } = parse(text);
  return [...diagnostics, ...commandDiagnostics(ast.main, catalog, text)];
}

/** The parsed statements of every fragment, by name; repeated directives append lines in order. */
export function parseFragments(injects: readonly InjectDirective[]): Map<string, readonly Statement[]> {
  const texts = new Map<string, string[]>();
  for (const d of injects) texts.set(d.name, [...(texts.get(d.name) ?? []), d.value]);
  const out = new Map<string, readonly Statement[]>();
  for (const [name, lines] of texts) out.set(name, parse(lines.join('\n')).ast.main);
  return out;
}
