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

const above: ThresholdMark = { field: 'cpu', op: '>', value: 80 };
const below: ThresholdMark = { field: 'free', op: '<=', value: 10 };

test('the y axis says the distinct units of the drawn fields, % for percentages', () => {
  const marks = { units: { cpu: 'pct', resp_time: 'ms', elapsed: 'ms' } };
  assert.equal(axisUnitText(marks, ['cpu']), '%');
  assert.equal(axisUnitText(marks, ['resp_time', 'elapsed']), 'ms');
  assert.equal(axisUnitText(marks, ['cpu', 'resp_time', 'tps']), '% · ms');
  assert.equal(axisUnitText(marks, ['tps']), undefined);
  assert.equal(axisUnitText(undefined, ['cpu']), undefined);
});

test('a band covers the side where the rule fires, clipped to what is shown', () => {
  assert.deepEqual(bandRange(above, 0, 100), [80, 100]);
  assert.deepEqual(bandRange(below, 0, 100), [0, 10]);
  assert.equal(bandRange(above, 0, 50), undefined, 'a threshold above the view has no band in it');
  assert.deepEqual(bandRange(below, 20, 100), undefined);
});

test('the y range grows to show every threshold, and only thresholds of drawn fields count', () => {
  assert.deepEqual(rangeWithThresholds(10, 40, [above]), [10, 80]);
  assert.deepEqual(rangeWithThresholds(20, 40, [below]), [10, 40]);
  assert.deepEqual(rangeWithThresholds(20, 40, []), [20, 40]);
  const marks = { thresholds: [above, below, { field: 'cpu', op: '>', value: Number.NaN } as ThresholdMark] };
  assert.deepEqual(thresholdsFor(marks, ['cpu']), [above]);
});

test('marks read back from a file keep the well-formed parts and drop the rest', () => {
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
