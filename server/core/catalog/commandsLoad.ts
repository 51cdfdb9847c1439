/**
 * Loading commands: they read rows from the store (a category, a log, a key-value table or PromQL).
 */
import { command, docOpt, DOCUMENTED, enumOf, form, OBSERVED, obsOpt } from './commandBuilders';
import { type CommandDef, type OptionDef } from './commandTypes';
import { BOOLEAN_VALUES } from './enumValues';

const BOOLEANS = enumOf(BOOLEAN_VALUES);

/** The filter's values are compared with the column its `key` names. */
const byKey = { comparedWith: 'key' } as const;

/** Keys of one TAGLOAD load filter object, alone or inside a `filter: [ … ]` list. */
export const LOAD_FILTER_KEYS: readonly OptionDef[] = [
  docOpt('key', 'field', 'Column the filter tests.', { required: true, column: 'reads' }),
  docOpt('value', 'any', 'Keep rows where the column equals this.', byKey),
  docOpt('exclude', 'any', 'Drop rows where the column equals this.', byKey),
  docOpt('like', 'string', 'Keep rows whose value contains this text (quote numbers).', byKey),
  docOpt('notlike', 'string', 'Drop rows whose value contains this text (quote numbers).', byKey),
];

const backward = docOpt('backward', 'boolean', 'Read newest rows first.', { values: BOOLEANS });

/** TAGLOAD, FLEXLOAD, LogCountLoad, LogSink, KV.LOAD, KV.SNAPSHOT, kv.select and the `>>` PromQL line. */
export const LOAD_COMMANDS: readonly CommandDef[] = [
  command({
    name: 'TAGLOAD',
    stage: 'load',
    operands: [
      form('none', 'TAGLOAD'),
      form('object', 'TAGLOAD {backward: true}'),
      form('object', "TAGLOAD {filter: [{key: host_ip, exclude: '10.0.0.9'}, {key: oname, like: 'api'}]}"),
    ],
    options: [
      backward,
      docOpt(
        'filter',
        'filterSpec',
        'Load-time row filter: one {key, value|exclude|like|notlike} or a list.',
        {
          nested: LOAD_FILTER_KEYS,
        },
      ),
    ],
    columnEffect: 'load',
    needsCategory: true,
    confidence: DOCUMENTED,
    description: 'Reads the rows of a tag-and-field category chosen by CATEGORY.',
  }),
  command({
    name: 'FLEXLOAD',
    stage: 'load',
    operands: [form('none', 'FLEXLOAD'), form('object', 'FLEXLOAD {backward: true}')],
    options: [backward, obsOpt('rows', 'number', 'Upper bound on the rows read.')],
    columnEffect: 'load',
    needsCategory: true,
    confidence: DOCUMENTED,
    description: 'Reads the rows of a field-only category (agent_list, event_cache, stat_* …).',
  }),
  command({
    name: 'LogCountLoad',
    stage: 'load',
    operands: [form('none', 'LogCountLoad'), form('object', 'LogCountLoad {stat: "*"}')],
    options: [
      obsOpt('stat', 'string', 'Which log statistic to read; "*" for all.'),
      obsOpt('group', 'any', 'Log tag keys to count by.'),
      obsOpt('aggr', 'any', 'Log tag keys to aggregate.'),
    ],
    columnEffect: 'load',
    addsColumns: ['category', 'rps.max', 'rps.maxtime', 'rps.last', 'rows', 'count'],
    needsCategory: true,
    confidence: OBSERVED,
    description: 'Reads per-interval log line counts and rates of a log category.',
  }),
  command({
    name: 'LogSink',
    stage: 'load',
    operands: [form('object', 'LogSink {backward: true}')],
    options: [{ ...backward, confidence: 'observed' }],
    columnEffect: 'load',
    needsCategory: true,
    confidence: OBSERVED,
    description: 'Reads raw records of a log-sink category.',
  }),
  command({
    name: 'KV.LOAD',
    aliases: ['kv.load'],
    stage: 'load',
    operands: [
      form('word', 'KV.LOAD server_inventory'),
      form('object', 'kv.load {table: my_table, ifexist: true}'),
    ],
    options: [
      obsOpt('table', 'string', 'Key-value table to read.', { required: true }),
      obsOpt('ifexist', 'boolean', 'Return nothing instead of failing when the table is missing.', {
        values: BOOLEANS,
      }),
    ],
    columnEffect: 'opaque',
    serviceBundled: true,
    confidence: OBSERVED,
    description: 'Reads every row of a key-value (inventory) table instead of a category.',
  }),
  command({
    name: 'KV.SNAPSHOT',
    stage: 'load',
    operands: [form('object', "KV.SNAPSHOT {table: server_inventory, target: '20260101'}")],
    options: [
      obsOpt('table', 'string', 'Key-value table to read.', { required: true }),
      obsOpt('target', 'any', 'Which saved snapshot of the table to read.'),
    ],
    columnEffect: 'opaque',
    serviceBundled: true,
    confidence: OBSERVED,
    description: 'Reads a dated snapshot of a key-value table.',
  }),
  command({
    name: 'kv.select',
    stage: 'load',
    operands: [form('object', 'kv.select {table: report_menu, pk.val: 0}')],
    options: [
      obsOpt('table', 'string', 'Key-value table to read.', { required: true }),
      obsOpt('pk.val', 'any', 'Primary-key value of the row to read.'),
    ],
    columnEffect: 'opaque',
    serviceBundled: true,
    confidence: OBSERVED,
    description: 'Reads the rows of a key-value table that have a given key.',
  }),
  command({
    name: '>>',
    stage: 'load',
    operands: [form('promql', '>> avg by (instance) (node_load1)')],
    columnEffect: 'opaque',
    serviceBundled: true,
    confidence: OBSERVED,
    description: 'The rest of the line is a PromQL query; its rows (time, value, labels) feed the pipeline.',
  }),
];
