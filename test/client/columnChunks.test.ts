// Typed columnar chunks: encoding, decoding, validation of what another process sent, and the
// webview's growing table with sort and filter on the columns.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Cell, decodeRows, encodeColumns, validColumnsChunk } from '../../common/columnChunks';
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
      ['number', 'string', 'boolean', 'empty', 'mixed'],
    );
    const text = chunk.columns[1];
    assert.ok(text?.kind === 'string');
    assert.deepEqual(text.table, ['a', 'b'], 'each distinct string once');
    assert.ok(text.codes instanceof Uint32Array);
    assert.ok(chunk.columns[0]?.kind === 'number' && chunk.columns[0].values instanceof Float64Array);
    assert.deepEqual(decodeRows(chunk), rows);
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
