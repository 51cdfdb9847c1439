// The chart marks every chart draws from: axis captions from units, the side a band covers, the y range
// that shows a threshold, and marks read back from a saved notebook output.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  axisUnitText,
  bandRange,
  parseChartMarks,
  rangeWithThresholds,
  thresholdsFor,
  type ThresholdMark,
} from '../../common/chartMarks';
import { parseRun } from '../../common/notebookOutput';
import { chartSvg } from '../../client/src/notebook/chartSvg';

const above: ThresholdMark = { field: 'cpu', op: '>', value: 80 };
const below: ThresholdMark = { field: 'free', op: '<=', value: 10 };

void test('the y axis says the distinct units of the drawn fields, % for percentages', () => {
  const marks = { units: { cpu: 'pct', resp_time: 'ms', elapsed: 'ms' } };
  assert.equal(axisUnitText(marks, ['cpu']), '%');
  assert.equal(axisUnitText(marks, ['resp_time', 'elapsed']), 'ms');
  assert.equal(axisUnitText(marks, ['cpu', 'resp_time', 'tps']), '% · ms');
  assert.equal(axisUnitText(marks, ['tps']), undefined);
  assert.equal(axisUnitText(undefined, ['cpu']), undefined);
});

void test('a band covers the side where the rule fires, clipped to what is shown', () => {
  assert.deepEqual(bandRange(above, 0, 100), [80, 100]);
  assert.deepEqual(bandRange(below, 0, 100), [0, 10]);
  assert.equal(bandRange(above, 0, 50), undefined, 'a threshold above the view has no band in it');
  assert.deepEqual(bandRange(below, 20, 100), undefined);
});

void test('the y range grows to show every threshold, and only thresholds of drawn fields count', () => {
  assert.deepEqual(rangeWithThresholds(10, 40, [above]), [10, 80]);
  assert.deepEqual(rangeWithThresholds(20, 40, [below]), [10, 40]);
  assert.deepEqual(rangeWithThresholds(20, 40, []), [20, 40]);
  const marks = { thresholds: [above, below, { field: 'cpu', op: '>', value: Number.NaN } as ThresholdMark] };
  assert.deepEqual(thresholdsFor(marks, ['cpu']), [above]);
});

void test('marks read back from a file keep the well-formed parts and drop the rest', () => {
  assert.equal(parseChartMarks(undefined), undefined);
  assert.equal(parseChartMarks('band'), undefined);
  assert.equal(parseChartMarks({ thresholds: [{ field: 'cpu', op: '!=', value: 1 }] }), undefined);
  assert.deepEqual(
    parseChartMarks({
      thresholds: [above, { field: 'cpu', op: '>', value: '80' }],
      spans: [
        { start: 1, end: 2, label: 'a' },
        { start: 'x', end: 2 },
      ],
      units: { cpu: 'pct', bad: 3 },
    }),
    { thresholds: [above], spans: [{ start: 1, end: 2, label: 'a' }], units: { cpu: 'pct' } },
  );
  const run = parseRun({ title: 't', marks: { units: { cpu: 'pct' } } }, 'output.run');
  assert.deepEqual(run.marks, { units: { cpu: 'pct' } });
  assert.equal(parseRun({ title: 't', marks: 7 }, 'output.run').marks, undefined);
});

void test('the exported SVG chart draws the band above the line, the spans and the unit', () => {
  const rows = Array.from({ length: 10 }, (_, i) => [1_000 + i * 60_000, 'a', 10 + i * 4]);
  const marks = {
    thresholds: [{ field: 'cpu', op: '>' as const, value: 80 }],
    spans: [{ start: 1_000 + 120_000, end: 1_000 + 240_000, label: 'a' }],
    units: { cpu: 'pct' },
  };
  const svg = chartSvg(['time', 'oname', 'cpu'], rows, 'CPU', marks) ?? '';
  const band = /<rect class="band" x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"/.exec(svg);
  assert.ok(band, svg);
  // The scale reaches the threshold (80, above the data's 46): the band runs from the top to its line.
  const line = /<line x1="\d+" y1="([\d.]+)"[^>]*stroke="#d62728"/.exec(svg);
  assert.ok(line);
  assert.ok(Math.abs(Number(band[1]) + Number(band[2]) - Number(line[1])) < 0.2, `${band[0]} / ${line[0]}`);
  assert.equal(Number(band[1]), 12, 'the band starts at the top of the plot');
  assert.match(svg, /<rect class="span"[^>]*><title>a<\/title>/);
  assert.match(svg, /<text class="unit"[^>]*>%<\/text>/);
  assert.match(svg, />cpu &#62; 80</);
  const plain = chartSvg(['time', 'oname', 'cpu'], rows, 'CPU') ?? '';
  assert.ok(!plain.includes('class="band"') && !plain.includes('class="unit"'));
});
