/**
 * Conventional names the language meets outside the command table: `$params` the service or the
 * dashboards fill in, and INJECT placeholder names.
 */
import { type SourceConfidence } from './commandTypes';

/** A `$param` with a conventional meaning. */
export interface WellKnownParam {
  /** Written with its `$`, as in query text and in the API's `param` map. */
  readonly name: string;
  readonly description: string;
  /** An example value as the API expects it (always a string there). */
  readonly example: string;
  readonly confidence: SourceConfidence;
}

function param(
  name: string,
  description: string,
  example: string,
  confidence: SourceConfidence = 'observed',
) {
  return { name, description, example, confidence };
}

/** `$params` that recur across production queries, with what callers put in them. */
export const WELL_KNOWN_PARAMS: readonly WellKnownParam[] = [
  param('$oid', 'Agent id (or list of ids) to restrict the load to.', '1234567890'),
  param('$okind', 'Agent-group (okind) id to restrict the load to.', '1001'),
  param('$onode', 'Node (onode) id to restrict the load to.', '2001'),
  param('$okindName', 'Agent-group name to filter on.', 'web-tier'),
  param('$onodeName', 'Node name to filter on.', 'node-a'),
  param('$stime', 'Start of the query window, epoch milliseconds.', '1767225600000'),
  param('$etime', 'End of the query window, epoch milliseconds.', '1767229200000'),
  param('$duration', 'Window length, as a duration such as 1h.', '1h'),
  param('$pcode', 'Project code the query runs in.', '12345'),
  param('$limit', 'Most rows to return.', '100', 'documented'),
  param('$category', 'Category to read, chosen by the caller.', 'app_counter'),
  param('$field', 'A column name chosen by the caller.', 'tps'),
  param('$pk', 'Key column(s) chosen by the caller.', 'oid'),
  param('$pk_name', 'Key column name chosen by the caller.', 'oid'),
  param('$group_keys', 'Columns to group by, chosen by the caller.', 'oname'),
  param('$aggr_keys', 'Columns to aggregate, chosen by the caller.', 'count'),
  param('$type', 'A kind or label chosen by the caller.', 'today'),
  param('$group_time_unit', 'GROUP bucket width chosen by the caller.', '5m'),
  param('$groupby', 'Grouping column chosen by the caller.', 'oname'),
  param('$orderby', 'Sort column chosen by the caller.', 'tps'),
  param('$TIME_MERGE_PLACE', 'Reduction over time picked in a dashboard (sum, avg …).', 'avg'),
  param('$OBJECT_MERGE_PLACE', 'Reduction across agents picked in a dashboard (sum, avg …).', 'sum'),
];

/** A conventional INJECT placeholder name. */
export interface InjectName {
  readonly name: string;
  readonly description: string;
  /** A fragment a caller might send under this name. */
  readonly example: string;
}

/** INJECT names the service and dashboards use by convention. */
export const INJECT_NAMES: readonly InjectName[] = [
  {
    name: 'default',
    description:
      'The general extension point, usually at the end of a pipeline; a bare INJECT likely means this.',
    example: 'ORDER {key: [tps], sort: [desc]}',
  },
  {
    name: 'timepast',
    description: 'Placed before CATEGORY so a caller can shift the window to compare with the past.',
    example: 'TIME-PAST {delta: 1d}',
  },
];

/** Finds a well-known `$param` by name (with or without its `$`). */
export function findWellKnownParam(name: string): WellKnownParam | undefined {
  const wanted = name.startsWith('$') ? name : `$${name}`;
  return WELL_KNOWN_PARAMS.find((p) => p.name === wanted);
}
