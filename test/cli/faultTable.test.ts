// The fault table (test/support/faultCases.ts) through the CLI, as a user runs it: `mxql run` and
// `mxql api` against a loopback fault server. Each fault is one line on stderr with what to do and
// exit 1; gzip and deflate bodies print their rows and exit 0.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAULT_CASES, FAULT_TIMEOUT_MS, type FaultCase } from '../support/faultCases';
import { refusedPort, startFaultServer } from '../support/faultServer';
import { runCli, type CliResult, runRows } from '../support/cliProcess';

const TOKEN = 'cli-fault-token-7781';
const dir = mkdtempSync(join(tmpdir(), 'mxql-faults-'));
const query = join(dir, 'q.mxql');
writeFileSync(query, 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\n');
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/** A command line, and how to read the rows from what it printed (mxql run wraps them in its facts). */
interface Command {
  args: (baseUrl: string) => string[];
  rows: (stdout: string) => unknown[];
}
const commands: Record<string, Command> = {
  'mxql run': {
    args: (baseUrl) => ['run', query, '--format', 'json', '--base-url', baseUrl],
    rows: runRows,
  },
  'mxql api': {
    args: (baseUrl) => [
      'api',
      'mxqlText',
      'mql=CATEGORY app_counter',
      '--format',
      'json',
      '--base-url',
      baseUrl,
    ],
    rows: (stdout) => JSON.parse(stdout) as unknown[],
  },
};

/** Runs one case against its own fault servers, so cases can run side by side. */
async function runCase(c: FaultCase, command: Command): Promise<{ r: CliResult; otherRequests: number }> {
  const [fault, other] = await Promise.all([startFaultServer(), startFaultServer()]);
  try {
    fault.respondWith(...c.faults({ self: fault.url, other: `http://localhost:${other.port}` }));
    const baseUrl = c.refused ? `http://127.0.0.1:${await refusedPort()}` : fault.url;
    const r = await runCli(
      [...command.args(baseUrl), '--pcode', '42', '--timeout-ms', String(FAULT_TIMEOUT_MS)],
      {
        MXQL_PROJECT_TOKEN: TOKEN,
      },
    );
    return { r, otherRequests: other.requests.length };
  } finally {
    await Promise.all([fault.close(), other.close()]);
  }
}

for (const [name, command] of Object.entries(commands)) {
  void describe(`the fault table through ${name}`, { concurrency: 4 }, () => {
    for (const c of FAULT_CASES) {
      void test(c.name, async () => {
        const { r, otherRequests } = await runCase(c, command);
        if ('rows' in c.expect) {
          assert.equal(r.code, 0, r.stderr);
          assert.equal(command.rows(r.stdout).length, c.expect.rows);
          return;
        }
        assert.equal(r.code, 1, `${r.stderr}${r.stdout}`);
        const lines = r.stderr.trim().split('\n');
        assert.equal(lines.length, 1, r.stderr);
        assert.match(lines[0] ?? '', /^mxql (run|api): error: /);
        assert.match(lines[0] ?? '', c.expect.message);
        if (c.expect.kind === 'timeout') assert.match(lines[0] ?? '', /raise --timeout-ms/);
        assert.ok(!r.stderr.includes(TOKEN));
        assert.equal(r.stdout, '');
        if (c.otherUntouched) assert.equal(otherRequests, 0, 'the other host got a request');
      });
    }
  });
}
