import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isKnownCommand } from '../../../server/core/index';
import { runMxqlRequest, SUPPORTED_COMMANDS } from '../../../demo/mxql/index';
import { MxqlQueryError, noticesOf } from '../../../demo/mxqlExecutor';
import { FIXED_NOW, HOUR, data, project, run } from './engineHarness';

function rejectsWith(promise: Promise<unknown>, code: string, message: RegExp): Promise<void> {
  return assert.rejects(promise, (e: unknown) => {
    assert.ok(e instanceof MxqlQueryError, String(e));
    assert.equal(e.code, code);
    assert.match(e.message, message);
    return true;
  });
}

void describe('engine errors', () => {
  void it('names an unknown command and an unsupported one', async () => {
    await rejectsWith(
      run('CATEGORY app_counter\nTAGLOAD\nFROBNICATE {x: 1}'),
      'mxql/unsupported-command',
      /FROBNICATE.*line 3/,
    );
  });

  void it('supports only commands the language core knows', () => {
    assert.ok(SUPPORTED_COMMANDS.length >= 30);
    for (const name of SUPPORTED_COMMANDS) assert.ok(isKnownCommand(name), name);
  });

  void it("runs the catalog's alias spellings as their commands, with no list of its own", async () => {
    const canonical = await run(
      'CATEGORY app_counter\nTAGLOAD\nSELECT [oname, tps]\nFILTER-KEYS {keys: [oname], values: ["order-api-01:8080"]}\nLAST-ONLY {key: oname}',
    );
    const aliased = await run(
      'CATEGORY app_counter\nTAGLOAD\nSELECT [oname, tps]\nfilterkeys {keys: [oname], values: ["order-api-01:8080"]}\nlastonly {key: oname}',
    );
    assert.ok(canonical.length > 0);
    assert.deepEqual(aliased, canonical);
  });

  void it('refuses a roll-up suffix the service does not have, naming the ones it has', async () => {
    await rejectsWith(
      run('CATEGORY app_counter{d1}\nTAGLOAD'),
      'mxql/unknown-category',
      /\{d1\}.*\{m5\} or \{h1\}/,
    );
  });

  void it('answers an unknown category with no rows and the reason, and names an unknown roll-up suffix', async () => {
    const rows = await run('CATEGORY no_such_category\nTAGLOAD');
    assert.deepEqual(rows, []);
    assert.deepEqual(noticesOf(rows), ['no rows: the demo has no data for category no_such_category']);
    await rejectsWith(run('CATEGORY app_counter{x9}\nTAGLOAD'), 'mxql/unknown-category', /\{x9\}/);
  });

  void it('reports a bad formula with its text', async () => {
    await rejectsWith(
      run('CATEGORY app_counter\nTAGLOAD\nFILTER {expr: "tps >"}'),
      'mxql/bad-expression',
      /"tps >"/,
    );
    await rejectsWith(
      run('CATEGORY app_counter\nTAGLOAD\nCREATE {key: x, expr: "nosuch(tps)"}'),
      'mxql/bad-expression',
      /nosuch/,
    );
  });

  void it('reports syntax errors with their line, template markers and misplaced selection commands', async () => {
    await rejectsWith(run('CATEGORY app_counter\nTAGLOAD\nSELECT [oid, tps'), 'mxql/syntax', /line 3/);
    await rejectsWith(
      run('CATEGORY app_counter\nOID [ <%OID%> ]\nTAGLOAD'),
      'mxql/template-marker',
      /line 2: Template marker/,
    );
    await rejectsWith(
      run('CATEGORY app_counter\nTAGLOAD\nTIME-RANGE {recent: 5m}'),
      'mxql/order',
      /before the loader/,
    );
  });

  void it('reports missing options and bad operands', async () => {
    await rejectsWith(
      run('CATEGORY app_counter\nTAGLOAD\nCREATE {key: x}'),
      'mxql/missing-option',
      /CREATE needs/,
    );
    await rejectsWith(run('CATEGORY app_counter\nTAGLOAD\nLIMIT many'), 'mxql/bad-operand', /LIMIT/);
    await rejectsWith(run('TAGLOAD'), 'mxql/missing-category', /CATEGORY/);
    await rejectsWith(
      run('CATEGORY app_counter\nTAGLOAD\nUPDATE {key: tps, cast: blob}'),
      'mxql/bad-option',
      /blob/,
    );
    await rejectsWith(
      run('CATEGORY app_counter\nTAGLOAD\nCREATE {key: __proto__, value: 1}'),
      'mxql/bad-column',
      /__proto__/,
    );
  });

  void it('stops a SUB that refers to itself', async () => {
    await rejectsWith(
      run(
        'CATEGORY agent_list\nFLEXLOAD\nAPPEND loop\nSUB loop\nCATEGORY agent_list\nFLEXLOAD\nAPPEND loop\nEND',
      ),
      'mxql/query-depth',
      /loop/,
    );
  });

  void it('reports an unknown project', async () => {
    await rejectsWith(run('CATEGORY app_counter\nTAGLOAD', { pcode: -42 }), 'mxql/unknown-project', /-42/);
  });
});

void describe('limits and cancel', () => {
  void it('stops at the request limit', async () => {
    const rows = await run('CATEGORY app_counter\nTAGLOAD', { rangeMs: 24 * HOUR, limit: 7 });
    assert.equal(rows.length, 7);
  });

  void it('stops a running query when its signal aborts, between batches', async () => {
    const controller = new AbortController();
    const req = {
      pcode: project.pcode,
      mql: 'CATEGORY app_counter\nTAGLOAD\nGROUP {timeunit: 1h, pk: oid}',
      kind: 'text' as const,
      stime: FIXED_NOW - 24 * HOUR,
      etime: FIXED_NOW,
      limit: 1000,
      param: {},
      inject: {},
    };
    const running = runMxqlRequest(data, req, controller.signal);
    // Abort from the event loop: the engine must yield to it to notice.
    setImmediate(() => controller.abort(new Error('client went away')));
    await assert.rejects(running, /client went away/);
  });

  void it('the slow demo category waits slowMs or until aborted', async () => {
    const request = {
      pcode: project.pcode,
      mql: 'CATEGORY demo_slow\nTAGLOAD',
      kind: 'text',
      stime: FIXED_NOW - HOUR,
      etime: FIXED_NOW,
      limit: 10,
      param: {},
      inject: {},
    } as const;
    const fast = await runMxqlRequest(data, request, new AbortController().signal, { slowMs: 5 });
    assert.deepEqual(fast, [{ time: FIXED_NOW, pcode: project.pcode, waited_ms: 5 }]);
    const controller = new AbortController();
    const slow = runMxqlRequest(data, request, controller.signal, { slowMs: 60_000 });
    setImmediate(() => controller.abort(new Error('cancelled')));
    await assert.rejects(slow, /cancelled/);
  });
});
