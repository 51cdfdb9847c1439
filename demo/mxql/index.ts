// The demo backend's MXQL engine: runs MXQL text and the predefined paths over the synthetic data set,
// on the language core's parser. See engine.ts for the request flow and pipeline.ts for the commands.
export { createMxqlEngine, runMxqlRequest, type MxqlEngineOptions } from './engine';
export { compileFormula, type Formula, type FormulaScope } from './formula';
export { FORMULA_FUNCTIONS } from './functions';
export { CATEGORIES } from './categories';
export { PREDEFINED_PATHS, predefinedQuery } from './paths';
export { SUPPORTED_COMMANDS } from './pipeline';
export { MetricValue, type Row } from './rows';
