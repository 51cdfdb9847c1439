/**
 * What a `$param` stands for, as read from where the query uses it (`analysis/paramKinds.ts` reads it;
 * the core's labels word each kind).
 */
export type ParamKind =
  'agent' | 'column' | 'rowCount' | 'category' | 'duration' | 'timeUnit' | 'tagValue' | 'text';
