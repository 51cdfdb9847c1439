// The board model of a dashboard JSON: placement from `layout`, the kind of each widget, its queries
// with pointers and fragments, the board conventions of a run, and a clear problem for every bad input.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  boardOf,
  englishOfRunText,
  MAX_BOARD_CHARS,
  planBoardQuery,
  type BoardModel,
  type BoardQuery,
} from '../../../server/core/index';
import { BOARD_COLUMNS, MAX_BOARD_WIDGETS, STACKED_HEIGHT } from '../../../server/core/embedded/board';

const QUERY = 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, tps]';

function dashboard(widgets: unknown[], name = 'Board'): string {
  return JSON.stringify({ name, widgets }, null, 2);
}

function layout(x: number, y: number, w: number, h: number) {
  return { x, y, w, h, i: `${x}-${y}` };
}

const problemTexts = (board: BoardModel) => board.problems.map((p) => englishOfRunText(p.text));

void describe('board layout', () => {
  void test('every widget is placed where its layout says, on a 52-column grid', () => {
    const board = boardOf(
      dashboard([
        {
          id: 'a',
          title: 'A',
          widgetType: 'RICH_TEXT',
          layout: layout(0, 0, 20, 6),
          option: { markdown: '# A' },
        },
        {
          id: 'b',
          title: 'B',
          widgetType: 'SERIES',
          layout: layout(20, 0, 32, 6),
          metrics: [{ name: 'tps', mql: QUERY }],
        },
        {
          id: 'c',
          title: 'C',
          widgetType: 'TABLE',
          layout: layout(0, 6, 52, 9),
          metrics: [{ name: 'rows', mql: QUERY }],
        },
      ]),
    );
    assert.equal(board.ok, true);
    assert.equal(board.columns, BOARD_COLUMNS);
    assert.deepEqual(board.problems, []);
    assert.deepEqual(
      board.widgets.map((w) => [w.id, w.place, w.placedBy]),
      [
        ['a', { x: 0, y: 0, w: 20, h: 6 }, 'layout'],
        ['b', { x: 20, y: 0, w: 32, h: 6 }, 'layout'],
        ['c', { x: 0, y: 6, w: 52, h: 9 }, 'layout'],
      ],
    );
    assert.equal(board.rows, 15);
  });

  void test('widgets without a usable layout are stacked below the board, in file order, each with a problem', () => {
    const board = boardOf(
      dashboard([
        {
          id: 'placed',
          title: 'Placed',
          widgetType: 'SERIES',
          layout: layout(0, 0, 26, 10),
          metrics: [{ mql: QUERY }],
        },
        { id: 'none', title: 'No layout', widgetType: 'SERIES', metrics: [{ mql: QUERY }] },
        { id: 'text', title: 'Text layout', widgetType: 'SERIES', layout: 'big', metrics: [{ mql: QUERY }] },
        {
          id: 'nan',
          title: 'No w',
          widgetType: 'SERIES',
          layout: { x: 0, y: 0, h: 3 },
          metrics: [{ mql: QUERY }],
        },
        {
          id: 'neg',
          title: 'Negative',
          widgetType: 'SERIES',
          layout: layout(-1, 0, 3, 3),
          metrics: [{ mql: QUERY }],
        },
        {
          id: 'zero',
          title: 'Zero',
          widgetType: 'SERIES',
          layout: layout(0, 0, 0, 3),
          metrics: [{ mql: QUERY }],
        },
        {
          id: 'far',
          title: 'Far',
          widgetType: 'SERIES',
          layout: layout(60, 0, 3, 3),
          metrics: [{ mql: QUERY }],
        },
      ]),
    );
    const stacked = board.widgets.filter((w) => w.placedBy === 'stacked');
    assert.deepEqual(
      stacked.map((w) => [w.id, w.place]),
      ['none', 'text', 'nan', 'neg', 'zero', 'far'].map((id, k) => [
        id,
        { x: 0, y: 10 + k * STACKED_HEIGHT, w: BOARD_COLUMNS, h: STACKED_HEIGHT },
      ]),
    );
    assert.equal(board.rows, 10 + 6 * STACKED_HEIGHT);
    assert.deepEqual(problemTexts(board), [
      'Widget "No layout" has no layout; it is stacked below the board.',
      'Widget "Text layout" has a layout that is not an object; it is stacked below the board.',
      'Widget "No w" has no number for "w" in its layout; it is stacked below the board.',
      'Widget "Negative" starts at a negative place (-1, 0); it is stacked below the board.',
      'Widget "Zero" has no size (0 × 3); it is stacked below the board.',
      'Widget "Far" starts at column 60, past the board\'s 52 columns; it is stacked below the board.',
    ]);
    assert.ok(board.problems.every((p) => p.widget !== undefined && (p.line ?? 0) > 1));
  });

  void test('a layout past the right edge is cut at the edge; numbers written as text are read', () => {
    const board = boardOf(
      dashboard([
        {
          id: 'wide',
          title: 'Wide',
          widgetType: 'SERIES',
          layout: layout(40, 2, 20, 4),
          metrics: [{ mql: QUERY }],
        },
        {
          id: 'text',
          title: 'Text',
          widgetType: 'SERIES',
          layout: { x: '1', y: '2.4', w: '10', h: '3' },
          metrics: [{ mql: QUERY }],
        },
      ]),
    );
    assert.deepEqual(board.widgets[0]?.place, { x: 40, y: 2, w: 12, h: 4 });
    assert.deepEqual(board.widgets[1]?.place, { x: 1, y: 2, w: 10, h: 3 });
    assert.deepEqual(problemTexts(board), [
      'Widget "Wide" reaches past column 52; it is cut at the edge of the board.',
    ]);
  });
});

void describe('widget kinds and queries', () => {
  void test('rich text is Markdown, SERIES a chart, any other query widget a grid, the rest empty', () => {
    const board = boardOf(
      dashboard([
        {
          id: 'md',
          widgetType: 'RICH_TEXT',
          layout: layout(0, 0, 10, 2),
          option: { markdown: '## Notes\n<script>x</script>' },
        },
        { id: 'md2', widgetType: 'RICH_TEXT', layout: layout(10, 0, 10, 2) },
        { id: 'chart', widgetType: 'SERIES', layout: layout(0, 2, 10, 2), metrics: [{ mql: QUERY }] },
        { id: 'grid', widgetType: 'TABLE', layout: layout(10, 2, 10, 2), metrics: [{ query: QUERY }] },
        { id: 'none', widgetType: 'SERIES', layout: layout(20, 2, 10, 2), metrics: [] },
      ]),
    );
    assert.deepEqual(
      board.widgets.map((w) => [w.id, w.kind, w.markdown]),
      [
        ['md', 'markdown', '## Notes\n<script>x</script>'],
        ['md2', 'markdown', ''],
        ['chart', 'series', undefined],
        ['grid', 'grid', undefined],
        ['none', 'empty', undefined],
      ],
    );
  });

  void test('each query keeps its pointer, its metric name, its place in the file and the inject fragments beside it', () => {
    const json = dashboard([
      {
        id: 'w',
        title: 'Two metrics',
        widgetType: 'SERIES',
        layout: layout(0, 0, 52, 8),
        metrics: [
          { name: 'tps', tags: ['oid'], mql: QUERY, inject: { default: 'LIMIT 3' } },
          { name: 'resp', query: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, resp_time]' },
        ],
      },
    ]);
    const board = boardOf(json);
    const [first, second] = board.widgets[0]?.queries ?? [];
    assert.deepEqual(
      [first?.pointer, first?.label, first?.text, first?.injects],
      ['/widgets/0/metrics/0/mql', 'tps', QUERY, { default: 'LIMIT 3' }],
    );
    assert.deepEqual(
      [second?.pointer, second?.label, second?.injects],
      ['/widgets/0/metrics/1/query', 'resp', {}],
    );
    const lines = json.split('\n');
    assert.match(lines[(first?.line ?? 0) - 1] ?? '', /"mql": "CATEGORY app_counter/);
    assert.equal(lines[(first?.line ?? 0) - 1]?.indexOf('"CATEGORY'), (first?.column ?? 0) - 1);
  });

  void test('an mql that is not a string is named, and its widget runs without it', () => {
    const board = boardOf(
      dashboard([
        { id: 'w', title: 'W', widgetType: 'SERIES', layout: layout(0, 0, 5, 5), metrics: [{ mql: 42 }] },
      ]),
    );
    assert.equal(board.ok, true);
    assert.equal(board.widgets[0]?.kind, 'empty');
    assert.deepEqual(problemTexts(board), [
      '/widgets/0/metrics/0/mql is not a string of MXQL; the widget runs without it.',
    ]);
    assert.equal(board.problems[0]?.widget, 0);
  });
});

void describe('bad input', () => {
  void test('malformed JSON: where and what, and no board', () => {
    const board = boardOf('{\n  "name": "x",\n  "widgets": [\n    { "id": 1, }\n  ]\n}');
    assert.equal(board.ok, false);
    assert.equal(board.widgets.length, 0);
    assert.equal(board.problems[0]?.code, 'board/malformed');
    assert.equal(board.problems[0]?.line, 4);
    assert.match(
      problemTexts(board)[0] ?? '',
      /^The file is not valid JSON \(line 4, column \d+: expected a key/,
    );
  });

  void test('files that only look like a dashboard say what they are instead', () => {
    const cases: [string, RegExp][] = [
      ['{"name": "only a name"}', /no "widgets" array/],
      ['{"name": "x", "widgets": {"a": 1}}', /"widgets" is not an array/],
      ['[{"category": "app_counter", "rule": "tps > 3", "eventTitle": "t"}]', /list of event rules/],
      ['[1, 2]', /JSON array/],
      ['"widgets"', /no JSON object/],
      ['', /not valid JSON/],
    ];
    for (const [json, expected] of cases) {
      const board = boardOf(json);
      assert.equal(board.ok, false, json);
      assert.match(problemTexts(board)[0] ?? '', expected, json);
    }
  });

  void test('a widget that is not an object is left out with a problem; the others stay', () => {
    const board = boardOf(
      dashboard([
        'text',
        { id: 'ok', widgetType: 'SERIES', layout: layout(0, 0, 4, 4), metrics: [{ mql: QUERY }] },
      ]),
    );
    assert.deepEqual(
      board.widgets.map((w) => [w.index, w.id]),
      [[1, 'ok']],
    );
    assert.deepEqual(problemTexts(board), ['widgets[0] is not an object and is left out.']);
  });

  void test('a 20 MB file is refused before it is parsed, with its size and the limit', () => {
    const filler = 'x'.repeat(20 * 1024 * 1024);
    const text = dashboard([{ id: 'big', option: { markdown: filler } }]);
    const started = performance.now();
    const board = boardOf(text);
    const refusedMs = performance.now() - started;
    // Against parsing the same text in the same run, so a loaded machine slows both alike.
    const parseStarted = performance.now();
    JSON.parse(text);
    const parseMs = performance.now() - parseStarted;
    assert.ok(refusedMs < parseMs / 4, `refused in ${refusedMs} ms; parsing takes ${parseMs} ms`);
    assert.equal(board.ok, false);
    assert.equal(board.problems[0]?.code, 'board/too-large');
    assert.match(
      problemTexts(board)[0] ?? '',
      /^The file is 20\.0 MB; the preview reads dashboards of at most 10\.0 MB/,
    );
    assert.ok(MAX_BOARD_CHARS < filler.length);
  });

  void test('a board with more widgets than the preview shows keeps the first ones and says so', () => {
    const widgets = Array.from({ length: MAX_BOARD_WIDGETS + 3 }, (_, i) => ({
      id: `w${i}`,
      widgetType: 'RICH_TEXT',
      option: { markdown: 'x' },
      layout: layout(0, i, 52, 1),
    }));
    const board = boardOf(dashboard(widgets));
    assert.equal(board.widgets.length, MAX_BOARD_WIDGETS);
    assert.deepEqual(problemTexts(board), [
      `The board has ${MAX_BOARD_WIDGETS + 3} widgets; the preview shows the first ${MAX_BOARD_WIDGETS}.`,
    ]);
  });

  void test('deep nesting and a byte order mark do not break it', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const board = boardOf(
      `\ufeff{"name":"n","widgets":[{"id":"a","option":{"deep":${deep},"markdown":"hi"},"layout":{"x":0,"y":0,"w":1,"h":1}}]}`,
    );
    assert.equal(board.ok, true);
    assert.equal(board.widgets[0]?.markdown, 'hi');
  });
});

void describe('board conventions of a run', () => {
  const query = (text: string, injects: Record<string, string> = {}): BoardQuery => ({
    pointer: '/widgets/0/metrics/0/mql',
    label: 'm',
    text,
    injects,
    line: 1,
    column: 1,
  });
  const plan = (q: BoardQuery) =>
    planBoardQuery({
      query: q,
      range: { kind: 'relative', ms: 3_600_000 },
      now: 1_767_225_600_000,
      timezone: 0,
    });

  void test('the merges are sent as avg and the board INJECT points empty, only where the query uses them', () => {
    const text = `INJECT timepast\nCATEGORY app_counter\nTAGLOAD\nINJECT default\nSELECT [time, tps]\nUPDATE {key:[tps], value:$TIME_MERGE_PLACE}\nGROUP {timeunit:1m, merge:[tps]}\nUPDATE {key:[tps], value:$OBJECT_MERGE_PLACE}`;
    const result = plan(query(text));
    assert.deepEqual(result.needs, []);
    assert.deepEqual(result.request?.body.param, { $TIME_MERGE_PLACE: 'avg', $OBJECT_MERGE_PLACE: 'avg' });
    assert.deepEqual(result.request?.body.inject, { timepast: '', default: '' });
    assert.equal(result.request?.body.stime, 1_767_225_600_000 - 3_600_000);
    const plain = plan(query(QUERY));
    assert.equal(plain.request?.body.param, undefined);
    assert.equal(plain.request?.body.inject, undefined);
  });

  void test("the widget's own fragment beats the empty one", () => {
    const result = plan(query(`${QUERY}\nINJECT default`, { default: 'LIMIT 3' }));
    assert.deepEqual(result.request?.body.inject, { default: 'LIMIT 3' });
  });

  void test('any other unbound $param is a need, not a guess', () => {
    const result = plan(query('CATEGORY app_counter\nTAGLOAD\nSELECT [time, $field]'));
    assert.deepEqual(
      result.needs.map((n) => n.name),
      ['$field'],
    );
  });

  void test('the example board plans every query without a need', () => {
    const json = readFileSync(join(__dirname, '..', '..', '..', 'examples', 'demo-dashboard.json'), 'utf8');
    const board = boardOf(json);
    assert.equal(board.ok, true);
    assert.deepEqual(board.problems, []);
    assert.deepEqual(
      board.widgets.map((w) => w.kind),
      ['markdown', 'series', 'series', 'series', 'grid'],
    );
    for (const q of board.widgets.flatMap((w) => w.queries)) {
      const result = plan(q);
      assert.deepEqual([result.needs, result.problems], [[], []], q.pointer);
    }
  });
});
