/**
 * A query becomes an alert rule: the draft (draft.ts), the threshold as typed (threshold.ts), the replay
 * over history (backtest.ts) and the proposed rule-file edit (ruleFile.ts, unifiedDiff.ts). Pure; every
 * door (the CLI verb, the assistant tool, the editor command) drafts and replays through these.
 */
export {
  COMPARATORS,
  backtest,
  breaches,
  medianStep,
  type AgentBacktest,
  type Backtest,
  type BacktestCondition,
  type BacktestOptions,
  type BacktestPoint,
  type Comparator,
  type Firing,
} from './backtest';
export {
  DRAFT_DEFAULTS,
  EVENT_LEVELS,
  alertPoints,
  backtestDraft,
  draftAlertRule,
  numericFieldsOf,
  percentileOf,
  queryCategory,
  readableThreshold,
  type AlertDraft,
  type AlertProblem,
  type AlertProblemCode,
  type AlertRuleObject,
  type DraftInput,
  type DraftOptions,
  type DraftResult,
  type EventLevel,
  type ThresholdBasis,
} from './draft';
export { proposeRuleFileEdit, type RuleFileEdit } from './ruleFile';
export { parseThreshold, unitSuffix, type ThresholdInput } from './threshold';
export { unifiedDiff } from './unifiedDiff';
export { ALERT_ROW_LIMIT, DEFAULT_BACKTEST_MS, planAlertWindow } from './window';
export { ruleComparisons, ruleThresholdsFor } from './ruleThresholds';
