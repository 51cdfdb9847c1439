/**
 * Column-shaping commands of the processing stage: choose, add, remove, rename and adjust columns.
 */
import { command, docOpt, DOCUMENTED, enumOf, form, OBSERVED, obsOpt } from './commandBuilders';
import { type CommandDef } from './commandTypes';
import { ENV_VALUES } from './enumValues';

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
      docOpt('like', 'string', 'Retain only columns with this text in their name.'),
      docOpt('notlike', 'string', 'Drop columns with this text in their name.'),
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
