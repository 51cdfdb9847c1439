/**
 * Commands that combine pipelines (JOIN, APPEND …) and the structural lines (SUB, END, INJECT, OPENMX).
 */
import { command, docOpt, DOCUMENTED, enumOf, form, OBSERVED, obsOpt } from './commandBuilders';
import { type CommandDef } from './commandTypes';
import { JOIN_TYPES } from './enumValues';

const queryOption = (required: boolean) =>
  docOpt('query', 'query', "SUB name, or a predefined path in quotes ('/app/…').", { required });

/** JOIN, JOINByTime, APPEND, FILTER-SUBQUERY, kv.insert. */
export const COMBINE_COMMANDS: readonly CommandDef[] = [
  command({
    name: 'JOIN',
    stage: 'process',
    operands: [form('object', "JOIN {query: '/app/act_tx/act_tx_oid', pk: oid, field: [act0, act3]}")],
    options: [
      queryOption(true),
      docOpt('pk', 'fieldList', 'Key columns matched between the two results.', {
        required: true,
        aliases: ['primaryKey'],
        column: 'reads',
      }),
      docOpt('field', 'fieldList', 'Columns taken from the other result; all when absent.', {
        column: 'imports',
      }),
      obsOpt('type', 'enum', 'Join kind.', { values: enumOf(JOIN_TYPES) }),
      obsOpt('last', 'fieldList', 'Columns of the other result whose latest value is taken.', {
        column: 'imports',
      }),
      obsOpt('rows', 'number', 'Upper bound on rows read from the other query.'),
    ],
    columnEffect: 'merge',
    confidence: DOCUMENTED,
    description: 'Adds columns from another query (a SUB or a path) to rows with the same key.',
  }),
  command({
    name: 'JOINByTime',
    stage: 'process',
    operands: [form('object', 'JOINByTime {query: quantiles, pk: [tx_hash]}')],
    options: [
      { ...queryOption(true), confidence: 'observed' },
      obsOpt('pk', 'fieldList', 'Key columns matched besides time.', { column: 'reads' }),
    ],
    columnEffect: 'merge',
    confidence: OBSERVED,
    description: 'Like JOIN, but rows also have to share the same time.',
  }),
  command({
    name: 'APPEND',
    stage: 'process',
    operands: [
      form('subName', 'APPEND yesterday'),
      form('object', "APPEND {query: '/sys/agent_inact', field: [oid]}"),
    ],
    options: [
      { ...queryOption(true), confidence: 'observed' },
      obsOpt('field', 'fieldList', 'Columns kept from the appended rows.', { column: 'imports' }),
    ],
    columnEffect: 'merge',
    confidence: OBSERVED,
    description: "Adds another query's rows after this pipeline's rows.",
  }),
  command({
    name: 'FILTER-SUBQUERY',
    stage: 'process',
    operands: [form('object', 'FILTER-SUBQUERY {key: oid, query: top5}')],
    options: [
      obsOpt('key', 'field', 'Column whose value is looked up in the other result.', {
        required: true,
        column: 'reads',
      }),
      obsOpt('query', 'query', 'Only rows with a key value found in this SUB or path survive.'),
      obsOpt('include', 'query', 'Same as `query`.'),
      obsOpt('exclude', 'query', 'Rows with a key value found in this SUB or path are dropped.'),
    ],
    columnEffect: 'keep',
    confidence: OBSERVED,
    description: 'Keeps (or drops) rows whose key value occurs in another query.',
  }),
  command({
    name: 'kv.insert',
    stage: 'process',
    operands: [form('object', 'kv.insert {table: my_table, pk.key: [t]}')],
    options: [
      obsOpt('table', 'string', 'Key-value table to write.', { required: true }),
      obsOpt('pk.key', 'fieldList', 'Columns forming the row key.', { column: 'reads' }),
    ],
    columnEffect: 'keep',
    serviceBundled: true,
    confidence: OBSERVED,
    description: 'Stores the current rows into a key-value table.',
  }),
];

/** SUB, END, INJECT, OPENMX. */
export const STRUCTURE_COMMANDS: readonly CommandDef[] = [
  command({
    name: 'SUB',
    stage: 'structure',
    operands: [form('subName', 'SUB top5')],
    columnEffect: 'keep',
    confidence: OBSERVED,
    description: 'Starts a named sub-query (ended by END) that JOIN, APPEND and friends can refer to.',
  }),
  command({
    name: 'END',
    stage: 'structure',
    operands: [form('none', 'END')],
    columnEffect: 'keep',
    confidence: OBSERVED,
    description: 'Closes the SUB block opened last.',
  }),
  command({
    name: 'INJECT',
    stage: 'structure',
    operands: [form('injectName', 'INJECT default'), form('none', 'INJECT')],
    columnEffect: 'opaque',
    confidence: DOCUMENTED,
    description:
      'Placeholder replaced by MXQL lines the caller sends under this name; nothing happens when none are sent.',
  }),
  command({
    name: 'OPENMX',
    stage: 'structure',
    operands: [form('promql', 'OPENMX rate(http_requests_total[5m])'), form('promql', 'OPENMX ls node_')],
    columnEffect: 'opaque',
    confidence: OBSERVED,
    description: 'The whole query is PromQL (or `ls`/`status` to browse OpenMetrics names).',
  }),
];
