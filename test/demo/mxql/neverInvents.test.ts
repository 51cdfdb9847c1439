// The demo never invents: a column its category lacks stays absent, a FILTER's value never becomes
// data, values follow their column's type, unit and range, and a category of another product line
// answers empty with the reason and a project that has it. What users and assistants learn from the
// demo must be what the service would say.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bundledCategoryCatalog } from '../../../server/core/catalog/bundledCatalog';
import { productLineOf, type Column } from '../../../server/core/index';
import { categoryLookup } from '../../../demo/mxql/categories';
import { projectCollects } from '../../../demo/data/families';
import { errorBoundOf } from '../../../demo/data/columnRules';
import { isTextColumn } from '../../../demo/data/textValues';
import { noticesOf } from '../../../demo/mxqlExecutor';
import { resultFactsOf } from '../../../common/resultFacts';
import { FIXED_NOW, MINUTE, data, project, run, runIn, serverProject } from './engineHarness';
import type { Row } from '../../../demo/mxql/index';

const DAY = 86_400_000;

/** One bucket of rows of every catalog category, from three reporting agents of a project of its line. */
function sampleRows(): { category: string; columns: readonly Column[]; rows: Row[] }[] {
  const out: { category: string; columns: readonly Column[]; rows: Row[] }[] = [];
  for (const category of bundledCategoryCatalog.categoryNames()) {
    const where = data.projects.find(
      (p) => projectCollects(p, category) && data.agentsOf(p.pcode).some((a) => a.active),
    );
    if (!where) continue;
    const found = categoryLookup({ name: category, rollupMs: 0 }, where, data.projects);
    if (!found.source) continue;
    const info = bundledCategoryCatalog.getCategory(category);
    const columns = [...(info?.tags ?? []), ...(info?.fields ?? [])];
    const rows = data
      .agentsOf(where.pcode)
      .filter((a) => a.active)
      .slice(0, 3)
      .flatMap((agent) => found.source.rows(data, where, agent, FIXED_NOW - MINUTE, MINUTE));
    out.push({ category, columns, rows });
  }
  return out;
}

const samples = sampleRows();

function projectOf(category: string) {
  const where = data.projects.find(
    (p) => projectCollects(p, category) && data.agentsOf(p.pcode).some((a) => a.active),
  );
  assert.ok(where, category);
  return where;
}

void describe('the demo never invents', () => {
  void it('samples hundreds of categories', () => {
    assert.ok(samples.length > 400, `${samples.length} categories`);
  });

  void it('leaves a column the category does not have absent, so the run reports it missing', async () => {
    const query = 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, cpu_capacity]';
    const rows = await run(query, { rangeMs: MINUTE });
    assert.ok(rows.length > 0);
    assert.ok(
      rows.every((row) => !('cpu_capacity' in row)),
      'app_counter has no cpu_capacity',
    );
    const facts = resultFactsOf(rows, { stime: FIXED_NOW - MINUTE, etime: FIXED_NOW, limit: 100_000 }, [
      'oname',
      'cpu_capacity',
    ]);
    assert.deepEqual(facts.missingColumns, ['cpu_capacity']);
    const pods = await runIn(
      projectOf('kube_pod'),
      'CATEGORY kube_pod\nTAGLOAD\nSELECT [time, namespace, cpu_capacity]',
      MINUTE,
    );
    assert.ok(pods.length > 0);
    assert.ok(pods.every((row) => !('cpu_capacity' in row) && typeof row.namespace === 'string'));
    // Nor where the catalog's column list is known to be incomplete: the demo cannot know the column.
    assert.equal(bundledCategoryCatalog.getCategory('telegraf_kafka_server')?.columnsKnown, false);
    const kafka = await runIn(
      projectOf('telegraf_kafka_server'),
      'CATEGORY telegraf_kafka_server\nTAGLOAD\nSELECT [time, name, cpu_capacity]',
      MINUTE,
    );
    assert.ok(kafka.length > 0);
    assert.ok(kafka.every((row) => !('cpu_capacity' in row) && typeof row.name === 'string'));
  });

  void it('gives rows only the columns the catalog lists for the category, and the agent identity', () => {
    const identity = new Set([
      'time',
      'pcode',
      'pname',
      'oid',
      'oname',
      'okind',
      'okindName',
      'onode',
      'onodeName',
    ]);
    for (const { category, columns, rows } of samples) {
      const listed = new Set(columns.map((c) => c.name));
      for (const row of rows)
        for (const key of Object.keys(row))
          assert.ok(identity.has(key) || listed.has(key), `${category}.${key} is not in the catalog`);
    }
  });

  void it('keeps every percentage in 0–100', () => {
    let seen = 0;
    for (const { category, columns, rows } of samples)
      for (const column of columns.filter((c) => c.unit === 'pct' || c.unit === 'pct#'))
        for (const row of rows) {
          const value = row[column.name];
          if (typeof value !== 'number') continue;
          seen++;
          assert.ok(value >= 0 && value <= 100, `${category}.${column.name} = ${value}`);
        }
    assert.ok(seen > 1000, `${seen} percentages`);
  });

  void it('never counts more errors than the calls of the same row', () => {
    let pairs = 0;
    for (const { category, columns, rows } of samples)
      for (const column of columns) {
        const bound = errorBoundOf(column, columns);
        if (!bound) continue;
        for (const row of rows) {
          const [errors, calls] = [row[column.name], row[bound.name]];
          if (typeof errors !== 'number' || typeof calls !== 'number') continue;
          pairs++;
          assert.ok(errors <= calls, `${category}: ${column.name} ${errors} > ${bound.name} ${calls}`);
        }
      }
    assert.ok(pairs > 50, `${pairs} pairs`);
    const bound = (category: string, error: string) => {
      const columns = samples.find((s) => s.category === category)?.columns ?? [];
      const column = columns.find((c) => c.name === error);
      assert.ok(column, `${category}.${error}`);
      return errorBoundOf(column, columns)?.name;
    };
    assert.equal(bound('app_actx_outbound_db', 'error'), 'count');
    assert.equal(bound('app_context_stat', 'tx_error'), 'tx_count');
  });

  void it('keeps durations in ms between milliseconds and minutes; instants are epochs of the range', () => {
    for (const { category, columns, rows } of samples)
      for (const column of columns.filter((c) => c.unit === 'ms'))
        for (const row of rows) {
          const value = row[column.name];
          if (typeof value !== 'number') continue;
          const instant = value > FIXED_NOW - 400 * DAY && value <= FIXED_NOW;
          assert.ok(instant || (value >= 0 && value <= 600_000), `${category}.${column.name} = ${value}`);
        }
  });

  void it('fills name columns with names and numeric columns with numbers', () => {
    const nameColumn = (c: Column) =>
      (c.unit === undefined || c.unit === 'string') &&
      /(name|^host|^ip)$/i.test(c.name) &&
      !/hash/i.test(c.name);
    let names = 0;
    for (const { category, columns, rows } of samples) {
      for (const column of columns.filter(nameColumn))
        for (const row of rows) {
          if (!(column.name in row)) continue;
          names++;
          assert.equal(
            typeof row[column.name],
            'string',
            `${category}.${column.name} = ${String(row[column.name])}`,
          );
        }
      for (const column of columns.filter(
        (c) => (c.type === 'Number' || c.type === 'Long') && !isTextColumn(c),
      ))
        for (const row of rows)
          if (column.name in row && row[column.name] !== null)
            assert.notEqual(typeof row[column.name], 'string', `${category}.${column.name}`);
    }
    assert.ok(names > 100, `${names} names`);
    const deadTuples = samples.find((s) => s.category === 'db_postgresql_deadtuple');
    assert.equal(
      typeof deadTuples?.rows[0]?.tablename,
      'string',
      'tablename (typed Number by metadata) is a name',
    );
    const nodes = samples.find((s) => s.category === 'kube_node');
    assert.equal(typeof nodes?.rows[0]?.capacityCpu, 'number', 'a capacity is a number, not a city');
  });

  void it('drops the rows a FILTER does not match and never makes a row carrying its value', async () => {
    const pods = projectOf('kube_pod');
    for (const filter of [
      'FILTER {key: namespace, value: "no-such-namespace"}',
      'FILTER {expr: "namespace == \'no-such-namespace\'"}',
    ])
      assert.deepEqual(await runIn(pods, `CATEGORY kube_pod\nTAGLOAD\n${filter}`, MINUTE), [], filter);
    assert.deepEqual(
      await runIn(
        pods,
        'CATEGORY kube_pod\nTAGLOAD {filter: {key: namespace, value: "no-such-namespace"}}',
        MINUTE,
      ),
      [],
    );
    const kafka = projectOf('telegraf_kafka_server');
    assert.deepEqual(
      await runIn(
        kafka,
        'CATEGORY telegraf_kafka_server\nTAGLOAD\nFILTER {key: name, value: "NoSuchMBean"}',
        MINUTE,
      ),
      [],
    );
    assert.deepEqual(
      await run('CATEGORY app_counter\nTAGLOAD\nFILTER {expr: "tps >= 99999999"}', { rangeMs: MINUTE }),
      [],
    );
    // A value the data set has is found: the monitored software's own names (kube-system, etcd).
    const etcd = await runIn(
      pods,
      'CATEGORY kube_pod\nTAGLOAD\nFILTER {key: namespace, value: "kube-system"}\nFILTER {key: component, value: "etcd"}',
      MINUTE,
    );
    assert.ok(etcd.length > 0);
    assert.ok(etcd.every((row) => row.namespace === 'kube-system' && row.component === 'etcd'));
  });

  void it('answers a category of another product line empty, naming the reason and a project that has it', async () => {
    assert.equal(productLineOf('server_base'), 'server');
    const rows = await run('CATEGORY server_base\nTAGLOAD', { rangeMs: MINUTE });
    assert.deepEqual([...rows], []);
    const [notice] = noticesOf(rows);
    assert.match(
      notice ?? '',
      /no rows: the demo has no data for category server_base in project Order Service \(server_base belongs to server monitoring; pick a project of that kind, such as Linux Fleet \(pcode \d+\)\)/,
    );
    const apm = await runIn(serverProject, 'CATEGORY app_counter\nTAGLOAD', MINUTE);
    assert.deepEqual([...apm], []);
    assert.match(
      noticesOf(apm)[0] ?? '',
      /app_counter belongs to application monitoring \(APM\); pick a project of that kind, such as /,
    );
    assert.ok((await runIn(serverProject, 'CATEGORY server_base\nTAGLOAD', MINUTE)).length > 0);
    assert.equal(project.productType, 'APM');
  });

  void it('keeps a quoted column whose name begins with a digit', async () => {
    const rows = await run("CATEGORY url_check\nTAGLOAD\nSELECT [time, oname, '5xx', '2xx']", {
      rangeMs: MINUTE,
    });
    assert.ok(rows.length > 0);
    for (const row of rows) {
      assert.equal(typeof row['5xx'], 'number');
      assert.equal(typeof row['2xx'], 'number');
    }
  });
});
