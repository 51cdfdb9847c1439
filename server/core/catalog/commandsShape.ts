/**
 * Row- and column-shaping commands of the processing stage.
 */
import { command, docOpt, DOCUMENTED, enumOf, form, OBSERVED, obsOpt } from './commandBuilders';
import { type CommandDef } from './commandTypes';
import { ENV_VALUES, FORMAT_TYPES, HVTEXT_TYPES, MERGE_FUNCTIONS } from './enumValues';

const ADJUST_OPS = [
  docOpt('add', 'number', 'Add this to each value.'),
  docOpt('sub', 'number', 'Subtract this from each value.'),
  docOpt('mul', 'number', 'Multiply each value by this.'),
  docOpt('div', 'number', 'Divide each value by this.'),
  docOpt('over', 'number', 'Raise values below this up to it (a floor).'),
  docOpt('under', 'number', 'Lower values above this down to it (a ceiling).'),
];

/** SELECT, CREATE, CREATE-EXPR, DELETE, RENAME, ROWNUM, ADJUST. */
export const COLUMN_COMMANDS: readonly CommandDef[] = [
  command({
    name: 'SELECT',
    stage: 'process',
    operands: [
      form('none', 'SELECT'),
      form('list', 'SELECT [time, oid, oname, tps]'),
      form('object', 'SELECT {default: [time, oname], like: cpu_}'),
    ],
    options: [
      docOpt('default', 'fieldList', 'Columns kept whatever `like`/`notlike` say.', { column: 'reads' }),
      docOpt('like', 'string', 'Keep columns whose name contains this text.'),
      docOpt('notlike', 'string', 'Keep columns whose name does not contain this text.'),
    ],
    columnEffect: 'select',
    operandColumns: 'reads',
    confidence: DOCUMENTED,
    description: 'Keeps only the listed columns, in that order; bare SELECT keeps them all.',
  }),
  command({
    name: 'CREATE',
    stage: 'process',
    operands: [form('object', "CREATE {key: err_rate, expr: 'tx_error * 100 / tx_count'}")],
    options: [
      docOpt('key', 'newField', 'Name of the column to add.', { required: true, column: 'defines' }),
      docOpt('value', 'any', 'A constant for every row.'),
      docOpt('from', 'field', 'Copy this column.', { column: 'reads' }),
      docOpt('expr', 'expression', 'Compute the value from other columns of the row.'),
      docOpt('oname', 'field', 'Look up the agent name of the oid held in this column.', { column: 'reads' }),
      docOpt('okind', 'field', 'Look up the group name of the okind held in this column.', {
        column: 'reads',
      }),
      docOpt('onode', 'field', 'Look up the node name of the onode held in this column.', {
        column: 'reads',
      }),
      obsOpt('env', 'enum', 'Copy a value of the query environment (window start/end, now).', {
        values: enumOf(ENV_VALUES),
      }),
    ],
    columnEffect: 'add',
    confidence: DOCUMENTED,
    description: 'Adds one column: a constant, a copy, a formula, or a looked-up name.',
  }),
  command({
    name: 'CREATE-EXPR',
    stage: 'process',
    operands: [form('object', 'CREATE-EXPR {avg_time: "time_sum/count", avg_rows: "rows/count"}')],
    freeOptionKeys: {
      keyMeaning: 'the name of a column to add; the value is its formula',
      valueKind: 'expression',
      column: 'defines',
    },
    columnEffect: 'add',
    confidence: OBSERVED,
    description: 'Adds several computed columns at once, one formula per key.',
  }),
  command({
    name: 'DELETE',
    stage: 'process',
    operands: [form('list', 'DELETE [pcode, pname]'), form('word', 'DELETE time')],
    columnEffect: 'delete',
    operandColumns: 'reads',
    confidence: DOCUMENTED,
    description: 'Removes the listed columns. The manual asks for a list; a single bare name also works.',
  }),
  command({
    name: 'RENAME',
    stage: 'process',
    operands: [
      form('object', 'RENAME {src: oname, dst: agent}'),
      form('object', 'RENAME {src: [act0, act3], dst: [normal, slow]}'),
      form('pairList', 'RENAME [[rxbps, rx], [txbps, tx]]'),
    ],
    options: [
      docOpt('src', 'fieldList', 'Current column name(s).', { required: true, column: 'reads' }),
      docOpt('dst', 'newFieldList', 'New name(s), position by position.', {
        required: true,
        column: 'defines',
      }),
    ],
    columnEffect: 'rename',
    confidence: DOCUMENTED,
    description: 'Gives columns new names. Renaming `time` changes how ORDER and GROUP behave.',
  }),
  command({
    name: 'ROWNUM',
    stage: 'process',
    operands: [form('none', 'ROWNUM')],
    columnEffect: 'add',
    addsColumns: ['rownum'],
    confidence: DOCUMENTED,
    description: 'Numbers the rows in a new `rownum` column.',
  }),
  command({
    name: 'ADJUST',
    stage: 'process',
    operands: [form('object', 'ADJUST {key: [rate], mul: 100}'), form('number', 'ADJUST 100')],
    options: [
      docOpt('key', 'fieldList', 'Columns to change; all numeric ones when absent.', { column: 'reads' }),
      ...ADJUST_OPS,
    ],
    columnEffect: 'keep',
    confidence: DOCUMENTED,
    description: 'Applies arithmetic or a floor/ceiling to numeric columns (never to `time`).',
  }),
];

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
