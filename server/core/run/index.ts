/** What a run sends: the planner, the time range rules and what each `$param` is. */
export * from './plan';
export * from '../features/paramKinds';
export * from './timeRange';
export * from './runText';
export * from '../features/valueLookup';
