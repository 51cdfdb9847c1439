// The acceptance cases of the assistant toolset (test/acceptance/cases.json) and how one is judged: the
// tools it expects were called, within its most calls, every mustMatch pattern is in what the tools
// said and no mustNotMatch pattern is in it or in their data. Shared by the unit test and the bench.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../../common/l10n';
import { TOOLS, invokeTool, type ToolContext } from '../../assistant/toolset';
import { REPO_ROOT } from './cliProcess';
import { runScriptedAgent, type AgentOptions, type Invoke, type Transcript } from './scriptedAgent';

export interface AcceptanceCase {
  readonly id: string;
  readonly need: string;
  readonly locale: Language;
  readonly expectTools: readonly string[];
  readonly maxCalls: number;
  readonly mustMatch: readonly string[];
  readonly mustNotMatch: readonly string[];
}

/** In mustNotMatch, stands for every token of the demo the case runs on (known only at run time). */
export const DEMO_TOKENS = '@demoTokens';
/** The shape of any demo token, for a demo in another process whose tokens this one never sees. */
const DEMO_TOKEN_SHAPE = 'demo-(project|account)-[0-9a-f-]{6,}';

export const ALL_TOOLS: readonly string[] = TOOLS.map((t) => t.name);

export function loadCases(): AcceptanceCase[] {
  const file = join(REPO_ROOT, 'test', 'acceptance', 'cases.json');
  return JSON.parse(readFileSync(file, 'utf8')) as AcceptanceCase[];
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The patterns of `mustNotMatch`, the demo-token marker replaced by the tokens and their shape. */
function forbidden(patterns: readonly string[], tokens: readonly string[]): RegExp[] {
  return patterns.flatMap((p) =>
    p === DEMO_TOKENS
      ? [DEMO_TOKEN_SHAPE, ...tokens.map(escaped)].map((t) => new RegExp(t))
      : [new RegExp(p, 'i')],
  );
}

export interface Verdict {
  readonly id: string;
  readonly pass: boolean;
  readonly calls: number;
  /** The tools called, in order. */
  readonly tools: readonly string[];
  readonly failures: readonly string[];
}

/** Judges a transcript; `offered` are the tools the host gave, so a baseline is not asked for others. */
export function judge(
  c: AcceptanceCase,
  transcript: Transcript,
  offered: readonly string[],
  tokens: readonly string[],
): Verdict {
  const failures: string[] = [];
  const called = new Set(transcript.calls.map((call) => call.name));
  for (const tool of c.expectTools.filter((t) => offered.includes(t)))
    if (!called.has(tool)) failures.push(`${tool} was not called`);
  if (transcript.calls.length > c.maxCalls)
    failures.push(`${transcript.calls.length} calls, at most ${c.maxCalls} allowed`);
  for (const p of c.mustMatch) if (!new RegExp(p, 'i').test(transcript.text)) failures.push(`missing /${p}/`);
  for (const re of forbidden(c.mustNotMatch, tokens))
    if (re.test(transcript.text) || re.test(transcript.data))
      failures.push(`forbidden ${String(re)} present`);
  const tools = transcript.calls.map((call) => call.name);
  return { id: c.id, pass: failures.length === 0, calls: tools.length, tools, failures };
}

/** Runs the scripted agent on a case with the toolset in this process. */
export function runInProcess(
  c: AcceptanceCase,
  context: ToolContext,
  options: AgentOptions,
): Promise<Transcript> {
  const signal = new AbortController().signal;
  const invoke: Invoke = (name, input) => invokeTool(name, input, context, signal);
  return runScriptedAgent(c.need, invoke, options);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export interface Summary {
  readonly passRate: number;
  readonly medianCalls: number;
  /** Over passed cases only: an agent that gives up early calls less without doing better. */
  readonly medianCallsPassed: number;
  /** `pass rate 31/32 (96.9%), median calls 4 (passed 4)`. */
  readonly line: string;
}

export function summary(verdicts: readonly Verdict[]): Summary {
  const passed = verdicts.filter((v) => v.pass);
  const passRate = verdicts.length === 0 ? 0 : passed.length / verdicts.length;
  const medianCalls = median(verdicts.map((v) => v.calls));
  const medianCallsPassed = median(passed.map((v) => v.calls));
  const percent = (passRate * 100).toFixed(1);
  const line = `pass rate ${passed.length}/${verdicts.length} (${percent}%), median calls ${medianCalls} (passed ${medianCallsPassed})`;
  return { passRate, medianCalls, medianCallsPassed, line };
}
