// Runs the shared corpus of real queries against the demo engine the way a user pasting them would:
// each query in a project of the kind its categories belong to, its unbound `$params` bound to a real
// agent of that project (or the conventional example value), INJECT fragments empty. Used by the
// corpus benchmark and by the test that holds a floor on its figures.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, splitCategorySuffix } from '../../server/core/index';
import { WELL_KNOWN_PARAMS } from '../../server/core/catalog/wellKnownNames';
import { createDemoData, type DemoAgent, type DemoData, type DemoProject } from '../../demo/data/index';
import { projectCollects } from '../../demo/data/families';
import { runMxqlRequest } from '../../demo/mxql/index';
import { MxqlQueryError, noticesOf } from '../../demo/mxqlExecutor';
import { corpusDir } from './corpus';

export const CORPUS_NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const HOUR = 3_600_000;

/** One corpus query's outcome. */
export interface CorpusOutcome {
  readonly file: string;
  readonly outcome: 'rows' | 'empty' | 'error';
  /** The error code for errors (`crash` for anything but a MxqlQueryError). */
  readonly code?: string;
  readonly message?: string;
  readonly rows: number;
  readonly ms: number;
}

/** The corpus files a benchmark can run: every query without a `<%` template marker. */
export function runnableCorpus(dir = corpusDir): { file: string; text: string }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mxql'))
    .sort()
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }))
    .filter(({ text }) => !text.includes('<%'));
}

/** The category names a query's CATEGORY lines name (JSON form included, suffixes dropped). */
export function categoriesOf(text: string): string[] {
  const { ast } = parse(text);
  const statements = [...ast.main, ...ast.subs.flatMap((s) => s.commands)];
  const out: string[] = [];
  for (const st of statements) {
    if (st.kind !== 'command' || st.upperName !== 'CATEGORY' || !st.operand) continue;
    const op = st.operand;
    if (op.kind === 'object') for (const m of op.members) if (m.key) out.push(m.key.name);
    if (op.kind === 'word' || op.kind === 'string') out.push(op.kind === 'word' ? op.text : op.value);
  }
  return out.map((name) => splitCategorySuffix(name).base);
}

function activeAgent(data: DemoData, project: DemoProject): DemoAgent | undefined {
  return data.agentsOf(project.pcode).find((a) => a.active);
}

/** The first project with active agents that collects the query's first category. */
export function projectFor(data: DemoData, text: string): DemoProject {
  const category = categoriesOf(text)[0] ?? 'app_counter';
  const fits = data.projects.filter((p) => activeAgent(data, p) !== undefined);
  const project = fits.find((p) => projectCollects(p, category)) ?? fits[0];
  if (!project) throw new Error('the demo data set has no project with active agents');
  return project;
}

/** True when the query uses no `$param` but the range's own `$stime`/`$etime`: it runs as pasted. */
export function isParameterFree(text: string): boolean {
  return parse(text).ast.params.every((ref) => ref.name === '$stime' || ref.name === '$etime');
}

/** Binds every `$param` of the text: agent identity from the agent, others from their conventional example. */
export function paramsFor(text: string, project: DemoProject, agent: DemoAgent): Record<string, string> {
  const own: Record<string, string> = {
    $oid: String(agent.oid),
    $microOid: String(agent.oid),
    $okind: String(agent.okind),
    $onode: String(agent.onode),
    $oname: agent.oname,
    $okindName: agent.okindName,
    $onodeName: agent.onodeName,
    $pcode: String(project.pcode),
  };
  const params: Record<string, string> = {};
  for (const ref of parse(text).ast.params) {
    if (ref.name === '$stime' || ref.name === '$etime') continue;
    params[ref.name] = own[ref.name] ?? WELL_KNOWN_PARAMS.find((p) => p.name === ref.name)?.example ?? '1';
  }
  return params;
}

/** Runs one corpus query over the hour before {@link CORPUS_NOW}. */
export async function runCorpusQuery(data: DemoData, file: string, text: string): Promise<CorpusOutcome> {
  const project = projectFor(data, text);
  const agent = activeAgent(data, project);
  const param = agent ? paramsFor(text, project, agent) : {};
  const start = performance.now();
  try {
    const rows = await runMxqlRequest(
      data,
      {
        pcode: project.pcode,
        mql: text,
        kind: 'text',
        stime: CORPUS_NOW - HOUR,
        etime: CORPUS_NOW,
        limit: 10_000,
        param,
        inject: {},
      },
      new AbortController().signal,
    );
    const ms = performance.now() - start;
    const message = noticesOf(rows).join('; ');
    return {
      file,
      outcome: rows.length > 0 ? 'rows' : 'empty',
      rows: rows.length,
      ms,
      ...(message ? { message } : {}),
    };
  } catch (error) {
    const ms = performance.now() - start;
    const code = error instanceof MxqlQueryError ? error.code : 'crash';
    return {
      file,
      outcome: 'error',
      code,
      message: error instanceof Error ? error.message : String(error),
      rows: 0,
      ms,
    };
  }
}

/** A fresh demo data set at the corpus clock. */
export function corpusData(): DemoData {
  return createDemoData(19, () => CORPUS_NOW);
}

/** Share with rows, share empty, errors by code, median and p99 time of a set of outcomes. */
export function summarise(outcomes: readonly CorpusOutcome[]) {
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  const errors: Record<string, number> = {};
  for (const o of outcomes) if (o.code) errors[o.code] = (errors[o.code] ?? 0) + 1;
  const share = (kind: CorpusOutcome['outcome']) =>
    outcomes.filter((o) => o.outcome === kind).length / Math.max(1, outcomes.length);
  return {
    queries: outcomes.length,
    withRows: share('rows'),
    empty: share('empty'),
    errors,
    medianMs: at(0.5),
    p99Ms: at(0.99),
  };
}
