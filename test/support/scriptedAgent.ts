// A scripted assistant for the acceptance cases: a fixed policy, no model. It reads the need's words
// only to pick a flow, and from then on acts on nothing but what the tools return, following the flow
// their descriptions document (find → describe → check → run; check → apply the offered fixes → check;
// an unknown endpoint id → the valid ids → the closest one). It calls tools through `invoke`, so the
// same policy runs in process and over MCP stdio.

/** One tool answer as any shell gives it. */
export interface AgentToolResult {
  readonly text: string;
  readonly structured?: Readonly<Record<string, unknown>> | undefined;
  readonly isError?: boolean | undefined;
}

export type Invoke = (name: string, input: Record<string, unknown>) => Promise<AgentToolResult>;

export interface AgentCall {
  readonly name: string;
  readonly input: Record<string, unknown>;
  readonly result: AgentToolResult;
}

export interface AgentOptions {
  /** The tools the host offers; the baseline leaves out mxql_find_data. */
  readonly tools: readonly string[];
  /** Without the search, the category names the agent may match the need's words against. */
  readonly categoryNames?: readonly string[];
}

export interface Transcript {
  readonly calls: readonly AgentCall[];
  /** Every tool text, in call order: what the assistant read and would answer from. */
  readonly text: string;
  /** Every structured result as JSON: checked for leaks along with the text. */
  readonly data: string;
}

const EXPLAIN = /\bexplain|what does .* do|walk me through|설명|뭘 하는|무엇을 하는|説明|何をする/i;
const RUN = /\brun\b|실행|돌려|実行/i;
const OPEN_API = /open ?api|endpoint|엔드포인트|エンドポイント/i;
const PROJECTS = /\bprojects\b|프로젝트 목록|프로젝트.*(목록|알려|보여)|プロジェクト(一覧|の一覧)/i;
const AGENTS =
  /\b(list|which)\b.*\bagents\b|\bagents\b.*\b(running|up|alive)\b|에이전트 목록|에이전트.*(목록|상태)|エージェント(一覧|の一覧|の状態)/i;
const DESCRIBE =
  /\bcolumns\b|\bfields\b|\bdescribe\b|컬럼|필드|카테고리.*설명|설명.*카테고리|カラム|フィールド/i;
/** A category as a user types it: lowercase words joined by underscores. */
const CATEGORY_NAME = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/;
/** An endpoint id as the API client names it: camelCase. */
const ENDPOINT_ID = /\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/;

const UNITS: readonly (readonly [RegExp, string])[] = [
  [/^(s|sec|secs|seconds?|초|秒)$/i, 's'],
  [/^(m|min|mins|minutes?|분|分)$/i, 'm'],
  [/^(h|hours?|시간|時間)$/i, 'h'],
  [/^(d|days?|일|日)$/i, 'd'],
];

/** A span of time as a need says it, with the words that lead to it. */
const SPAN =
  /(?:\b(?:for|over|in|during) (?:the )?(?:last|past) |최근 |지난 |過去)?(\d+)\s*([a-zA-Z]+|분|시간|일|초|分|時間|日|秒)(?: 동안)?/g;

/** `last 30 minutes`, `최근 2시간`, `過去1時間` → `30m`, `2h`, `1h`, and the need without those words. */
export function rangeOfNeed(need: string): { range?: string; rest: string } {
  for (const m of need.matchAll(SPAN)) {
    const unit = UNITS.find(([pattern]) => pattern.test(m[2] ?? ''))?.[1];
    if (unit) return { range: `${m[1] ?? ''}${unit}`, rest: need.replace(m[0], ' ').trim() };
  }
  return { rest: need };
}

/** The query the need quotes in a fenced block, if any. */
function quotedQuery(need: string): string | undefined {
  const m = /```[a-z]*\n([\s\S]*?)```/.exec(need);
  return m?.[1];
}

/** Words that say nothing about which data is meant. */
const STOPWORDS = new Set(
  (
    'me my the of for and per in on to is are how what which show give last minutes hour ' +
    'hours day days now right many much each by it this that from with all over get see want tell'
  ).split(' '),
);

/** Lowercase ASCII words of at least two letters, stopwords left out. */
function asciiWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z0-9]+/g) ?? []).filter((w) => !STOPWORDS.has(w));
}

/** Converts 1-based line/column positions of `text` into offsets and applies the edits, last first. */
function applyEdits(
  text: string,
  edits: readonly { line: number; column: number; endLine: number; endColumn: number; newText: string }[],
): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const offset = (line: number, column: number) => (starts[line - 1] ?? text.length) + column - 1;
  const ordered = edits
    .map((e) => ({
      start: offset(e.line, e.column),
      end: offset(e.endLine, e.endColumn),
      newText: e.newText,
    }))
    .sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of ordered) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

interface CheckedFix {
  edits: { line: number; column: number; endLine: number; endColumn: number; newText: string }[];
}

/** The product type of the projects a "belongs to … monitoring" notice points to. */
const PROJECT_KIND: readonly (readonly [RegExp, string])[] = [
  [/belongs to [^;]*\bserver\b/i, 'SMS'],
  [/belongs to [^;]*\bdatabase\b/i, 'DB'],
  [/belongs to [^;]*\bapplication\b/i, 'APM'],
];

class Session {
  readonly calls: AgentCall[] = [];
  constructor(
    private readonly invoke: Invoke,
    private readonly options: AgentOptions,
  ) {}

  offers(name: string): boolean {
    return this.options.tools.includes(name);
  }

  async call(name: string, input: Record<string, unknown>): Promise<AgentToolResult> {
    const result = await this.invoke(name, input);
    this.calls.push({ name, input, result });
    return result;
  }

  async check(mql: string): Promise<void> {
    const first = await this.call('mxql_check', { mql });
    const diagnostics = (first.structured?.['diagnostics'] ?? []) as { fixes: CheckedFix[] }[];
    const edits = diagnostics.flatMap((d) => d.fixes[0]?.edits ?? []);
    if (edits.length > 0) await this.call('mxql_check', { mql: applyEdits(mql, edits) });
  }

  async openApi(need: string): Promise<void> {
    const named = ENDPOINT_ID.exec(need)?.[0];
    if (named) {
      await this.call('mxql_open_api', { endpoint: named });
      return;
    }
    // The description promises that an unknown id returns the valid ids: ask, then take the closest.
    const listed = await this.call('mxql_open_api', { endpoint: '?' });
    // The ids are the one long comma-separated list of names, whatever language the prose is in.
    const ids = /[A-Za-z0-9]+(?:, [A-Za-z0-9]+){3,}/.exec(listed.text)?.[0].split(', ') ?? [];
    const words = new Set(asciiWords(need));
    const score = (id: string) =>
      id
        .split(/(?=[A-Z])/)
        .map((w) => w.toLowerCase())
        .filter((w) => words.has(w)).length;
    const best = [...ids].sort((a, b) => score(b) - score(a))[0];
    if (best && score(best) > 0) await this.call('mxql_open_api', { endpoint: best });
  }

  /** The category the need's words name best among the known names, as an assistant without search guesses. */
  guessCategory(need: string): string | undefined {
    const words = new Set(asciiWords(need));
    let best: { name: string; score: number } | undefined;
    for (const name of this.options.categoryNames ?? []) {
      const score = name.split('_').filter((part) => words.has(part)).length;
      if (
        score > 0 &&
        (!best || score > best.score || (score === best.score && name.length < best.name.length))
      )
        best = { name, score };
    }
    return best?.name;
  }

  async findData(need: string): Promise<void> {
    // The span of time goes to mxql_run; the search gets only what the user wants to see.
    const { range, rest } = rangeOfNeed(need);
    let category: string | undefined;
    if (this.offers('mxql_find_data')) {
      const found = await this.call('mxql_find_data', { query: rest });
      const matches = (found.structured?.['matches'] ?? []) as { category: string }[];
      category = matches[0]?.category;
    } else category = this.guessCategory(rest);
    if (category === undefined) return;
    const described = await this.call('mxql_describe_category', { category });
    const example = described.structured?.['example'];
    if (typeof example !== 'string') return;
    const checked = await this.call('mxql_check', { mql: example });
    if (Number(checked.structured?.['errors'] ?? 1) > 0) return;
    const input = { mql: example, maxRows: 5, ...(range ? { range } : {}) };
    const ran = await this.call('mxql_run', input);
    await this.followEmptyResult(ran, input);
  }

  /**
   * A result the row limit cut (complete: false) is run again with the limit it names, as its text asks;
   * not when it names columns no row has: more rows of the same query cannot bring them, the query is wrong.
   */
  async followCut(ran: AgentToolResult, input: Record<string, unknown>): Promise<void> {
    const cut = ran.structured?.['cut'] as { suggestedLimit?: number } | undefined;
    if (ran.structured?.['complete'] !== false || cut?.suggestedLimit === undefined) return;
    const missing = ran.structured?.['missingColumns'];
    if (Array.isArray(missing) && missing.length > 0) return;
    await this.call('mxql_run', { ...input, limit: cut.suggestedLimit });
  }

  /** An empty result that names the kind of project holding the data: list the projects, run there. */
  async followEmptyResult(ran: AgentToolResult, input: Record<string, unknown>): Promise<void> {
    const reasons = (ran.structured?.['emptyBecause'] ?? []) as { kind: string; text: string }[];
    const notice = reasons.find((r) => r.kind === 'notice' && /pick a project of that kind/.test(r.text));
    const kind = notice && PROJECT_KIND.find(([pattern]) => pattern.test(notice.text))?.[1];
    if (!kind || !this.offers('mxql_list_projects')) return;
    const listed = await this.call('mxql_list_projects', {});
    const projects = (listed.structured?.['projects'] ?? []) as {
      pcode: number;
      productType?: string;
      platform?: string;
    }[];
    // Of that kind, one on the platform the notice names (`JAVA application monitoring`) if any.
    const ofKind = projects.filter((p) => p.productType === kind);
    const project =
      ofKind.find((p) => p.platform !== undefined && notice.text.includes(`${p.platform} `)) ?? ofKind[0];
    if (project) await this.call('mxql_run', { ...input, pcode: project.pcode });
  }

  async serve(need: string): Promise<void> {
    const query = quotedQuery(need);
    if (query !== undefined) {
      if (EXPLAIN.test(need)) await this.call('mxql_explain', { mql: query });
      else if (RUN.test(need)) {
        const { range } = rangeOfNeed(need);
        const input = { mql: query, maxRows: 5, ...(range ? { range } : {}) };
        await this.followCut(await this.call('mxql_run', input), input);
      } else await this.check(query);
      return;
    }
    if (OPEN_API.test(need)) return this.openApi(need);
    if (PROJECTS.test(need)) {
      await this.call('mxql_list_projects', {});
      return;
    }
    if (AGENTS.test(need)) {
      await this.call('mxql_list_agents', {});
      return;
    }
    const named = CATEGORY_NAME.exec(need)?.[0];
    if (named && DESCRIBE.test(need)) {
      await this.call('mxql_describe_category', { category: named });
      return;
    }
    await this.findData(need);
  }
}

/** Serves one need with the tools `options` offers; never throws on what a tool answers. */
export async function runScriptedAgent(
  need: string,
  invoke: Invoke,
  options: AgentOptions,
): Promise<Transcript> {
  const session = new Session(invoke, options);
  await session.serve(need);
  return {
    calls: session.calls,
    text: session.calls.map((c) => c.result.text).join('\n'),
    data: session.calls.map((c) => JSON.stringify(c.result.structured ?? {})).join('\n'),
  };
}
