// Acceptance figures of the assistant toolset (test/acceptance/cases.json, served by the scripted agent
// of test/support/scriptedAgent.ts): pass rate and median tool calls with every tool, beside a baseline
// measured in the same run, the same agent without mxql_find_data (it matches the need's words against
// the catalog's category names instead, as an assistant without the search has to), and the same cases
// once more through `mxql mcp --demo` over stdio, to show the MCP path gives the same outcomes.
// Run: node --import tsx test/bench/acceptance.bench.ts
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';
import { startHarness } from '../assistant/harness';
import {
  ALL_TOOLS,
  judge,
  loadCases,
  runInProcess,
  summary,
  type AcceptanceCase,
  type Verdict,
} from '../support/acceptanceCases';
import { REPO_ROOT } from '../support/cliProcess';
import { runScriptedAgent, type AgentOptions, type Invoke } from '../support/scriptedAgent';

const cases = loadCases();

async function inProcess(options: AgentOptions): Promise<Verdict[]> {
  const h = await startHarness();
  try {
    const tokens = h.demo.projects.map((p) => p.token).concat(h.demo.accountToken);
    const verdicts: Verdict[] = [];
    for (const c of cases) {
      const transcript = await runInProcess(c, h.context(c.locale), options);
      verdicts.push(judge(c, transcript, options.tools, tokens));
    }
    return verdicts;
  } finally {
    await h.close();
  }
}

interface TextContent {
  type: string;
  text?: string;
}

/** The cases of one locale through a `mxql mcp --demo --locale <locale>` child, as an assistant host runs it. */
async function overStdio(
  locale: AcceptanceCase['locale'],
  of: readonly AcceptanceCase[],
): Promise<Verdict[]> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'cli/main.ts', 'mcp', '--demo', '--locale', locale],
    cwd: REPO_ROOT,
    env: { ...(process.env as Record<string, string>), MXQL_PROJECT_TOKEN: '', MXQL_ACCOUNT_TOKEN: '' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'acceptance-bench', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const offered = tools.map((t) => t.name);
    const invoke: Invoke = async (name, input) => {
      const result = await client.callTool({ name, arguments: input });
      return {
        text: ((result.content ?? []) as TextContent[]).map((c) => c.text ?? '').join('\n'),
        structured: result.structuredContent as Record<string, unknown> | undefined,
        isError: result.isError as boolean | undefined,
      };
    };
    const verdicts: Verdict[] = [];
    // The child's demo tokens never reach this process: the judge checks their shape instead.
    for (const c of of)
      verdicts.push(judge(c, await runScriptedAgent(c.need, invoke, { tools: offered }), offered, []));
    return verdicts;
  } finally {
    await client.close();
  }
}

function failuresOf(label: string, verdicts: readonly Verdict[]): void {
  for (const v of verdicts.filter((x) => !x.pass))
    console.log(`    ${label} ${v.id}: ${v.failures.join('; ')}`);
}

async function main(): Promise<void> {
  console.log(
    `acceptance: ${cases.length} cases (${['en', 'ko', 'ja'].map((l) => `${l} ${cases.filter((c) => c.locale === l).length}`).join(', ')})`,
  );
  const started = performance.now();
  const full = await inProcess({ tools: ALL_TOOLS });
  const inProcessMs = performance.now() - started;
  const baseline = await inProcess({
    tools: ALL_TOOLS.filter((t) => t !== 'mxql_find_data'),
    categoryNames: bundledCategoryCatalog.categoryNames(),
  });
  const stdioStarted = performance.now();
  const byLocale = await Promise.all(
    (['en', 'ko', 'ja'] as const).map((locale) =>
      overStdio(
        locale,
        cases.filter((c) => c.locale === locale),
      ),
    ),
  );
  const stdioMs = performance.now() - stdioStarted;
  const stdio = cases.map((c) => byLocale.flat().find((v) => v.id === c.id) as Verdict);

  const dataCases = cases.filter((c) => c.expectTools.includes('mxql_find_data')).map((c) => c.id);
  const onlyData = (verdicts: readonly Verdict[]) => verdicts.filter((v) => dataCases.includes(v.id));
  const f = summary(full);
  const b = summary(baseline);
  console.log(`  toolset (in process)      ${f.line}  [${inProcessMs.toFixed(0)} ms]`);
  console.log(`  baseline, no find_data    ${b.line}`);
  console.log(`  data needs only           ${summary(onlyData(full)).line}`);
  console.log(`  data needs, baseline      ${summary(onlyData(baseline)).line}`);
  // The baseline matches ASCII words only, so English needs show what the search adds beyond language.
  const english = (verdicts: readonly Verdict[]) =>
    onlyData(verdicts).filter((v) => cases.find((c) => c.id === v.id)?.locale === 'en');
  console.log(`  English data needs        ${summary(english(full)).line}`);
  console.log(`  English data, baseline    ${summary(english(baseline)).line}`);
  console.log(`  toolset over mcp stdio    ${summary(stdio).line}  [${stdioMs.toFixed(0)} ms]`);
  const sameOutcome = (a: Verdict | undefined, b: Verdict | undefined) =>
    a?.pass === b?.pass && a?.tools.join() === b?.tools.join();
  const differ = cases.filter((_, i) => !sameOutcome(full[i], stdio[i]));
  console.log(
    `  stdio outcomes (verdict and tool sequence) equal to in process: ${cases.length - differ.length}/${cases.length}`,
  );
  for (const c of differ) console.log(`    differs: ${c.id}`);
  console.log(
    `  README: pass rate ${(f.passRate * 100).toFixed(0)}% (baseline ${(b.passRate * 100).toFixed(0)}%), median calls ${f.medianCalls} (baseline ${b.medianCalls})`,
  );
  failuresOf('toolset', full);
  failuresOf('stdio', stdio);
  failuresOf('baseline', baseline);
}

void main();
