// A seeded sample of the language-server fuzzer (the full 100,000 inputs: `npm run fuzz`): mutated real
// queries over stdio must never crash the server, time out, or take it over 250 ms on a second try.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runFuzz } from './fuzzRunner';

void test('300 seeded mutated queries: no crash, no timeout, no input over the latency limit', async () => {
  const report = await runFuzz(300, 20261123);
  console.log(
    `fuzz sample: ${report.requests} requests, p99 ${report.p99.toFixed(1)} ms, max ${report.max.toFixed(1)} ms`,
  );
  assert.equal(report.crashes, 0);
  assert.equal(report.timeouts, 0);
  assert.deepEqual(report.slow, []);
  assert.equal(report.requests, 300 * 6);
});

void test('300 seeded mutated dashboards (mutated queries in JSON strings, half with mutated JSON): no crash, no timeout, no slow input', async () => {
  const report = await runFuzz(300, 20261127, 'json');
  console.log(
    `fuzz sample (dashboards): ${report.requests} requests, p99 ${report.p99.toFixed(1)} ms, max ${report.max.toFixed(1)} ms`,
  );
  assert.equal(report.crashes, 0);
  assert.equal(report.timeouts, 0);
  assert.deepEqual(report.slow, []);
  assert.equal(report.requests, 300 * 6);
});
