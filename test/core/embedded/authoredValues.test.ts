// The values a dashboard's author set for an embedded query: the metric's and the widget's `param`,
// the fields' merges (the field the query merges first, then agreement, then the most common), the
// precedence between them and the board's default, refusals of what is not a merge, and odd shapes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  authoredValues,
  authoredValuesOfJson,
  boardValues,
  planBoardQuery,
  type BoardQuery,
} from '../../../server/core/index';

const MERGING = [
  'CATEGORY server_base',
  'TAGLOAD',
  'SELECT [time, oname, cpu, mem]',
  "UPDATE { key: ['cpu'], value: $TIME_MERGE_PLACE }",
  'GROUP { timeunit: 5m, merge: [cpu] }',
  "UPDATE { key: ['cpu'], value: $OBJECT_MERGE_PLACE }",
].join('\n');

type Field = { key: string; timeMerge?: unknown; objectMerge?: unknown };

/** A Kafka-like widget: a sibling metric with fields, then the metric holding the query. */
function board(
  fields: Field[],
  mqlMetric: Record<string, unknown> = {},
  widget: Record<string, unknown> = {},
) {
  return {
    name: 'B',
    widgets: [
      { id: 'md', widgetType: 'RICH_TEXT' },
      {
        id: 'w',
        ...widget,
        metrics: [
          { name: 'Name', fields, mqlType: 'automated' },
          { name: 'Project', mql: MERGING, ...mqlMetric },
        ],
      },
    ],
  };
}
const POINTER = '/widgets/1/metrics/1/mql';

void describe('authored values', () => {
  void test("the field whose key the query merges states the merge, over the other fields' agreement", () => {
    const root = board([
      { key: 'mem', timeMerge: 'min', objectMerge: 'min' },
      { key: 'cpu', timeMerge: 'max', objectMerge: 'sum' },
      { key: 'disk', timeMerge: 'min', objectMerge: 'min' },
    ]);
    const { values, refused } = authoredValues(root, POINTER, MERGING);
    assert.deepEqual(refused, []);
    assert.equal(values.$TIME_MERGE_PLACE?.value, 'max');
    assert.deepEqual(values.$TIME_MERGE_PLACE?.origin, {
      kind: 'field',
      pointer: '/widgets/1/metrics/0/fields/1',
      key: 'cpu',
      how: 'key',
      agreeing: 1,
      fields: 1,
    });
    assert.equal(values.$OBJECT_MERGE_PLACE?.value, 'sum');
  });

  void test('without a merged key the fields that agree decide, else the most common (first on a tie)', () => {
    const agreed = authoredValues(
      board([
        { key: 'a', timeMerge: 'sum' },
        { key: 'b', timeMerge: 'sum' },
      ]),
      POINTER,
      MERGING,
    );
    assert.equal(agreed.values.$TIME_MERGE_PLACE?.value, 'sum');
    assert.equal(agreed.values.$TIME_MERGE_PLACE?.origin.kind, 'field');
    assert.deepEqual(
      (({ how, agreeing, fields }) => ({ how, agreeing, fields }))(
        agreed.values.$TIME_MERGE_PLACE?.origin as { how: string; agreeing: number; fields: number },
      ),
      { how: 'agreed', agreeing: 2, fields: 2 },
    );
    const split = authoredValues(
      board([
        { key: 'a', timeMerge: 'min' },
        { key: 'b', timeMerge: 'max' },
        { key: 'c', timeMerge: 'max' },
      ]),
      POINTER,
      MERGING,
    );
    assert.equal(split.values.$TIME_MERGE_PLACE?.value, 'max');
    assert.deepEqual(split.values.$TIME_MERGE_PLACE?.origin, {
      kind: 'field',
      pointer: '/widgets/1/metrics/0/fields/1',
      key: 'b',
      how: 'most-common',
      agreeing: 2,
      fields: 3,
    });
    const tie = authoredValues(
      board([
        { key: 'a', timeMerge: 'min' },
        { key: 'b', timeMerge: 'max' },
      ]),
      POINTER,
      MERGING,
    );
    assert.equal(tie.values.$TIME_MERGE_PLACE?.value, 'min');
  });

  void test("the metric's param beats the widget's, which beats the fields'", () => {
    const fields = [{ key: 'cpu', timeMerge: 'max', objectMerge: 'max' }];
    const root = board(
      fields,
      { param: { $OBJECT_MERGE_PLACE: 'sum', $limit: 7 } },
      { param: { $OBJECT_MERGE_PLACE: 'min', $TIME_MERGE_PLACE: 'min', oname: 'kafka-1' } },
    );
    const { values } = authoredValues(root, POINTER, MERGING);
    assert.deepEqual(values.$OBJECT_MERGE_PLACE, {
      value: 'sum',
      origin: { kind: 'param', pointer: '/widgets/1/metrics/1/param' },
    });
    assert.deepEqual(values.$TIME_MERGE_PLACE, {
      value: 'min',
      origin: { kind: 'param', pointer: '/widgets/1/param' },
    });
    assert.equal(values.$limit?.value, '7');
    assert.equal(values.$oname?.value, 'kafka-1');
  });

  void test('a merge name the language does not know is reported and not taken', () => {
    const root = board(
      [
        { key: 'cpu', timeMerge: 'median', objectMerge: 'SUM' },
        { key: 'mem', timeMerge: 'max', objectMerge: 3 },
      ],
      { param: { $TIME_MERGE_PLACE: 'p95', $other: { nested: true } } },
    );
    const { values, refused } = authoredValues(root, POINTER, MERGING);
    // The keyed field's merge is not a merge: the other field's stands.
    assert.equal(values.$TIME_MERGE_PLACE?.value, 'max');
    assert.equal(values.$OBJECT_MERGE_PLACE?.value, 'sum');
    assert.equal(values.$other, undefined);
    assert.deepEqual(
      refused.map((r) => [r.name, r.written, r.reason, r.pointer]),
      [
        ['$TIME_MERGE_PLACE', 'median', 'not-a-merge', '/widgets/1/metrics/0/fields/0/timeMerge'],
        ['$OBJECT_MERGE_PLACE', '3', 'not-a-value', '/widgets/1/metrics/0/fields/1/objectMerge'],
        ['$TIME_MERGE_PLACE', 'p95', 'not-a-merge', '/widgets/1/metrics/1/param/$TIME_MERGE_PLACE'],
        ['$other', '{"nested":true}', 'not-a-value', '/widgets/1/metrics/1/param/$other'],
      ],
    );
  });

  void test('malformed shapes give nothing, never an exception', () => {
    const shapes: unknown[] = [
      null,
      42,
      'text',
      [],
      { widgets: 'no' },
      { widgets: [null] },
      { widgets: [{ metrics: 'x' }] },
      { widgets: [{ metrics: [{ mql: MERGING, fields: 'no' }] }] },
      { widgets: [{ metrics: [{ mql: MERGING, fields: [null, 1, { key: 5, timeMerge: ['avg'] }] }] }] },
      { widgets: [{ param: [1], metrics: [{ mql: MERGING, param: 'sum' }] }] },
    ];
    for (const shape of shapes) {
      const result = authoredValues(shape, '/widgets/0/metrics/0/mql', MERGING);
      assert.deepEqual(result.values, {}, JSON.stringify(shape));
    }
    for (const pointer of ['', 'widgets', '/', '/widgets/x/metrics/0/mql', '/a~2b/c'])
      assert.deepEqual(authoredValues(board([]), pointer, MERGING).values, {});
    assert.deepEqual(authoredValuesOfJson('{ not json', POINTER, MERGING), { values: {}, refused: [] });
    assert.deepEqual(authoredValuesOfJson('', POINTER, 'CATEGORY'), { values: {}, refused: [] });
  });

  void test('a query outside widgets reads only its own metric; JSON text with a BOM reads as JSON', () => {
    const root = {
      panels: [{ query: MERGING, fields: [{ key: 'cpu', timeMerge: 'last' }], param: { $x: 'y' } }],
    };
    const { values } = authoredValues(root, '/panels/0/query', MERGING);
    assert.equal(values.$TIME_MERGE_PLACE?.value, 'last');
    assert.equal(values.$x?.value, 'y');
    const json = `\uFEFF${JSON.stringify(board([{ key: 'cpu', timeMerge: 'min' }]))}`;
    assert.equal(authoredValuesOfJson(json, POINTER, MERGING).values.$TIME_MERGE_PLACE?.value, 'min');
  });
});

void describe('board values: given > authored > default, only what the query uses', () => {
  const authored = authoredValues(
    board([{ key: 'cpu', timeMerge: 'max', objectMerge: 'max' }], {
      param: { $OBJECT_MERGE_PLACE: 'sum', $unused: 'u' },
    }),
    POINTER,
    MERGING,
  );

  void test('an explicit value wins, the author fills the rest, the default only what no one set', () => {
    const values = boardValues(['$TIME_MERGE_PLACE', '$OBJECT_MERGE_PLACE'], authored, {
      $TIME_MERGE_PLACE: 'min',
    });
    assert.deepEqual(values.params, { $TIME_MERGE_PLACE: 'min', $OBJECT_MERGE_PLACE: 'sum' });
    assert.deepEqual(values.origins.$TIME_MERGE_PLACE, { kind: 'given' });
    assert.equal(values.origins.$OBJECT_MERGE_PLACE?.kind, 'param');
    const none = boardValues(['$TIME_MERGE_PLACE', '$oid'], undefined);
    assert.deepEqual(none.params, { $TIME_MERGE_PLACE: 'avg' });
    assert.deepEqual(none.origins, { $TIME_MERGE_PLACE: { kind: 'default' } });
    // A door that asks or refuses leaves a merge nobody set for the planner to report.
    assert.deepEqual(boardValues(['$TIME_MERGE_PLACE'], undefined, {}, 'none'), { params: {}, origins: {} });
  });

  void test('planBoardQuery sends the authored merges and names their origins', () => {
    const query: BoardQuery = {
      pointer: POINTER,
      label: 'Project',
      text: MERGING,
      injects: {},
      line: 1,
      column: 1,
    };
    const plan = planBoardQuery({
      query,
      range: { kind: 'relative', ms: 3_600_000 },
      now: 1_767_225_600_000,
      timezone: 0,
      authored,
    });
    assert.deepEqual(plan.needs, []);
    assert.deepEqual(plan.request?.body.param, { $TIME_MERGE_PLACE: 'max', $OBJECT_MERGE_PLACE: 'sum' });
    assert.equal(plan.paramOrigins.$TIME_MERGE_PLACE?.kind, 'field');
    assert.deepEqual(plan.paramOrigins.$OBJECT_MERGE_PLACE, {
      kind: 'param',
      pointer: '/widgets/1/metrics/1/param',
    });
    assert.equal(plan.paramOrigins.$unused, undefined);
    const chosen = planBoardQuery({
      query,
      range: { kind: 'relative', ms: 3_600_000 },
      now: 1_767_225_600_000,
      timezone: 0,
      authored,
      params: { $OBJECT_MERGE_PLACE: 'min' },
    });
    assert.deepEqual(chosen.request?.body.param, { $TIME_MERGE_PLACE: 'max', $OBJECT_MERGE_PLACE: 'min' });
  });
});
