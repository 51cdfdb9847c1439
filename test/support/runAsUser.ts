// Real queries run exactly as a user runs them: `mxql run <folder> --demo` with no --param, through the
// CLI's own path (cli/runQuery.ts over the one run planner), against the in-process demo. Then, for the
// files that need values only the user knows, once more with every such `$param` set to the first
// choice the product offers (the planner's choices, the first live value of a tag value's lookup run as
// `mxql run` and the editor run it, or the project's first agent by name). Used by the benchmark that
// prints the figures and by the test that holds a floor on them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openTarget, type Target } from '../../cli/args';
import {
  localClock,
  planFile,
  runFlags,
  runQueryFile,
  type FileRun,
  type RunFlags,
} from '../../cli/runQuery';
import { parse, type ParamNeed } from '../../server/core/index';
import { withLiveChoices, type AgentItem } from '../../api/index';
import { categoriesOf } from '../../cli/demoProject';

/** One file's outcomes. */
export interface UserRun {
  readonly file: string;
  /** The run with no --param. */
  readonly bare: FileRun;
  /** `$params` still needing a value (agent filters excluded: they are optional). */
  readonly needs: readonly ParamNeed[];
  /** The run with every need set to its first choice; undefined when nothing was needed or no choice exists. */
  readonly chosen?: FileRun;
}

/** The corpus files a user can send as they are: every file without a `<% … %>` template marker. */
export function sendableFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mxql'))
    .sort()
    .map((f) => join(dir, f))
    .filter((path) => !readFileSync(path, 'utf8').includes('<%'));
}

const noFlags: RunFlags = runFlags({});

/** The first value the product offers for each need: its default, its first choice, or the first agent. */
async function firstChoices(
  target: Target,
  pcode: number | undefined,
  needs: readonly ParamNeed[],
): Promise<Record<string, string> | undefined> {
  const values: Record<string, string> = {};
  for (const need of needs) {
    let value = need.defaultValue ?? need.choices[0];
    if (need.kind === 'agent') {
      const now = Date.now();
      const agents = (
        await target.client.agentList(
          { stime: now - 3_600_000, etime: now },
          pcode === undefined ? {} : { pcode },
        )
      ).data;
      const first = [...agents].sort(
        (a, b) => Number(b.active) - Number(a.active) || a.oname.localeCompare(b.oname),
      )[0];
      const field = (need.agentField ?? 'oid') as keyof AgentItem;
      value = first ? String(first[field]) : undefined;
    }
    if (value === undefined) return undefined;
    values[need.name] = value;
  }
  return values;
}

/** Runs every file as a user would, then with the first choices where values were needed. */
export async function runAsUser(files: readonly string[]): Promise<UserRun[]> {
  const target = await openTarget({ demo: true });
  try {
    const out: UserRun[] = [];
    for (const file of files) {
      const bare = await runQueryFile(file, noFlags, target);
      const plan = planFile(readFileSync(file, 'utf8'), noFlags, localClock());
      const needs = plan.needs;
      let chosen: FileRun | undefined;
      if (needs.length > 0) {
        const text = readFileSync(file, 'utf8');
        const { pcode } = target.projectFor({ pcode: plan.pcode, categories: () => categoriesOf(text) });
        const live =
          pcode === undefined
            ? needs
            : (await withLiveChoices(needs, plan.range, (body) => target.client.mxqlText(body, { pcode })))
                .needs;
        const params = await firstChoices(target, pcode, live);
        if (params) chosen = await runQueryFile(file, { ...noFlags, params }, target);
      }
      out.push({ file, bare, needs, ...(chosen ? { chosen } : {}) });
    }
    return out;
  } finally {
    await target.close();
  }
}

/** The figures of a run over the corpus. */
export interface UserRunFigures {
  readonly files: number;
  /** Files refused only because agent filters had no value (must be none). */
  readonly refusedForAgentFilters: number;
  /** Files that need no value from the user, and the share of them that returned rows. */
  readonly needNothing: number;
  readonly needNothingWithRows: number;
  /** Files that need a value the user knows, and the share that returned rows with the first choices. */
  readonly needValues: number;
  readonly firstChoiceWithRows: number;
  /** Error codes of the files that need nothing and failed, with counts. */
  readonly errors: Readonly<Record<string, number>>;
}

const AGENT_FILTERS = new Set(['OID', 'OKIND', 'ONODE', 'OIDSET']);

/**
 * The `$params` of `text` used only inside agent-filter commands (OID, OKIND, ONODE, OIDSET), read
 * straight from the syntax tree: an independent check of the planner's rule, not a call to it.
 */
export function filterOnlyParams(text: string): Set<string> {
  const { ast } = parse(text);
  const statements = [...ast.main, ...ast.subs.flatMap((s) => s.commands)];
  const filters = statements.filter((s) => s.kind === 'command' && AGENT_FILTERS.has(s.upperName));
  const inFilter = (r: { start: number; end: number }) =>
    filters.some((f) => f.range.start <= r.start && r.end <= f.range.end);
  const names = new Set(ast.params.map((p) => p.name));
  for (const ref of ast.params) if (!inFilter(ref.range)) names.delete(ref.name);
  return names;
}

/** The `$params` named in a refusal `missing value for $a, $b: …`. */
function refusedNames(run: FileRun): string[] {
  if (run.error?.code !== 'run/missing-param') return [];
  const list = /missing value for ([^:;]+)/.exec(run.error.message)?.[1] ?? '';
  return list
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
}

export function figuresOf(runs: readonly UserRun[]): UserRunFigures {
  const needNothing = runs.filter((r) => r.needs.length === 0);
  const needValues = runs.filter((r) => r.needs.length > 0);
  const errors: Record<string, number> = {};
  for (const r of needNothing) {
    const code = r.bare.error?.code;
    if (code) errors[code] = (errors[code] ?? 0) + 1;
  }
  const refusedForAgentFilters = runs.filter((r) => {
    const refused = refusedNames(r.bare);
    const filterOnly = filterOnlyParams(readFileSync(r.file, 'utf8'));
    return refused.length > 0 && refused.every((name) => filterOnly.has(name));
  }).length;
  return {
    files: runs.length,
    refusedForAgentFilters,
    needNothing: needNothing.length,
    needNothingWithRows: needNothing.filter((r) => r.bare.status === 'ok').length,
    needValues: needValues.length,
    firstChoiceWithRows: needValues.filter((r) => r.chosen?.status === 'ok').length,
    errors,
  };
}
