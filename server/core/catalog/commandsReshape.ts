/**
 * Processing commands that reshape rows or resolve values through server-side dictionaries.
 */
import { command, enumOf, form, OBSERVED, obsOpt } from './commandBuilders';
import { type CommandDef } from './commandTypes';
import { FORMAT_TYPES, HVTEXT_TYPES, MERGE_FUNCTIONS } from './enumValues';

/** UNFOLD, FOLD, PIVOT-HEAD, PIVOT-FIELD, DELTA, HVTEXT, FORMAT, IP2LOC, OS-BROWSER, SQLTABLE, PART-BY, PLUGIN. */
export const RESHAPE_COMMANDS: readonly CommandDef[] = [
  command({
    name: 'UNFOLD',
    stage: 'process',
    operands: [
      form('list', 'UNFOLD [name, value]'),
      form('none', 'UNFOLD'),
      form('object', 'UNFOLD {sid, serial}'),
    ],
    columnEffect: 'keep',
    operandColumns: 'reads',
    confidence: OBSERVED,
    description: 'Spreads list-valued (packed) columns out into one row per element.',
  }),
  command({
    name: 'FOLD',
    stage: 'process',
    operands: [form('list', 'FOLD [oid, oname, tps]'), form('object', 'FOLD {pk: t, key: [id, value]}')],
    options: [
      obsOpt('pk', 'fieldList', 'Columns whose equal values form one packed row.', { column: 'reads' }),
      obsOpt('key', 'fieldList', 'Columns packed into lists.', { column: 'reads' }),
    ],
    columnEffect: 'keep',
    operandColumns: 'reads',
    confidence: OBSERVED,
    description: 'The reverse of UNFOLD: packs the values of many rows into list-valued columns.',
  }),
  command({
    name: 'PIVOT-HEAD',
    stage: 'process',
    operands: [
      form('none', 'PIVOT-HEAD'),
      form('object', "PIVOT-HEAD {key: ['oid', 'oname'], except: ['pcode']}"),
    ],
    options: [
      obsOpt('key', 'fieldList', 'Columns kept as they are on every output row.', { column: 'reads' }),
      obsOpt('except', 'fieldList', 'Columns left out of the pivot.', { column: 'reads' }),
    ],
    columnEffect: 'opaque',
    addsColumns: ['pivot_field', 'pivot_value'],
    confidence: OBSERVED,
    description: 'Turns columns into rows: each other column becomes a (pivot_field, pivot_value) row.',
  }),
  command({
    name: 'PIVOT-FIELD',
    stage: 'process',
    operands: [form('object', 'PIVOT-FIELD {key: [oname, time], pivot_field: name, pivot_value: value}')],
    options: [
      obsOpt('key', 'fieldList', 'Columns identifying one output row.', { column: 'reads' }),
      obsOpt('pivot_field', 'field', 'Column whose values become column names.', {
        required: true,
        column: 'reads',
      }),
      obsOpt('pivot_value', 'field', 'Column whose values fill those new columns.', {
        required: true,
        column: 'reads',
      }),
    ],
    columnEffect: 'opaque',
    confidence: OBSERVED,
    description: 'Turns rows into columns: the values of one column become new column names.',
  }),
  command({
    name: 'DELTA',
    stage: 'process',
    operands: [form('object', 'DELTA {pk: [instance], key: per_min, target: counter}')],
    options: [
      obsOpt('pk', 'fieldList', 'Columns identifying one series.', { column: 'reads' }),
      obsOpt('key', 'newField', 'Column that receives the difference.', {
        required: true,
        column: 'defines',
      }),
      obsOpt('target', 'field', 'Ever-growing counter column to difference.', {
        required: true,
        column: 'reads',
      }),
    ],
    columnEffect: 'add',
    confidence: OBSERVED,
    description: 'Writes the change of a counter since the previous row of the same series.',
  }),
  command({
    name: 'HVTEXT',
    aliases: ['HvText'],
    stage: 'process',
    operands: [form('object', 'HVTEXT {hash: sql_hash, key: sql_text, type: sql, checktime: 2h}')],
    options: [
      obsOpt('hash', 'field', 'Column holding the hash.', { required: true, column: 'reads' }),
      obsOpt('key', 'newField', 'Column that receives the text.', { required: true, column: 'defines' }),
      obsOpt('type', 'enum', 'Which text dictionary to use.', {
        required: true,
        values: enumOf(HVTEXT_TYPES),
      }),
      obsOpt('timefield', 'field', 'Column with the time the hash was recorded.', { column: 'reads' }),
      obsOpt('checktime', 'duration', 'How far around that time to look for the text.'),
    ],
    columnEffect: 'add',
    confidence: OBSERVED,
    description: 'Replaces a hash with its text (SQL, service name, error …) from the text dictionary.',
  }),
  command({
    name: 'FORMAT',
    stage: 'process',
    operands: [form('object', 'FORMAT {key: ip, type: ip}')],
    options: [
      obsOpt('key', 'field', 'Column to format in place.', { required: true, column: 'reads' }),
      obsOpt('type', 'enum', 'Target format.', { required: true, values: enumOf(FORMAT_TYPES) }),
    ],
    columnEffect: 'keep',
    serviceBundled: true,
    confidence: OBSERVED,
    description: 'Rewrites a column in a display format, e.g. a numeric IP as dotted text.',
  }),
  command({
    name: 'IP2LOC',
    stage: 'process',
    operands: [form('field', 'IP2LOC ip')],
    columnEffect: 'opaque',
    operandColumns: 'reads',
    serviceBundled: true,
    confidence: OBSERVED,
    description: 'Adds geographic location columns looked up from an IP column.',
  }),
  command({
    name: 'OS-BROWSER',
    stage: 'process',
    operands: [form('object', 'OS-BROWSER {hashKey: ua_hash, textKey: useragent}')],
    options: [
      obsOpt('hashKey', 'field', 'Column holding the user-agent hash.', { required: true, column: 'reads' }),
      obsOpt('textKey', 'newField', 'Column that receives the user-agent text.', { column: 'defines' }),
    ],
    columnEffect: 'opaque',
    serviceBundled: true,
    confidence: OBSERVED,
    description: 'Resolves a user agent and derives operating-system and browser columns from it.',
  }),
  command({
    name: 'SQLTABLE',
    stage: 'process',
    operands: [form('object', 'SQLTABLE {sql: sql, key: tables, compact: true}')],
    options: [
      obsOpt('sql', 'field', 'Column holding SQL text.', { required: true, column: 'reads' }),
      obsOpt('key', 'newField', 'Column that receives the tables and operations found.', {
        column: 'defines',
      }),
      obsOpt('compact', 'boolean', 'Shorter output.', { values: ['true', 'false'] }),
    ],
    columnEffect: 'add',
    serviceBundled: true,
    confidence: OBSERVED,
    description: 'Parses SQL text and lists the tables it touches with the kind of access.',
  }),
  command({
    name: 'PART-BY',
    stage: 'process',
    operands: [form('object', 'PART-BY {task: [{key: total, from: wait_time, func: sum}]}')],
    options: [
      obsOpt('task', 'object', 'List of {key, from, func} computations.', {
        required: true,
        nested: [
          obsOpt('key', 'newField', 'Column that receives the result.', { column: 'defines' }),
          obsOpt('from', 'field', 'Column the function reads.', { column: 'reads' }),
          obsOpt('func', 'mergeFunction', 'How to combine the values.', { values: enumOf(MERGE_FUNCTIONS) }),
        ],
      }),
    ],
    columnEffect: 'add',
    serviceBundled: true,
    confidence: OBSERVED,
    description: 'Computes per-partition aggregates into new columns.',
  }),
  command({
    name: 'PLUGIN',
    stage: 'process',
    operands: [form('none', 'PLUGIN')],
    columnEffect: 'opaque',
    serviceBundled: true,
    confidence: OBSERVED,
    description: 'Hands the rows to a server-side plugin; what comes back is up to the plugin.',
  }),
];
