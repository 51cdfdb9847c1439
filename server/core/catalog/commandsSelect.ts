/**
 * Selection-stage commands: they choose the category, agents and time window before a loader runs.
 */
import { command, docOpt, DOCUMENTED, enumOf, form, OBSERVED, obsOpt } from './commandBuilders';
import { type CommandDef } from './commandTypes';
import { DURATION_VALUES, HEADER_TYPE_CODES } from './enumValues';

function agentFilter(name: string, what: string, first: string, second: string): CommandDef {
  return command({
    name,
    stage: 'select',
    operands: [
      form('number', `${name} ${first}`),
      form('list', `${name} [${first}, ${second}]`),
      form('param', `${name} $${name.toLowerCase()}`),
    ],
    columnEffect: 'keep',
    confidence: DOCUMENTED,
    description: `Load only rows of the given ${what}; one id or a list. Without a value (or with an unbound $param) it does nothing.`,
  });
}

/** CATEGORY, OID, OKIND, ONODE, OIDSET, HEADER, TIME-RANGE, TIME-PAST, LogTag. */
export const SELECT_COMMANDS: readonly CommandDef[] = [
  command({
    name: 'CATEGORY',
    stage: 'select',
    operands: [
      form('category', 'CATEGORY app_counter'),
      form('string', 'CATEGORY "server_base"'),
      form('categoryMap', 'CATEGORY {"app_counter":6h, "app_counter{m5}":3d, "app_counter{h1}":unlimit}'),
      form('param', 'CATEGORY $category'),
    ],
    columnEffect: 'keep',
    confidence: DOCUMENTED,
    description:
      'Names the metric table the pipeline reads; required once per pipeline. The map form picks a roll-up by how long the time window is.',
  }),
  agentFilter('OID', 'agents (object ids)', '1234567890', '1234567891'),
  agentFilter('OKIND', 'agent groups (okind ids)', '1001', '1002'),
  agentFilter('ONODE', 'nodes (onode ids)', '2001', '2002'),
  command({
    name: 'OIDSET',
    stage: 'select',
    operands: [form('object', 'OIDSET {oid:$oid, okind:$okind, onode:$onode}'), form('param', 'OIDSET $oid')],
    options: [
      obsOpt('oid', 'any', 'Agent id (or $param) to load.'),
      obsOpt('okind', 'any', 'Agent-group id (or $param) to load.'),
      obsOpt('onode', 'any', 'Node id (or $param) to load.'),
      obsOpt('microOid', 'any', 'Container (micro-agent) id to load, for container categories.'),
    ],
    columnEffect: 'keep',
    deprecated: {
      replacedBy: ['OID', 'OKIND', 'ONODE'],
      reason: 'The vendor retired OIDSET; one OID, OKIND or ONODE line does the same job.',
    },
    confidence: DOCUMENTED,
    description: 'Older way to restrict the load to agents, agent groups or nodes in one object.',
  }),
  command({
    name: 'HEADER',
    stage: 'select',
    operands: [form('object', "HEADER {tps$:'F', resp_time$:'ms', category: app_counter}")],
    options: [
      docOpt('category', 'string', 'Category the dashboard widget should associate with the result.'),
    ],
    freeOptionKeys: {
      keyMeaning: 'a result column followed by `$`, telling a dashboard widget how to display it',
      valueKind: 'enum',
      values: enumOf(HEADER_TYPE_CODES),
    },
    columnEffect: 'keep',
    confidence: DOCUMENTED,
    description: 'Display hints for dashboard widgets; does not change the data.',
  }),
  command({
    name: 'TIME-RANGE',
    stage: 'select',
    operands: [form('object', 'TIME-RANGE {duration:30m, etime:$etime}')],
    options: [
      docOpt('recent', 'duration', 'Window ending now, this long.', { values: enumOf(DURATION_VALUES) }),
      docOpt('duration', 'duration', 'Window length, counted from `stime` or back from `etime`.', {
        values: enumOf(DURATION_VALUES),
      }),
      docOpt('etime', 'number', 'End of the window (epoch ms, usually $etime).'),
      docOpt('stime', 'number', 'Start of the window (epoch ms, usually $stime).'),
      obsOpt('sdate', 'string', "First day of the window, as 'yyyy/MM/dd'."),
      obsOpt('edate', 'string', "Last day of the window, as 'yyyy/MM/dd'."),
      obsOpt('timezone', 'timezone', 'Time zone for `sdate`/`edate`.'),
    ],
    columnEffect: 'keep',
    confidence: DOCUMENTED,
    description: "Overrides the query's time window (the caller's stime/etime).",
  }),
  command({
    name: 'TIME-PAST',
    stage: 'select',
    operands: [form('object', 'TIME-PAST {delta:1d}')],
    options: [
      obsOpt('delta', 'duration', 'How far back to move the window.', {
        required: true,
        values: ['1d', '7d', '28d'],
      }),
    ],
    columnEffect: 'keep',
    confidence: OBSERVED,
    description: 'Moves the whole time window into the past, to compare with yesterday or last week.',
  }),
  command({
    name: 'LogTag',
    stage: 'select',
    operands: [form('object', 'LogTag {key: $filter_keys, value: $filter_values}')],
    options: [
      obsOpt('key', 'any', 'Log tag name(s) to match.'),
      obsOpt('value', 'any', 'Tag value(s) a log line must have.'),
      obsOpt('exclude', 'any', 'Tag value(s) that rule a log line out.'),
    ],
    columnEffect: 'keep',
    confidence: OBSERVED,
    description: 'Narrows a log category to lines with given tag values before a log loader runs.',
  }),
];
