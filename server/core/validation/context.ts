/**
 * What every check receives: the parsed document, the directives, the catalog, the column flow and a
 * sink for diagnostics. Checks are plain functions of this context, so adding one is one entry in
 * validate.ts.
 */
import { type MxqlDocument } from '../syntax/index';
import { type ColumnFlow } from '../columns/flow';
import { type FeatureCatalog } from '../catalog/featureCatalog';
import { type ValidationDiagnostic } from '../diagnostics/types';
import { type DirectiveFacts } from '../syntax/directiveFacts';

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
