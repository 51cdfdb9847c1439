// The one timer behind every attempt's total deadline: each attempt expires once its own time has
// passed, never before and never after it left, however many are in flight.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Deadlines } from '../../api/deadlines';

/** An attempt stand-in that records when it expired. */
function attempt(): { expire(): void; at: number | undefined } {
  const a = { at: undefined as number | undefined, expire: () => void (a.at ??= Date.now()) };
  return a;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

void describe('Deadlines', () => {
  void test('expires each attempt at its own deadline, earlier ones first, later added ones included', async () => {
    const deadlines = new Deadlines();
    const started = Date.now();
    const late = attempt();
    const early = attempt();
    deadlines.add(late, 120);
    deadlines.add(early, 40);
    await wait(80);
    assert.ok(early.at !== undefined && early.at - started >= 40, `early expired at ${early.at}`);
    assert.equal(late.at, undefined);
    await wait(80);
    assert.ok(late.at !== undefined && late.at - started >= 120, `late expired at ${late.at}`);
  });

  void test('an attempt removed before its deadline never expires, and the others still do', async () => {
    const deadlines = new Deadlines();
    const done = attempt();
    const hung = attempt();
    const place = deadlines.add(done, 30);
    deadlines.add(hung, 60);
    deadlines.leave(place);
    await wait(100);
    assert.equal(done.at, undefined);
    assert.notEqual(hung.at, undefined);
  });

  void test('thousands of attempts that came and went leave a waiting one its deadline', async () => {
    const deadlines = new Deadlines();
    const hung = attempt();
    deadlines.add(hung, 50);
    const quick = attempt();
    for (let i = 0; i < 5000; i++) deadlines.leave(deadlines.add(quick, 50));
    const late = attempt();
    deadlines.add(late, 90);
    await wait(70);
    assert.notEqual(hung.at, undefined);
    assert.equal(quick.at, undefined);
    assert.equal(late.at, undefined);
    await wait(60);
    assert.notEqual(late.at, undefined);
  });

  void test('does not keep the process alive after the last attempt left', async () => {
    const { spawnSync } = await import('node:child_process');
    const script = `
      const { Deadlines } = require(${JSON.stringify(join(__dirname, '..', '..', 'api', 'deadlines'))});
      const d = new Deadlines(); const a = { expire() {} };
      d.leave(d.add(a, 60000));`;
    const started = Date.now();
    const res = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' });
    assert.equal(res.status, 0, res.stderr);
    assert.ok(Date.now() - started < 30_000, 'the process waited for the timer');
  });
});
