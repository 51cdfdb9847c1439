/**
 * One definition of "a query", proven from every entry point that uses it: the Run CodeLens
 * (`queryRanges`, the lens passes its range's start to Run Query at Cursor), Run Query at Cursor
 * (`queryAt` at any line) and `mxql run --line N` (cli/run.ts `chooseQuery`) find the same boundaries
 * in the same files. The real CodeLens provider is checked on these files in test/integration and the
 * server's `mxql/queryAtCursor` in test/lsp.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseQuery } from '../../../cli/run';
import { lineStartsOf, parsedText, queryAt, queryRanges, type Range } from '../../../server/core/index';
import { QUERY_BOUNDARY_CASES } from '../../support/queryBoundaryCases';

function linesOf(text: string, range: Range): [number, number] {
  const starts = lineStartsOf(text);
  const line = (offset: number): number => starts.filter((s) => s <= offset).length - 1;
  return [line(range.start), line(range.end)];
}

void describe('query boundaries are the same for the CodeLens, Run Query at Cursor and mxql run', () => {
  for (const c of QUERY_BOUNDARY_CASES) {
    void test(c.name, () => {
      const source = parsedText(c.text);
      const lenses = queryRanges(source);
      assert.deepEqual(
        lenses.map((r) => linesOf(c.text, r)),
        c.queries,
        'CodeLens ranges',
      );
      for (const lens of lenses) {
        assert.deepEqual(queryAt(source, lens.start)?.range, lens, 'the lens runs its own query');
      }
      const lineCount = lineStartsOf(c.text).length;
      for (let line = 1; line <= lineCount; line++) {
        const offset = lineStartsOf(c.text)[line - 1] as number;
        const atCursor = queryAt(source, offset);
        if (!atCursor) {
          assert.equal(c.queries.length, 0, `no query at line ${line}`);
          assert.throws(() => chooseQuery('case.mxql', c.text, line), /has no query/);
          continue;
        }
        const inQuery = c.queries.some(([first, last]) => first <= line - 1 && line - 1 <= last);
        if (inQuery) {
          assert.ok(
            lenses.some((r) => r.start === atCursor.range.start && r.end === atCursor.range.end),
            `line ${line} runs one of the lensed queries`,
          );
        }
        assert.deepEqual(chooseQuery('case.mxql', c.text, line), atCursor, `mxql run --line ${line}`);
      }
    });
  }

  void test('a cursor inside a SUB runs the query that uses it, with the SUB appended', () => {
    const c = QUERY_BOUNDARY_CASES.find((x) => x.name.startsWith('SUB blocks'));
    assert.ok(c);
    const query = queryAt(parsedText(c.text), c.text.indexOf('top5'));
    assert.deepEqual(query && linesOf(c.text, query.range), [5, 7]);
    assert.match(query?.text ?? '', /JOIN \{query: top5, field: oid\}\nSUB top5\n[\s\S]*END$/);
  });

  void test('mxql run without --line sends the whole file, directive lines removed', () => {
    const c = QUERY_BOUNDARY_CASES[0];
    assert.ok(c);
    const whole = chooseQuery('case.mxql', c.text, undefined);
    assert.doesNotMatch(whole.text, /@range|@param/);
    assert.match(whole.text, /app_counter[\s\S]*app_host/);
    assert.throws(() => chooseQuery('case.mxql', c.text, 999), /past the end/);
  });
});
