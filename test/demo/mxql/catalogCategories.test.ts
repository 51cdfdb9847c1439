// Rows of categories the demo generates from the bundled catalog's facts: every catalog category loads
// in a project of its product line, values follow their column's type and unit, the same seed gives
// the same rows, and the agents and times agree with the hand-written categories.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bundledCategoryCatalog } from '../../../server/core/catalog/bundledCatalog';
import { createDemoData, type DemoProject } from '../../../demo/data/index';
import { categoryFamily, projectCollects } from '../../../demo/data/families';
import type { Row } from '../../../demo/mxql/index';
import { noticesOf } from '../../../demo/mxqlExecutor';
import { FIXED_NOW, HOUR, MINUTE, data, runIn } from './engineHarness';

function projectFor(category: string): DemoProject {
  const project = data.projects.find(
    (p) => projectCollects(p, category) && data.agentsOf(p.pcode).some((a) => a.active),
  );
  if (!project) throw new Error(`no demo project collects ${category}`);
  return project;
}

void describe('catalog categories in the demo', () => {
  void it('loads every category of the bundled catalog with rows in a project of its product line', async () => {
    const empty: string[] = [];
    const names = bundledCategoryCatalog.categoryNames();
    assert.ok(names.length > 500, `${names.length} categories`);
    for (const name of names) {
      const info = bundledCategoryCatalog.getCategory(name);
      const loader = info?.loader === 'FLEXLOAD' ? 'FLEXLOAD' : 'TAGLOAD';
      const rows = await runIn(projectFor(name), `CATEGORY ${name}\n${loader}\nLIMIT 3`, HOUR);
      if (rows.length === 0) empty.push(name);
      else if (info?.columnsKnown)
        for (const column of info.fields.slice(0, 5))
          assert.ok(column.name in (rows[0] ?? {}), `${name}.${column.name}`);
    }
    assert.deepEqual(empty, []);
  });

  void it('keeps percentages in 0–100 and gives text columns text', async () => {
    const project = projectFor('server_disk');
    const rows = await runIn(project, 'CATEGORY server_disk\nTAGLOAD');
    assert.ok(rows.length > 100);
    for (const row of rows) {
      assert.ok(typeof row.usedPercent === 'number' && row.usedPercent >= 0 && row.usedPercent <= 100);
      assert.equal(typeof row.mountPoint, 'string');
      assert.equal(typeof row.freeSpace, 'number');
    }
    // keyed by mount point as well as by agent: several series per agent
    assert.ok(new Set(rows.map((r) => r.mountPoint)).size > 1);
  });

  void it('lets counters grow and gauges wander', async () => {
    const project = projectFor('db_postgresql_counter');
    const rows = await runIn(
      project,
      'CATEGORY db_postgresql_counter\nTAGLOAD\nORDER {key: time}',
      30 * MINUTE,
    );
    const oid = rows[0]?.oid;
    const dbName = rows[0]?.dbName;
    const series = rows.filter((r) => r.oid === oid && r.dbName === dbName);
    const totals = series.map((r) => r.total_runtime as number);
    assert.ok(totals.length > 10);
    for (let i = 1; i < totals.length; i++)
      assert.ok((totals[i] ?? 0) >= (totals[i - 1] ?? 0), 'a counter never goes down');
    assert.ok(new Set(series.map((r) => r.blks_hit_ratio)).size > 1, 'a gauge changes over time');
  });

  void it('is deterministic: the same seed and clock give the same rows', async () => {
    const again = createDemoData(19, () => FIXED_NOW);
    const project = projectFor('kube_pod_stat');
    const first = await runIn(project, 'CATEGORY kube_pod_stat\nTAGLOAD');
    const second = await runIn(
      again.project(project.pcode) as DemoProject,
      'CATEGORY kube_pod_stat\nTAGLOAD',
      10 * MINUTE,
      again,
    );
    assert.deepEqual(second, first);
  });

  void it('uses the same agents and times as the hand-written categories', async () => {
    const project = data.projects.find(
      (p) => p.platform === 'JAVA' && data.agentsOf(p.pcode).length > 2,
    ) as DemoProject;
    const counter = await runIn(project, 'CATEGORY app_counter\nTAGLOAD');
    const gc = await runIn(project, 'CATEGORY java_gc\nTAGLOAD');
    const key = (r: Row) => `${String(r.oid)}@${String(r.time)}/${String(r.oname)}`;
    assert.deepEqual(new Set(gc.map(key)), new Set(counter.map(key)));
  });

  void it('answers a category of another product line with no rows and a reason', async () => {
    const java = data.projects.find((p) => p.platform === 'JAVA') as DemoProject;
    const rows = await runIn(java, 'CATEGORY rum_page_load_each_page\nTAGLOAD');
    assert.deepEqual(rows, []);
    assert.match(noticesOf(rows)[0] ?? '', /rum_page_load_each_page.*browser monitoring/);
    const dotnet = await runIn(java, 'CATEGORY dotnet_perf_win_asp_net\nTAGLOAD');
    assert.match(noticesOf(dotnet)[0] ?? '', /DOTNET/);
  });

  void it('has a project for every product line the catalog names', () => {
    const families = new Set(bundledCategoryCatalog.categoryNames().map(categoryFamily));
    for (const family of families) {
      if (family === 'any' || family === 'logs') continue;
      assert.ok(
        data.projects.some((p) =>
          bundledCategoryCatalog
            .categoryNames()
            .some((c) => categoryFamily(c) === family && projectCollects(p, c)),
        ),
        family,
      );
    }
  });

  void it('loads the columns the catalog lists for a category whose list is incomplete (those public queries name)', async () => {
    const project = projectFor('aws_ec2');
    const rows = await runIn(
      project,
      "CATEGORY aws_ec2\nTAGLOAD\nSELECT [time, InstanceId, 'elasticbeanstalk:environment-id', CPUUtilization.Average]",
    );
    assert.ok(rows.length > 0);
    for (const column of ['InstanceId', 'elasticbeanstalk:environment-id', 'CPUUtilization.Average'])
      assert.ok(column in (rows[0] ?? {}), column);
  });

  void it('finds the values the data set has (kube-system pods), never one a query makes up, and never changes who an agent is', async () => {
    const project = projectFor('kube_pod');
    const rows = await runIn(
      project,
      'CATEGORY kube_pod\nTAGLOAD\nFILTER {key: namespace, value: "kube-system"}\nFILTER {key: name, like: "kube-apiserver"}',
    );
    assert.ok(rows.length > 0);
    const agents = data.agentsOf(project.pcode);
    for (const row of rows) {
      assert.equal(row.namespace, 'kube-system');
      assert.ok(agents.some((a) => a.oid === row.oid && a.oname === row.oname));
    }
    const madeUp = await runIn(
      project,
      'CATEGORY kube_pod\nTAGLOAD\nFILTER {key: namespace, value: "kube-system"}\nFILTER {key: name, like: "no-such-pod"}',
    );
    assert.deepEqual(madeUp, []);
    const oid = agents[0]?.oid as number;
    const byOid = await runIn(project, `CATEGORY kube_pod\nTAGLOAD\nFILTER {key: oid, value: 123}`);
    assert.deepEqual(byOid, [], `oid 123 is no agent (agents: ${oid}, …)`);
  });
});
