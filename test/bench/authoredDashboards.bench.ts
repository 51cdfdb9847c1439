// Dashboards run as their authors set them: every embedded query of the public integration dashboards
// (test/bench/fixtures/publicDashboards, facts of whatap/whatap_feature) runs through the door of
// `mxql run FILE.json --demo` (cli/runJson.ts) on one demo backend under three rules: the rule before
// authored values (merge placeholders need --param, nothing else is filled), the board's default merge
// alone, and the authored rule (the metric's and widget's `param`, the fields' merges, then the default). Each board's JSON is
// rebuilt in memory from the facts and the corpus texts (never copied into the repository) and written to
// a temporary folder. It prints the queries, the share with rows under each rule (goal: >= 80% under the
// authored one), where each filled value came from, and why the others returned no rows.
// Run: node --import tsx test/bench/authoredDashboards.bench.ts
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTarget } from '../../cli/args';
import { runJsonFile, type BoardRule } from '../../cli/runJson';
import type { FileRun, RunFlags } from '../../cli/runQuery';
import { corpusDir, corpusPresent } from '../support/corpus';

const FACTS = join(__dirname, 'fixtures', 'publicDashboards');
const GOAL = 0.8;

interface MetricFacts {
  readonly index: number;
  readonly mql?: string | null;
  readonly query?: string | null;
  readonly inject?: Readonly<Record<string, string>>;
  readonly injectCorpus?: Readonly<Record<string, string>>;
  readonly [key: string]: unknown;
}
interface WidgetFacts {
  readonly index: number;
  readonly metrics: readonly MetricFacts[];
  readonly [key: string]: unknown;
}
interface BoardFacts {
  readonly file: string;
  readonly name: string;
  readonly widgets: readonly WidgetFacts[];
}

const corpusText = (name: string): string | undefined => {
  const path = join(corpusDir, name);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
};

/** The board's JSON as its file has it, as far as the facts and the corpus tell: widgets at their index. */
function rebuild(facts: BoardFacts): { json: string; queries: number; missing: number } {
  const widgets: unknown[] = [];
  let queries = 0;
  let missing = 0;
  for (const widget of facts.widgets) {
    const metrics: unknown[] = [];
    for (const metric of widget.metrics) {
      const { index, mql, query, injectCorpus, mqlPointerNotInCorpus: _gone, ...rest } = metric;
      const out: Record<string, unknown> = { ...rest };
      for (const [key, name] of [
        ['mql', mql],
        ['query', query],
      ] as const) {
        if (name === undefined) continue;
        const text = typeof name === 'string' ? corpusText(name) : undefined;
        if (text === undefined) missing++;
        else {
          out[key] = text;
          queries++;
        }
      }
      const injects: Record<string, string> = { ...(metric.inject ?? {}) };
      for (const [name, file] of Object.entries(injectCorpus ?? {})) {
        const text = corpusText(file);
        if (text !== undefined) injects[name] = text;
      }
      if (Object.keys(injects).length > 0) out.inject = injects;
      metrics[index] = out;
    }
    const { index, metrics: _facts, ...rest } = widget;
    widgets[index] = { ...rest, metrics: Array.from(metrics, (m) => m ?? {}) };
  }
  const json = JSON.stringify({ name: facts.name, widgets: Array.from(widgets, (w) => w ?? {}) }, null, 2);
  return { json, queries, missing };
}

const FLAGS: RunFlags = { range: undefined, params: {}, injects: {}, limit: undefined, line: undefined };
const pct = (n: number, of: number) => (of === 0 ? '—' : `${((100 * n) / of).toFixed(1)}%`);

async function main(): Promise<void> {
  if (!corpusPresent) {
    console.log(`no corpus at ${corpusDir}: the boards cannot be rebuilt (set MXQL_CORPUS)`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'mxql-authored-'));
  const target = await openTarget({ demo: true });
  try {
    const files: string[] = [];
    let queries = 0;
    let missing = 0;
    for (const name of readdirSync(FACTS)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const facts = JSON.parse(readFileSync(join(FACTS, name), 'utf8')) as BoardFacts;
      const board = rebuild(facts);
      queries += board.queries;
      missing += board.missing;
      const path = join(dir, name);
      writeFileSync(path, board.json);
      files.push(path);
    }
    const runAll = async (rule: BoardRule): Promise<FileRun[]> => {
      const runs: FileRun[] = [];
      for (const path of files) runs.push(...(await runJsonFile(path, FLAGS, target, false, rule)));
      return runs.filter((r) => r.pointer !== undefined);
    };
    const before = await runAll('unfilled');
    const defaults = await runAll('default');
    const after = await runAll('authored');
    const withRows = (runs: readonly FileRun[]) => runs.filter((r) => r.status === 'ok').length;
    console.log(
      `boards: ${files.length}; embedded queries rebuilt: ${queries} (${missing} strings not in the corpus)`,
    );
    console.log(`queries run: ${after.length}`);
    const b = withRows(before);
    const a = withRows(after);
    console.log(
      `with rows, last round's rule (no authored values): ${b} of ${before.length} = ${pct(b, before.length)}`,
    );
    const d = withRows(defaults);
    console.log(
      `with rows, the board's default merge only: ${d} of ${defaults.length} = ${pct(d, defaults.length)}`,
    );
    console.log(
      `with rows, authored values: ${a} of ${after.length} = ${pct(a, after.length)} (goal >= ${GOAL * 100}%: ${a >= GOAL * after.length ? 'met' : 'NOT met'})`,
    );
    const origins = new Map<string, number>();
    for (const run of after)
      for (const [name, origin] of Object.entries(run.paramOrigins ?? {})) {
        const where = origin.kind === 'field' ? `field (${origin.how})` : origin.kind;
        const key = `${name} <- ${where}`;
        origins.set(key, (origins.get(key) ?? 0) + 1);
      }
    // Where the author's value differs from what the default alone sends: the rows are the author's merge.
    const differ = after.filter((run) =>
      Object.entries(run.paramOrigins ?? {}).some(
        ([name, origin]) => origin.kind !== 'default' && run.params?.[name] !== 'avg',
      ),
    ).length;
    console.log(`queries whose authored merge differs from the default (avg): ${differ}`);
    console.log('filled values by origin:');
    for (const [key, n] of [...origins].sort((x, y) => y[1] - x[1]))
      console.log(`  ${String(n).padStart(4)}  ${key}`);
    const why = new Map<string, number>();
    for (const run of after.filter((r) => r.status !== 'ok')) {
      const reason = run.status === 'empty' ? 'empty' : `error ${run.error?.code ?? ''}`;
      why.set(reason, (why.get(reason) ?? 0) + 1);
    }
    console.log('without rows (authored rule):');
    for (const [key, n] of [...why].sort((x, y) => y[1] - x[1]))
      console.log(`  ${String(n).padStart(4)}  ${key}`);
  } finally {
    await target.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
