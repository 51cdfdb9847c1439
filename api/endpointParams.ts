// Parameter definitions shared by several rows of the endpoint table.
import type { ParamSpec } from './endpointSpec';

export const stime = (where: ParamSpec['in'] = 'path'): ParamSpec => ({
  name: 'stime',
  in: where,
  type: 'time',
  required: true,
  title: 'Start time (epoch ms, UTC)',
});
export const etime = (where: ParamSpec['in'] = 'path'): ParamSpec => ({
  name: 'etime',
  in: where,
  type: 'time',
  required: true,
  title: 'End time (epoch ms, UTC)',
});
export const filter: ParamSpec = {
  name: 'filter',
  in: 'query',
  type: 'string',
  required: false,
  values: ['m5', 's5', 'h1'],
  default: 'm5',
  title: 'Statistics resolution: m5 (5 minutes), s5 (5 seconds), h1 (1 hour)',
};
export const oneOid: ParamSpec = {
  name: 'oid',
  in: 'query',
  type: 'integer',
  required: false,
  title: 'Restrict to one agent (oid)',
};
const filterKey: ParamSpec = {
  name: 'filterkey',
  in: 'query',
  type: 'string',
  required: false,
  values: ['caller_pcode', 'caller_spec', 'caller_url', 'spec', 'url'],
  title: 'Call statistics condition key',
};
const filterVal: ParamSpec = {
  name: 'filterval',
  in: 'query',
  type: 'string',
  required: false,
  title: 'Call statistics condition value (sent base64-encoded for caller_url and url)',
};
/** The range parameter guide of the statistics family: resolution, one agent, call-statistics filter. */
export const statisticsQuery = [filter, oneOid, filterKey, filterVal];
export const timeMerge: ParamSpec = {
  name: 'timeMerge',
  in: 'query',
  type: 'string',
  required: true,
  suggestions: ['avg', 'sum', 'max'],
  default: 'avg',
  title: 'Merge strategy over the period (avg, sum, max)',
};
export const metric: ParamSpec = {
  name: 'metric',
  in: 'path',
  type: 'string',
  required: true,
  suggestions: ['thread_count'],
  title: 'Metric name, e.g. thread_count',
};
export const oidsPath: ParamSpec = {
  name: 'oids',
  in: 'path',
  type: 'oids',
  required: true,
  title: 'Agent ids (comma-separated)',
};
export const groupKey: ParamSpec = {
  name: 'groupKey',
  in: 'path',
  type: 'string',
  required: true,
  title: 'Group key',
};
/** The MXQL body; `pageKey` is always 'mxql'. The path variant sends `param` as an empty object. */
export const mxqlBody = (mqlTitle: string, withParams: boolean): ParamSpec[] => [
  stime('body'),
  etime('body'),
  { name: 'mql', in: 'body', type: 'string', required: true, title: mqlTitle },
  {
    name: 'limit',
    in: 'body',
    type: 'integer',
    required: true,
    min: 1,
    default: 1000,
    title: 'Maximum rows',
  },
  { name: 'inject', in: 'body', type: 'fragments', required: false, title: 'Named INJECT fragments' },
  ...(withParams
    ? [{ name: 'param', in: 'body', type: 'fragments', required: false, title: '$param values' } as const]
    : []),
];
