// Placeholder until the param-kind inference lands: every $param is free text and required.
import { isRangeParam } from '../features/rangeParams';
import type { QueryAt, QuerySource } from '../features/queries';

export type ParamKind = 'agent' | 'column' | 'rowCount' | 'category' | 'duration' | 'timeUnit' | 'text';
export interface ParamNeed {
  readonly name: string;
  readonly kind: ParamKind;
  readonly optional: boolean;
  readonly choices: readonly string[];
  readonly defaultValue?: string;
  readonly agentField?: string;
}
export function paramNeeds(_source: QuerySource, query: QueryAt): ParamNeed[] {
  return query.params
    .filter((name) => !isRangeParam(name))
    .map((name) => ({ name, kind: 'text', optional: false, choices: [] }));
}
