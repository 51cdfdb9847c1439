import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  COMMANDS,
  OPTION_VALUE_KINDS,
  allCommandSpellings,
  categoryLoaders,
  commandsOfStage,
  findCommand,
  isCanonicalSpelling,
  type CommandStage,
  type OptionDef,
} from '../../../server/core/catalog/index';
import { readShared } from './sharedMaterial';

/** One row of reference §2.0: names (with aliases), stage word, option keys, documented or not. */
interface MasterRow {
  names: string[];
  stage: string;
  options: string[];
  documented: boolean;
  /** The Doc cell's note in parentheses, saying which options the manual covers. */
  docNote: string;
}

/** The command names of the master table, kept here for clones without the shared material. */
const FALLBACK_NAMES = [
  'CATEGORY',
  'OID',
  'OKIND',
  'ONODE',
  'OIDSET',
  'HEADER',
  'TIME-RANGE',
  'TIME-PAST',
  'LogTag',
  'TAGLOAD',
  'FLEXLOAD',
  'LogCountLoad',
  'LogSink',
  'KV.LOAD',
  'kv.load',
  'KV.SNAPSHOT',
  'kv.select',
  '>>',
  'SELECT',
  'CREATE',
  'CREATE-EXPR',
  'DELETE',
  'RENAME',
  'GROUP',
  'UPDATE',
  'IFUPDATE',
  'OIUPDATE',
  'ORDER',
  'JOIN',
  'JOINByTime',
  'APPEND',
  'FILTER-SUBQUERY',
  'LIMIT',
  'SKIP',
  'FILTER-KEYS',
  'FILTERKEYS',
  'FIRST-ONLY',
  'LAST-ONLY',
  'LASTONLY',
  'TIME-FILTER',
  'INJECT',
  'ADJUST',
  'FILTER',
  'ROWNUM',
  'UNFOLD',
  'FOLD',
  'PIVOT-HEAD',
  'PIVOT-FIELD',
  'DELTA',
  'HVTEXT',
  'HvText',
  'FORMAT',
  'IP2LOC',
  'OS-BROWSER',
  'SQLTABLE',
  'PART-BY',
  'PLUGIN',
  'kv.insert',
  'SUB',
  'END',
  'OPENMX',
];

const ticks = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');

function parseMasterTable(reference: string): MasterRow[] {
  const start = reference.indexOf('### 2.0 Master table');
  const end = reference.indexOf('### 2.1', start);
  const rows: MasterRow[] = [];
  for (const line of reference.slice(start, end).split('\n')) {
    const cells = line.split(' | ').map((c) => c.replace(/^\|\s*|\s*\|$/g, '').trim());
    if (cells.length < 6 || !line.startsWith('| `')) continue;
    const [nameCell = '', stage = '', , optionCell = '', doc = ''] = cells;
    rows.push({
      names: ticks(nameCell).map((n) => n.split(/\s+/)[0] ?? n),
      stage: stage.split(/[\s(]/)[0] ?? '',
      options: ticks(optionCell).filter((k) => !k.includes('<')),
      documented: doc.startsWith('DOC'),
      docNote: /\(([^)]*)\)/.exec(doc)?.[1] ?? '',
    });
  }
  return rows;
}

const STAGE_WORDS: Record<string, CommandStage> = {
  select: 'select',
  load: 'load',
  process: 'process',
  sink: 'process',
  structure: 'structure',
  any: 'structure',
  whole: 'structure',
};

const referenceText = readShared('reference.md');
const masterRows = referenceText === undefined ? undefined : parseMasterTable(referenceText);

void describe('command table against reference §2.0', () => {
  // Without the reference there is nothing to parse: the test says so (MXQL_CORPUS=required makes
  // the missing reference a failure) rather than passing on the fallback list it would check.
  void it('parses a plausible master table', { skip: !masterRows && 'reference.md absent' }, () => {
    assert.ok(masterRows, 'reference.md is present');
    assert.ok(masterRows.length >= 50, `only ${masterRows.length} rows parsed`);
    const parsed = masterRows.flatMap((r) => r.names);
    for (const name of FALLBACK_NAMES) assert.ok(parsed.includes(name), `${name} not in the parsed table`);
  });

  void it('resolves every command name and alias of the master table', () => {
    const names = masterRows?.flatMap((r) => r.names) ?? FALLBACK_NAMES;
    for (const name of names) assert.ok(findCommand(name), `${name} does not resolve`);
  });

  void it(
    'puts each command in the stage the table gives',
    { skip: !masterRows && 'reference.md absent' },
    () => {
      for (const row of masterRows ?? []) {
        const expected = STAGE_WORDS[row.stage];
        assert.ok(expected, `unexpected stage word ${row.stage}`);
        for (const name of row.names) assert.equal(findCommand(name)?.stage, expected, name);
      }
    },
  );

  void it('knows every option key the table lists', { skip: !masterRows && 'reference.md absent' }, () => {
    for (const row of masterRows ?? []) {
      const def = findCommand(row.names[0] ?? '');
      assert.ok(def);
      const keys = new Set(def.options.flatMap((o) => [o.name, ...(o.aliases ?? [])]));
      for (const key of row.options) assert.ok(keys.has(key), `${def.name} lacks option ${key}`);
    }
  });

  void it(
    'marks documented and observed commands as the table does',
    { skip: !masterRows && 'reference.md absent' },
    () => {
      for (const row of masterRows ?? []) {
        const def = findCommand(row.names[0] ?? '');
        assert.equal(def?.confidence, row.documented ? 'documented' : 'observed', row.names[0]);
      }
    },
  );
});

/**
 * Which option keys of a row the manual documents, from the Doc cell: no note means all of them;
 * "not `x`" / "no a/b" exclude some; "first N" takes the first N options; a list names them.
 */
function documentedOptions(row: MasterRow, resolve: (key: string) => string): Set<string> {
  const all = [...new Set(row.options.map(resolve))];
  const note = row.docNote.replace(/`/g, '');
  if (!row.documented || note.includes('deprecation')) return new Set();
  if (!note || note.startsWith('DOC')) return new Set(all);
  const excluded = /^(?:not|no) (.*)$/.exec(note)?.[1];
  if (excluded) return new Set(all.filter((o) => !excluded.split('/').map(resolve).includes(o)));
  const first = /^first (\d+)$/.exec(note)?.[1];
  if (first) return new Set(all.slice(0, Number(first)));
  return new Set(note.split('/').map(resolve));
}

void describe('option confidence against reference §2.0', () => {
  void it(
    'marks options documented exactly where the table says the manual covers them',
    {
      skip: !masterRows && 'reference.md absent',
    },
    () => {
      for (const row of masterRows ?? []) {
        const def = findCommand(row.names[0] ?? '');
        assert.ok(def);
        const resolve = (key: string): string =>
          def.options.find((o) => o.name === key || o.aliases?.includes(key))?.name ?? key;
        const documented = documentedOptions(row, resolve);
        for (const key of new Set(row.options.map(resolve))) {
          const option: OptionDef | undefined = def.options.find((o) => o.name === key);
          const expected = documented.has(key) ? 'documented' : 'observed';
          assert.equal(option?.confidence, expected, `${def.name}.${key} (${row.docNote || 'no note'})`);
        }
      }
    },
  );
});

void describe('findCommand', () => {
  void it('matches names case-insensitively and ignores surrounding blanks', () => {
    assert.equal(findCommand('select')?.name, 'SELECT');
    assert.equal(findCommand('  Category ')?.name, 'CATEGORY');
    assert.equal(findCommand('logcountload')?.name, 'LogCountLoad');
    assert.equal(findCommand('KV.SELECT')?.name, 'kv.select');
  });

  void it('resolves aliases to the canonical definition', () => {
    assert.equal(findCommand('LASTONLY')?.name, 'LAST-ONLY');
    assert.equal(findCommand('filterkeys')?.name, 'FILTER-KEYS');
    assert.equal(findCommand('HvText')?.name, 'HVTEXT');
    assert.equal(findCommand('kv.load')?.name, 'KV.LOAD');
  });

  void it('returns undefined for words that are not commands, including unconfirmed ones', () => {
    for (const word of ['', 'FROM', 'ADDROW', 'TIMEADD', 'TIMEPAST', 'FLEX-LOAD', 'tx_count']) {
      assert.equal(findCommand(word), undefined, word);
    }
  });

  void it('tells canonical spellings from variants', () => {
    assert.equal(isCanonicalSpelling('LAST-ONLY'), true);
    assert.equal(isCanonicalSpelling('LASTONLY'), false);
    assert.equal(isCanonicalSpelling('select'), false);
    assert.equal(isCanonicalSpelling('NOPE'), false);
  });

  void it('has no spelling claimed by two commands', () => {
    const owner = new Map<string, string>();
    for (const def of COMMANDS) {
      for (const spelling of [def.name, ...def.aliases]) {
        const key = spelling.toUpperCase();
        assert.ok(
          !owner.has(key) || owner.get(key) === def.name,
          `${spelling}: ${owner.get(key)} and ${def.name}`,
        );
        owner.set(key, def.name);
      }
    }
    assert.ok(allCommandSpellings().includes('HvText'));
  });
});

void describe('command facts', () => {
  void it('marks OIDSET deprecated in favour of OID, OKIND and ONODE', () => {
    const oidset = findCommand('OIDSET');
    assert.deepEqual(oidset?.deprecated?.replacedBy, ['OID', 'OKIND', 'ONODE']);
    assert.equal(COMMANDS.filter((c) => c.deprecated).length, 1);
  });

  void it('gives every command an example per operand form that starts with one of its spellings', () => {
    for (const def of COMMANDS) {
      assert.ok(def.operands.length > 0, def.name);
      assert.ok(def.description.length > 10, def.name);
      for (const operand of def.operands) {
        const word = operand.example.split(/\s+/)[0] ?? '';
        assert.equal(findCommand(word), def, `${def.name}: ${operand.example}`);
      }
    }
  });

  void it('describes every option of every command with a known value kind', () => {
    for (const def of COMMANDS) {
      for (const option of [...def.options, ...def.options.flatMap((o) => o.nested ?? [])]) {
        assert.ok(OPTION_VALUE_KINDS.includes(option.valueKind), `${def.name}.${option.name}`);
        assert.ok(option.description.length > 5, `${def.name}.${option.name}`);
        if (option.valueKind === 'enum') assert.ok(option.values?.length, `${def.name}.${option.name}`);
      }
    }
  });

  void it('gives documented commands with an object operand their options', () => {
    for (const def of COMMANDS.filter((c) => c.confidence === 'documented')) {
      const takesObject = def.operands.some((o) => o.kind === 'object');
      if (takesObject) assert.ok(def.options.length > 0 || def.freeOptionKeys, def.name);
    }
  });

  void it('distinguishes options that define new columns from those that read existing ones', () => {
    const role = (command: string, option: string) =>
      findCommand(command)?.options.find((o) => o.name === option)?.column;
    assert.equal(role('CREATE', 'key'), 'defines');
    assert.equal(role('CREATE', 'from'), 'reads');
    assert.equal(role('RENAME', 'dst'), 'defines');
    assert.equal(role('RENAME', 'src'), 'reads');
    assert.equal(role('DELTA', 'key'), 'defines');
    assert.equal(role('DELTA', 'target'), 'reads');
    assert.equal(role('HVTEXT', 'key'), 'defines');
    assert.equal(role('GROUP', 'merge'), 'reads');
    assert.equal(role('JOIN', 'field'), 'imports');
    assert.equal(role('ORDER', 'sort'), undefined);
    assert.deepEqual(findCommand('ROWNUM')?.addsColumns, ['rownum']);
    assert.deepEqual(findCommand('GROUP')?.addsColumns, ['_rows_']);
    assert.equal(findCommand('CREATE-EXPR')?.freeOptionKeys?.column, 'defines');
  });

  void it('names a newField kind exactly where an option defines columns', () => {
    for (const def of COMMANDS) {
      for (const option of [...def.options, ...def.options.flatMap((o) => o.nested ?? [])]) {
        const isNew = option.valueKind === 'newField' || option.valueKind === 'newFieldList';
        assert.equal(isNew, option.column === 'defines', `${def.name}.${option.name}`);
      }
    }
  });

  void it('lists the category loaders and keeps stages in pipeline order', () => {
    assert.deepEqual(
      categoryLoaders().map((c) => c.name),
      ['TAGLOAD', 'FLEXLOAD', 'LogCountLoad', 'LogSink'],
    );
    assert.ok(commandsOfStage('select').some((c) => c.name === 'TIME-RANGE'));
    assert.ok(commandsOfStage('structure').some((c) => c.name === 'INJECT'));
  });
});
