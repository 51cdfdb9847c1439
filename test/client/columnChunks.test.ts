// Typed columnar chunks: encoding, decoding, validation of what another process sent, and the
// webview's growing table with sort and filter on the columns.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Cell,
  chunkCell,
  type ColumnChunk,
  decodeRows,
  encodeColumns,
  validColumnsChunk,
} from '../../common/columnChunks';
import { chunkColumns, FIRST_CHUNK_ROWS } from '../../common/resultsMessages';
import { ColumnarTable } from '../../client/webview/results/table';
import {
  columnSortKeys,
  filterOrder,
  identityOrder,
  sortOrder,
} from '../../client/webview/results/tableView';

const rows: Cell[][] = [
  [1, 'a', true, null, 1],
  [null, 'b', false, null, 'x'],
  [2.5, 'a', null, null, true],
  [-3, null, true, null, null],
];

void describe('columnar chunks', () => {
  void it('encode each column by type and decode back to the same rows', () => {
    const chunk = encodeColumns(rows, 5);
    assert.deepEqual(
      chunk.columns.map((c) => c.kind),
      ['scaled', 'string', 'boolean', 'empty', 'mixed'],
    );
    const text = chunk.columns[1];
    assert.ok(text?.kind === 'string');
    assert.deepEqual(text.table, ['a', 'b'], 'each distinct string once');
    assert.ok(text.codes instanceof Uint8Array, 'two strings need one byte per code');
    const numbers = chunk.columns[0];
    assert.ok(numbers?.kind === 'scaled' && numbers.values instanceof Int8Array);
    assert.equal(numbers.divisor, 10, '2.5 needs one decimal place');
    assert.deepEqual(decodeRows(chunk), rows);
    assert.deepEqual(decodeRows(validColumnsChunk(chunk, 5) ?? chunk), rows, 'received as Float64');
  });

  void it('turn malformed columns into blanks and refuse malformed chunks', () => {
    const good = encodeColumns(rows, 5);
    const bad = {
      rowCount: 4,
      columns: [
        { kind: 'number', values: [1, 2, 3, 4] },
        { kind: 'string', table: ['a'], codes: new Uint32Array([1, 2, 0, 0]) },
        { kind: 'boolean', values: new Uint8Array(3) },
        { kind: 'eval' },
        good.columns[4],
      ],
    };
    const checked = validColumnsChunk(bad, 5);
    assert.ok(checked);
    assert.deepEqual(
      checked.columns.map((c) => c.kind),
      ['empty', 'empty', 'empty', 'empty', 'mixed'],
    );
    assert.equal(validColumnsChunk({ rowCount: -1, columns: [] }, 1), undefined);
    assert.equal(validColumnsChunk({ rowCount: 1, columns: 'x' }, 1), undefined);
    assert.equal(validColumnsChunk(null, 1), undefined);
    assert.equal(validColumnsChunk(good, 7)?.columns.length, 7, 'missing columns are blank');
  });
});

/** Every value of `column` read back from the chunk as sent and as a receiver validates it. */
function roundTrip(column: readonly Cell[]): { sent: ColumnChunk; received: ColumnChunk; back: Cell[][] } {
  const chunk = encodeColumns(
    column.map((value) => [value]),
    1,
  );
  const received = validColumnsChunk(chunk, 1);
  assert.ok(received);
  const back = [decodeRows(chunk).map((r) => r[0] ?? null), decodeRows(received).map((r) => r[0] ?? null)];
  for (const values of back) {
    assert.equal(values.length, column.length);
    column.forEach((value, i) =>
      assert.ok(Object.is(values[i], value), `row ${i}: ${values[i]} for ${value}`),
    );
  }
  return { sent: chunk.columns[0] as ColumnChunk, received: received.columns[0] as ColumnChunk, back };
}

void describe('compact number and text columns', () => {
  void it('send integers, decimals and epoch-ms times as the narrowest exact integers', () => {
    const small = roundTrip([0, -126, 126, null, 7]).sent;
    assert.ok(small.kind === 'scaled' && small.values instanceof Int8Array && small.divisor === 1);
    const wider = roundTrip([127, -128, null]).sent;
    assert.ok(
      wider.kind === 'scaled' && wider.values instanceof Int16Array,
      'the Int8 null marker stays free',
    );
    const decimals = roundTrip([3.17, 29.49, 0.01, null, -4.1, 47.53]).sent;
    assert.ok(
      decimals.kind === 'scaled' && decimals.divisor === 100 && decimals.values instanceof Int16Array,
    );
    const start = Date.UTC(2026, 10, 23, 12);
    const times = roundTrip([start, start + 5000, null, start - 3_600_000, start + 43_200_000]).sent;
    assert.ok(times.kind === 'scaled' && times.base === start && times.values instanceof Int32Array);
    const received = roundTrip([1, 2, null]).received;
    assert.ok(received.kind === 'number' && received.values instanceof Float64Array);
    assert.ok(Number.isNaN(received.values[2]), 'null arrives as NaN');
  });

  void it('keep Float64 whenever integers would change a value', () => {
    const awkward: Cell[] = [
      0.1 + 0.2,
      1 / 3,
      1e300,
      -0,
      2 ** 53,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_VALUE,
      2 ** 31 - 1,
      -(2 ** 31),
      null,
    ];
    for (const value of awkward) {
      const { sent } = roundTrip([1, value, 2]);
      if (value !== null) assert.equal(sent.kind, 'number', `${value} stays Float64`);
    }
    assert.equal(roundTrip([123456.78901]).sent.kind, 'number', 'five decimal places');
    assert.equal(roundTrip([1.5e12, 1.5e12 + 2 ** 31]).sent.kind, 'number', 'times further apart than Int32');
    // JSON never carries NaN, so NaN is the null marker of a Float64 column: a NaN cell reads as null.
    const nan = encodeColumns([[Number.NaN], [1.5]], 1);
    assert.deepEqual(decodeRows(nan), [[null], [1.5]]);
    assert.deepEqual(decodeRows(encodeColumns([[Number.NaN], [1]], 1)), [[null], [1]]);
    assert.equal(roundTrip([null, null]).sent.kind, 'empty');
  });

  void it('send text codes in the narrowest array, keeping empty strings, unicode and nulls apart', () => {
    const texts = ['', null, 'ağent-1', '서버 🚀', '\u0000\n\t', 'x'.repeat(10_000), ''];
    const { sent } = roundTrip(texts);
    assert.ok(sent.kind === 'string' && sent.codes instanceof Uint8Array);
    assert.deepEqual(sent.table.length, 5, "'' is one string, null none");
    const many = Array.from({ length: 300 }, (_, i) => `agent-${i}`);
    const wide = roundTrip(many).sent;
    assert.ok(wide.kind === 'string' && wide.codes instanceof Uint16Array);
    const huge = encodeColumns(
      Array.from({ length: 70_000 }, (_, i) => [`s${i}`]),
      1,
    ).columns[0];
    assert.ok(huge?.kind === 'string' && huge.codes instanceof Uint32Array);
    assert.equal(chunkCell(huge, 69_999), 's69999');
  });

  void it('chunk 0, 1 and 50,001 rows into messages that decode to the same rows', () => {
    assert.deepEqual(chunkColumns('r', [], 3), []);
    assert.equal(encodeColumns([], 3).rowCount, 0);
    const one = chunkColumns('r', [[1.5, 'a', null]], 3);
    assert.equal(one.length, 1);
    assert.deepEqual(decodeRows(one[0]!.chunk), [[1.5, 'a', null]]);
    const start = Date.UTC(2026, 10, 1);
    const rows: Cell[][] = Array.from({ length: 50_001 }, (_, i) => [
      start + Math.floor(i / 4) * 5000,
      `agent-${i % 4}`,
      i % 97 === 0 ? null : Math.round(i * 1.7) / 100,
      i % 1000,
    ]);
    // 50,001 compact rows are far below EARLY_PAINT_REST_BYTES: one chunk, painted once.
    const chunks = chunkColumns('r', rows, 4, 20_000);
    assert.deepEqual(
      chunks.map((c) => [c.chunk.rowCount, c.paintNow ?? false]),
      [
        [20_000, false],
        [20_000, false],
        [10_001, false],
      ],
    );
    const split = chunkColumns('r', rows, 4, 20_000, FIRST_CHUNK_ROWS);
    assert.deepEqual(
      split.map((c) => c.chunk.rowCount),
      [FIRST_CHUNK_ROWS, 20_000, 20_000, 8_001],
      'a given first size splits whatever the bytes',
    );
    assert.equal(split[0]?.paintNow, true);
    assert.deepEqual(
      split.flatMap((c) => decodeRows(validColumnsChunk(c.chunk, 4) ?? c.chunk)),
      rows,
    );
    assert.deepEqual(
      chunks.map((c) => c.seq),
      chunks.map((_, i) => i),
    );
    const back = chunks.flatMap((c) => decodeRows(validColumnsChunk(c.chunk, 4) ?? c.chunk));
    assert.deepEqual(back, rows);
    assert.deepEqual(
      chunks[1]?.chunk.columns.map((c) => c.kind),
      ['scaled', 'string', 'scaled', 'scaled'],
    );
  });

  void it('turn a malformed scaled column into blanks', () => {
    const cases: unknown[] = [
      { kind: 'scaled', values: new Int16Array(1), base: 0, divisor: 1 },
      { kind: 'scaled', values: new Float32Array(2), base: 0, divisor: 1 },
      { kind: 'scaled', values: new Int8Array(2), base: 0, divisor: 0 },
      { kind: 'scaled', values: new Int8Array(2), base: 0, divisor: -10 },
      { kind: 'scaled', values: new Int8Array(2), base: Number.POSITIVE_INFINITY, divisor: 1 },
      { kind: 'scaled', values: new Int8Array(2), base: '0', divisor: 1 },
      { kind: 'string', table: ['a'], codes: new Int8Array([1, 0]) },
      { kind: 'string', table: ['a'], codes: new Uint8Array([1, 2]) },
    ];
    for (const column of cases) {
      assert.equal(validColumnsChunk({ rowCount: 2, columns: [column] }, 1)?.columns[0]?.kind, 'empty');
    }
  });
});

void describe('columnar table', () => {
  void it('appends chunks, merging string tables and changing kind when types change', () => {
    const table = new ColumnarTable(2);
    table.append(
      encodeColumns(
        [
          [null, 'x'],
          [null, 'y'],
        ],
        2,
      ),
    );
    table.append(
      encodeColumns(
        [
          [5, 'y'],
          [6, 'z'],
        ],
        2,
      ),
    );
    table.append(encodeColumns([['text', 'x']], 2));
    assert.equal(table.rowCount, 5);
    assert.deepEqual(table.rows(), [
      [null, 'x'],
      [null, 'y'],
      [5, 'y'],
      [6, 'z'],
      ['text', 'x'],
    ]);
    assert.deepEqual(table.columns[1]?.strings, ['x', 'y', 'z']);
    assert.equal(table.columns[0]?.kind, 'mixed');
  });

  void it('sorts stably by typed keys, empty values last in both directions', () => {
    const table = new ColumnarTable(2);
    table.append(
      encodeColumns(
        [
          [3, 'b'],
          [null, 'a'],
          [1, 'b'],
          [3, 'a'],
          [2, null],
        ],
        2,
      ),
    );
    const byNumber = sortOrder(identityOrder(5), columnSortKeys(table.columns[0]!), true);
    assert.deepEqual([...byNumber], [2, 4, 0, 3, 1]);
    const desc = sortOrder(identityOrder(5), columnSortKeys(table.columns[0]!), false);
    assert.deepEqual([...desc], [0, 3, 4, 2, 1]);
    // Then by text: ties keep the number order.
    const byText = sortOrder(byNumber, columnSortKeys(table.columns[1]!), true);
    assert.deepEqual([...byText], [3, 1, 2, 0, 4]);
  });

  void it('filters on the columns, keeping the given order', () => {
    const table = new ColumnarTable(2);
    table.append(
      encodeColumns(
        [
          [1000, 'agent-1'],
          [2000, 'agent-2'],
          [1001, 'Agent-1 b'],
        ],
        2,
      ),
    );
    const kinds = ['number', 'string'] as const;
    const order = Uint32Array.from([2, 1, 0]);
    assert.deepEqual([...(filterOrder(table, order, 'agent-1', kinds, 'local') ?? [])], [2, 0]);
    assert.deepEqual([...(filterOrder(table, order, '100', kinds, 'local') ?? [])], [2, 0]);
    assert.deepEqual([...(filterOrder(table, order, 'agent 2000', kinds, 'local') ?? [])], [1]);
    assert.equal(filterOrder(table, order, '  ', kinds, 'local'), undefined);
  });
});
