// The prompts for missing values against the demo backend over loopback: agent picks for $oid,
// typed values, INJECT fragments (empty allowed), cancel, and per-file memory without secrets.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type * as vscode from 'vscode';
import { createOpenApiClient, type OpenApiClient } from '../../api/index';
import { startDemoServer, type DemoServer } from '../../demo/index';
import type { Target } from '../../client/src/profiles/profiles';
import { promptMissing, rememberedValues, rememberValues } from '../../client/src/run/prompts';
import type { PickItem, Ui } from '../../client/src/views/ui';
import { planRun, type ParamNeed } from '../../server/core/index';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';

let demo: DemoServer;
let client: OpenApiClient;
let target: Target;

before(async () => {
  demo = await startDemoServer();
  const project = demo.projects[0];
  assert.ok(project);
  client = createOpenApiClient({ baseUrl: demo.baseUrl, projectToken: project.token, pcode: project.pcode });
  target = { profile: 'Demo', isDemo: true, client, baseUrl: demo.baseUrl, pcode: project.pcode };
});

after(async () => {
  await client.close();
  await demo.close();
});

/** A Ui that answers from a queue and records what it was asked. */
function scripted(answers: (string | undefined)[]) {
  const asked: { kind: string; text: string; choices: string[]; value?: string }[] = [];
  const ui: Ui = {
    message: (_level, text, ...actions) => {
      asked.push({ kind: 'message', text, choices: actions });
      return Promise.resolve(answers.shift());
    },
    inputBox: (options) => {
      asked.push({
        kind: 'inputBox',
        text: options.prompt ?? '',
        choices: [],
        ...(options.value ? { value: options.value } : {}),
      });
      return Promise.resolve(answers.shift());
    },
    quickPick: <T>(items: readonly PickItem<T>[], options: vscode.QuickPickOptions) => {
      asked.push({ kind: 'quickPick', text: options.title ?? '', choices: items.map((i) => i.label) });
      const answer = answers.shift();
      return Promise.resolve(items.find((i) => i.label === answer));
    },
    progress: (title, work) => {
      asked.push({ kind: 'progress', text: title, choices: [] });
      return work(new AbortController().signal);
    },
  };
  return { ui, asked };
}

const none = { params: {}, injects: {} };

/** A need as the core's paramNeeds describes it. */
function need(name: string, extra: Partial<ParamNeed> = {}): ParamNeed {
  const agent = ['$oid', '$okind', '$onode'].includes(name);
  return {
    name,
    kind: agent ? 'agent' : 'text',
    optional: false,
    choices: [],
    ...(agent ? { agentField: name.slice(1) } : {}),
    ...extra,
  };
}

/** The prompts' context: the scripted Ui, the demo target and a log that records warnings. */
function asking(ui: Ui, on: Target = target, now = Date.now()) {
  const warnings: string[] = [];
  return { ask: { ui, target: on, now, log: { warn: (m: string) => warnings.push(m) } }, warnings };
}

void test('$oid offers the project agents; the pick sends the agent oid', async () => {
  const now = Date.now();
  const agents = await client.agentList({ stime: now - 3_600_000, etime: now });
  const agent = agents.data[0];
  assert.ok(agent);
  const { ui, asked } = scripted([agent.oname]);
  const values = await promptMissing(
    asking(ui, target, now).ask,
    { params: [need('$oid')], injects: [] },
    none,
  );
  assert.deepEqual(values, { params: { $oid: String(agent.oid) }, injects: {} });
  assert.equal(asked[0]?.kind, 'quickPick');
  assert.ok(asked[0]?.choices.includes(agent.oname));
});

void test('other params and INJECT fragments are typed; the last values pre-fill the boxes', async () => {
  const { ui, asked } = scripted(['abc', '']);
  const last = { params: { $name: 'old' }, injects: { default: 'LIMIT 1' } };
  const values = await promptMissing(asking(ui).ask, { params: [need('$name')], injects: ['default'] }, last);
  assert.deepEqual(values, { params: { $name: 'abc' }, injects: { default: '' } });
  assert.deepEqual(
    asked.map((a) => [a.kind, a.value]),
    [
      ['inputBox', 'old'],
      ['inputBox', 'LIMIT 1'],
    ],
  );
});

void test('a column offers the category columns first, with free entry', async () => {
  const { ui, asked } = scripted(['cpu']);
  const field = need('$field', { kind: 'column', choices: ['tps', 'cpu', 'mem'] });
  const values = await promptMissing(asking(ui).ask, { params: [field], injects: [] }, none);
  assert.deepEqual(values, { params: { $field: 'cpu' }, injects: {} });
  assert.equal(asked[0]?.kind, 'quickPick');
  assert.deepEqual(asked[0]?.choices.slice(0, 3), ['tps', 'cpu', 'mem']);
  assert.match(asked[0]?.choices.at(-1) ?? '', /Type a value/);
});

/** A client of the demo's first project with a wrong token: every call is refused with 401. */
function refusedClient(): ReturnType<typeof createOpenApiClient> {
  const project = demo.projects[0];
  assert.ok(project);
  return createOpenApiClient({ baseUrl: demo.baseUrl, projectToken: 'not-the-token', pcode: project.pcode });
}

void test('an agent list refused with 401 is logged and told in the prompt, never an empty silent list', async () => {
  const refused = refusedClient();
  try {
    const { ui, asked } = scripted(['42']);
    const { ask, warnings } = asking(ui, { ...target, client: refused });
    const values = await promptMissing(ask, { params: [need('$oid')], injects: [] }, none);
    assert.deepEqual(values, { params: { $oid: '42' }, injects: {} });
    assert.equal(asked[0]?.kind, 'inputBox');
    assert.match(asked[0]?.text ?? '', /^Could not list the project's agents \(.*401/);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /Could not list the agents to offer for \$oid: .*401/);
    assert.doesNotMatch(warnings[0] ?? '', /not-the-token/);
  } finally {
    await refused.close();
  }
});

/** The need of `$name` compared with oname, as the planner gives it over the bundled catalog. */
function tagValueNeed(now: number): ParamNeed {
  const [found] = planRun({
    fileText: 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: oname, value: $name}\n',
    select: { kind: 'file' },
    now,
    timezone: 0,
    catalog: bundledCategoryCatalog,
  }).needs;
  assert.equal(found?.kind, 'tagValue');
  return found;
}

void test('a tag value offers the values its column holds, read live under a progress, with free entry', async () => {
  const now = Date.now();
  const range = { stime: now - 3_600_000, etime: now };
  const agents = await client.agentList(range);
  const names = new Set(agents.data.map((a) => a.oname));
  const { ui, asked } = scripted([[...names][0]]);
  const values = await promptMissing(
    { ...asking(ui, target, now).ask, range },
    { params: [tagValueNeed(now)], injects: [] },
    none,
  );
  assert.deepEqual(values, { params: { $name: [...names][0] }, injects: {} });
  assert.deepEqual(
    asked.map((a) => a.kind),
    ['progress', 'quickPick'],
  );
  assert.match(asked[0]?.text ?? '', /reading the values of oname/);
  const offered = asked[1]?.choices ?? [];
  assert.match(offered.at(-1) ?? '', /Type a value/);
  assert.deepEqual(new Set(offered.slice(0, -1)), names, "the project's agent names, each once");
});

void test('a lookup refused with 401 falls back to free entry with one note, logged once', async () => {
  const refused = refusedClient();
  try {
    const now = Date.now();
    const { ui, asked } = scripted(['api-1']);
    const { ask, warnings } = asking(ui, { ...target, client: refused }, now);
    const values = await promptMissing(ask, { params: [tagValueNeed(now)], injects: [] }, none);
    assert.deepEqual(values, { params: { $name: 'api-1' }, injects: {} });
    assert.deepEqual(
      asked.map((a) => a.kind),
      ['progress', 'inputBox'],
    );
    assert.match(
      asked[1]?.text ?? '',
      /^Could not read the values of oname \(.*401.*\)\. The query uses \$name/,
    );
    assert.equal(warnings.length, 1);
    assert.doesNotMatch(warnings[0] ?? '', /not-the-token/);
  } finally {
    await refused.close();
  }
});

void test('cancelling the lookup leaves free entry without a note', async () => {
  const now = Date.now();
  const { ui, asked } = scripted(['typed']);
  const cancelling: Ui = {
    ...ui,
    progress: (title, work) => {
      const controller = new AbortController();
      controller.abort();
      return ui.progress(title, () => work(controller.signal));
    },
  };
  const { ask, warnings } = asking(cancelling, target, now);
  const values = await promptMissing(ask, { params: [tagValueNeed(now)], injects: [] }, none);
  assert.deepEqual(values, { params: { $name: 'typed' }, injects: {} });
  assert.deepEqual(
    asked.map((a) => a.kind),
    ['progress', 'inputBox'],
  );
  assert.match(asked[1]?.text ?? '', /^The query uses \$name/);
  assert.deepEqual(warnings, []);
});

void test('dismissing any prompt cancels the whole run', async () => {
  const { ui } = scripted(['x', undefined]);
  const values = await promptMissing(asking(ui).ask, { params: [need('$a'), need('$b')], injects: [] }, none);
  assert.equal(values, undefined);
});

void test('values are remembered per file', async () => {
  const store = new Map<string, unknown>();
  const memento = {
    get: (key: string) => store.get(key),
    update: (key: string, value: unknown) => {
      store.set(key, value);
      return Promise.resolve();
    },
    keys: () => [...store.keys()],
  } as unknown as vscode.Memento;
  await rememberValues(memento, 'file:///a.mxql', { params: { $x: '1' }, injects: {} });
  await rememberValues(memento, 'file:///b.mxql', { params: { $x: '2' }, injects: { default: '' } });
  assert.deepEqual(rememberedValues(memento, 'file:///a.mxql'), { params: { $x: '1' }, injects: {} });
  assert.deepEqual(rememberedValues(memento, 'file:///b.mxql').injects, { default: '' });
  assert.deepEqual(rememberedValues(memento, 'file:///c.mxql'), none);
});
