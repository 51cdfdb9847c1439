/**
 * What every check receives: the parsed document, the directives, the catalog, the column flow and a
 * sink for diagnostics. Checks are plain functions of this context, so adding one is one entry in
 * validate.ts.
 */
import { type MxqlDocument, type Range } from '../../syntax/index';
import { type ColumnFlow } from '../columns';
import { type FeatureCatalog } from './catalogAccess';
import { type ValidationDiagnostic } from './diagnostic';

/** A `-- @param $x = value` directive. */
export interface ParamDirective {
  readonly name: string;
  /** The whole directive line (without its line break). */
  readonly range: Range;
}

/** A `-- @inject name = fragment` directive; repeated names append lines to the fragment. */
export interface InjectDirective {
  readonly name: string;
  readonly value: string;
  /** Where `value` sits in the document, so fragment problems map back exactly. */
  readonly valueRange: Range;
  readonly range: Range;
}

/** The directive facts the checks need, independent of how directives.ts shapes them. */
export interface DirectiveFacts {
  readonly params: readonly ParamDirective[];
  readonly injects: readonly InjectDirective[];
  /** `@range` as milliseconds, or `@stime`..`@etime`, with the range to report at. */
  readonly spans: readonly { readonly ms: number; readonly range: Range }[];
  /** Offset of the line after the last directive (or of the first line) where a new directive fits. */
  readonly insertAt: number;
}

/** Shared input of all checks. */
export interface CheckContext {
  readonly text: string;
  readonly doc: MxqlDocument;
  readonly catalog: FeatureCatalog;
  readonly flow: ColumnFlow;
  readonly directives: DirectiveFacts;
  /** Fragment names supplied by the run (its `inject` map) in addition to the directives. */
  readonly runInjects: ReadonlySet<string>;
  /** `$param` names (with `$`) bound by the run in addition to the directives. */
  readonly runParams: ReadonlySet<string>;
  report(diagnostic: ValidationDiagnostic): void;
}

/** One check: reads the context and reports diagnostics. */
export type Check = (ctx: CheckContext) => void;
