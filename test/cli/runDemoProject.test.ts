// `mxql run --demo` runs each file in the demo project of what it queries: an APM, a database, a server
// and a Kubernetes query of one folder each return rows of their own product line's project (the real
// demo backend over sockets), alone and in the folder alike. A file's `-- @pcode` is respected,
// `--pcode` always wins, and a file that mixes product lines keeps the default and says so.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoData } from '../../demo/data/index';
import { categoriesOf, demoProjectFor } from '../../cli/demoProject';
import { runCli, runRows } from '../support/cliProcess';

// The CLI's demo uses the default seed, so its project codes are these.
const demo = createDemoData(1, Date.now);
const project = (name: string) => {
  const found = demo.projects.find((p) => p.name === name);
  if (!found) throw new Error(`the demo has no project ${name}`);
  return found;
};
const DEFAULT = 'Storefront Web';

/** Each file, and the project its rows must come from. */
const FILES: Record<string, { text: string; project: string; why: RegExp }> = {
  'apm.mxql': {
    text: 'CATEGORY app_counter\nTAGLOAD\nLIMIT 3\n',
    project: DEFAULT,
    why: /CATEGORY app_counter: application monitoring/,
  },
  'db.mxql': {
    text: '-- @range 30m\nCATEGORY db_postgresql_counter\nTAGLOAD\nLIMIT 3\n',
    project: 'Orders PostgreSQL',
    why: /CATEGORY db_postgresql_counter: database monitoring/,
  },
  'server.mxql': {
    text: 'CATEGORY {"server_base": 1h, "server_base{m5}": 3d}\nTAGLOAD\nLIMIT 3\n',
    project: 'Linux Fleet',
    why: /CATEGORY server_base: server monitoring/,
  },
  'kube.mxql': {
    text: 'CATEGORY kube_pod\nTAGLOAD\nLIMIT 3\n',
    project: 'Shop Kubernetes',
    why: /CATEGORY kube_pod: Kubernetes/,
  },
  'pinned.mxql': {
    text: `-- @pcode ${project('Reporting MySQL').pcode}\nCATEGORY db_mysql_counter\nTAGLOAD\nLIMIT 3\n`,
    project: 'Reporting MySQL',
    why: /-- @pcode/,
  },
  'mixed.mxql': {
    text: 'CATEGORY app_counter\nTAGLOAD\nLIMIT 3\n\nSUB s\nCATEGORY db_postgresql_counter\nTAGLOAD\nEND\n',
    project: DEFAULT,
    why: /the default: the query mixes application monitoring \(APM\) and database monitoring/,
  },
};

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mxql-run-demo-project-'));
  await mkdir(join(dir, 'queries'));
  for (const [name, f] of Object.entries(FILES)) await writeFile(join(dir, 'queries', name), f.text);
});
after(() => rm(dir, { recursive: true, force: true }));

interface FolderReport {
  files: { path: string; status: string; rows: number; project?: string }[];
}

void describe('mxql run --demo picks the project of what each file queries', () => {
  void test('a folder and each file alone return rows from the matching project', async () => {
    const folder = await runCli(['run', join(dir, 'queries'), '--demo', '--format', 'json']);
    assert.equal(folder.code, 0, folder.stderr + folder.stdout);
    const report = JSON.parse(folder.stdout) as FolderReport;
    assert.equal(report.files.length, Object.keys(FILES).length);
    for (const [name, f] of Object.entries(FILES)) {
      const expected = project(f.project);
      const inFolder = report.files.find((r) => r.path.endsWith(`/${name}`));
      assert.equal(inFolder?.status, 'ok', `${name}: ${JSON.stringify(inFolder)}`);
      assert.match(inFolder.project ?? '', new RegExp(`^demo project ${expected.pcode} ${f.project} \\(`));
      assert.match(inFolder.project ?? '', f.why);

      const alone = await runCli(['run', join(dir, 'queries', name), '--demo', '--format', 'json']);
      assert.equal(alone.code, 0, alone.stderr);
      const rows = runRows<{ pcode: number; pname: string }>(alone.stdout);
      assert.equal(rows.length, inFolder.rows, `${name}: the same rows alone and in the folder`);
      assert.ok(rows.length > 0, name);
      assert.deepEqual(
        [...new Set(rows.map((r) => `${r.pcode} ${r.pname}`))],
        [`${expected.pcode} ${f.project}`],
        `${name} reads ${f.project}`,
      );
      assert.ok(alone.stderr.includes(inFolder.project ?? '?'), `${name}: the same project alone`);
    }
  });

  void test('--pcode always wins', async () => {
    const server = project('Linux Fleet');
    const r = await runCli([
      'run',
      join(dir, 'queries', 'pinned.mxql'),
      '--demo',
      '--pcode',
      String(server.pcode),
      '--format',
      'json',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(runRows(r.stdout), []);
    assert.match(
      r.stderr,
      new RegExp(`empty \\(no rows: .*\\) · demo project ${server.pcode} Linux Fleet \\(--pcode\\)`),
    );
  });

  void test('a -- @pcode the demo does not have is an error of that file', async () => {
    const path = join(dir, 'unknown-pcode.mxql');
    await writeFile(path, '-- @pcode 12\nCATEGORY app_counter\nTAGLOAD\n');
    const r = await runCli(['run', path, '--demo']);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /the demo has no project 12 \(-- @pcode\); its projects: \d+/);
  });
});

void describe('demoProjectFor', () => {
  const fallback = project(DEFAULT);
  const choose = (mxql: string) => demoProjectFor(demo, categoriesOf(mxql), fallback);

  void test('reads the categories of every pipeline, without roll-up suffixes', () => {
    assert.deepEqual(
      categoriesOf(
        'CATEGORY {"app_counter{m5}": 3d}\nTAGLOAD\nSUB s\nCATEGORY "server_base"\nTAGLOAD\nEND\n',
      ),
      ['app_counter', 'server_base'],
    );
  });

  void test('a platform-specific category runs in a project of that platform', () => {
    assert.equal(choose('CATEGORY java_gc\nTAGLOAD\n').project.platform, 'JAVA');
  });

  void test('keeps the default, saying why, when nothing names a product line', () => {
    for (const mxql of ['CATEGORY event\nTAGLOAD\n', 'CATEGORY no_such_category\nTAGLOAD\n', 'TAGLOAD\n']) {
      const choice = choose(mxql);
      assert.equal(choice.project, fallback, mxql);
      assert.match(choice.reason, /^the default: the query names no category of a product line$/);
    }
  });
});
