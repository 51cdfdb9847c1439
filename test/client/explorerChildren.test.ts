// The explorer's node building against the real demo backend over loopback HTTP: the profile
// level (projects by group, groups with members and projects), the project level (live values,
// agents, servers, members), the token-less states, and a failing request surfacing as an error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createOpenApiClient, type OpenApiClient } from '../../api/index';
import { demoClientOptions, startDemoServer, type DemoServer } from '../../demo/index';
import { childrenOf, type ExplorerSource } from '../../client/src/explorer/explorerChildren';
import type { ExplorerNode } from '../../client/src/explorer/explorerNodes';
import { englishView } from '../support/englishView';

let server: DemoServer;
let client: OpenApiClient;

before(async () => {
  server = await startDemoServer({ seed: 1 });
  client = createOpenApiClient(demoClientOptions(server));
});
after(async () => {
  await client.close();
  await server.close();
});

function source(overrides: Partial<ExplorerSource> = {}): ExplorerSource {
  return {
    profileNames: () => ['Demo'],
    client: () => Promise.resolve(client),
    hasAccountToken: () => Promise.resolve(true),
    hasProjectToken: () => Promise.resolve(true),
    tokenPcodes: () => [],
    projectLabel: (_profile, pcode) => `Project ${pcode}`,
    now: () => Date.now(),
    ...overrides,
  };
}

const labels = (nodes: ExplorerNode[]) => nodes.map((n) => englishView(n).label);

async function allProjects(src: ExplorerSource): Promise<ExplorerNode[]> {
  const folders = await childrenOf({ kind: 'projects', profile: 'Demo' }, src);
  const nested = await Promise.all(folders.map((f) => childrenOf(f, src)));
  return nested.flat();
}

void test('the root lists the profiles; a profile has Projects and Groups', async () => {
  assert.deepEqual(labels(await childrenOf(undefined, source())), ['Demo']);
  assert.deepEqual(labels(await childrenOf({ kind: 'profile', profile: 'Demo' }, source())), [
    'Projects',
    'Groups',
  ]);
});

void test('projects come grouped by group name with product type, platform, status and gateway', async () => {
  const folders = await childrenOf({ kind: 'projects', profile: 'Demo' }, source());
  assert.ok(folders.length >= 2, 'several group folders');
  assert.ok(folders.every((f) => f.kind === 'folder'));
  const projects = await allProjects(source());
  assert.equal(projects.length, server.projects.length);
  for (const node of projects) {
    assert.equal(node.kind, 'project');
    const view = englishView(node);
    assert.match(view.description ?? '', /^\S+ · \S+ · \S+ · \S+$/, view.label);
    assert.match(view.tooltip ?? '', /Gateway: /);
  }
});

void test('groups list their members and their projects', async () => {
  const groups = await childrenOf({ kind: 'groups', profile: 'Demo' }, source());
  assert.ok(groups.length > 0);
  const first = groups[0]!;
  assert.equal(first.kind, 'group');
  const [members, projects] = await childrenOf(first, source());
  assert.ok(members && projects);
  assert.ok((await childrenOf(members, source())).every((n) => n.kind === 'member'));
  const groupProjects = await childrenOf(projects, source());
  assert.ok(groupProjects.length > 0);
  assert.ok(groupProjects.every((n) => n.kind === 'project'));
});

void test('a project shows live values, agents (active and inactive), members; server projects add servers', async () => {
  const projects = await allProjects(source());
  const sms = projects.find((n) => n.kind === 'project' && n.project.productType === 'SMS');
  const apm = projects.find((n) => n.kind === 'project' && n.project.productType === 'APM');
  assert.ok(sms && apm);
  assert.deepEqual(labels(await childrenOf(apm, source())), ['Live values', 'Agents', 'Members']);
  const sections = await childrenOf(sms, source());
  assert.deepEqual(labels(sections), ['Live values', 'Agents', 'Servers', 'Members']);
  const [live, agents, servers, members] = sections as [
    ExplorerNode,
    ExplorerNode,
    ExplorerNode,
    ExplorerNode,
  ];
  const values = await childrenOf(live, source());
  assert.ok(labels(values).includes('TPS'));
  assert.ok(
    values.every((v) => englishView(v).description !== '-'),
    'the demo fills every live value',
  );
  const agentNodes = await childrenOf(agents, source());
  assert.ok(agentNodes.length > 0);
  for (const n of agentNodes) {
    assert.equal(n.kind, 'agent');
    // Agents not seen in the last hour are known from the status list only, which has no oid.
    const expected = n.kind === 'agent' && n.agent.active ? /^oid -?\d+$/ : /^(oid -?\d+|no oid)$/;
    assert.match(englishView(n).description ?? '', expected);
  }
  const serverNodes = await childrenOf(servers, source());
  assert.ok(serverNodes.length > 0 && serverNodes.every((n) => n.kind === 'server'));
  assert.ok((await childrenOf(members, source())).every((n) => n.kind === 'member'));
});

void test('some demo project has inactive agents, shown with their own context value', async () => {
  const projects = await allProjects(source());
  const contexts = new Set<string>();
  for (const p of projects) {
    const agents = (await childrenOf(p, source())).find((n) => n.kind === 'agents');
    if (agents) for (const a of await childrenOf(agents, source())) contexts.add(englishView(a).contextValue);
  }
  assert.ok(contexts.has('mxqlAgent') && contexts.has('mxqlAgentInactive'), [...contexts].join());
});

void test('without an account token: a set-token node and the projects that have tokens', async () => {
  const src = source({
    hasAccountToken: () => Promise.resolve(false),
    tokenPcodes: () => [server.projects[0]!.pcode],
    projectLabel: () => 'Known name',
  });
  const nodes = await childrenOf({ kind: 'projects', profile: 'Prod' }, src);
  assert.deepEqual(labels(nodes), ['Set account token…', 'Known name']);
  assert.deepEqual(labels(await childrenOf({ kind: 'groups', profile: 'Prod' }, src)), [
    'Set account token…',
  ]);
});

void test('without a project token the project offers only "Set project token…"', async () => {
  const src = source({ hasProjectToken: () => Promise.resolve(false) });
  const node: ExplorerNode = {
    kind: 'project',
    profile: 'Prod',
    project: { pcode: 1, name: 'x', groupName: '' },
  };
  const children = await childrenOf(node, src);
  assert.deepEqual(labels(children), ['Set project token…']);
  assert.deepEqual(children[0], { kind: 'setToken', profile: 'Prod', scope: 'project', pcode: 1 });
});

void test('a failing request rejects with the API error, for the tree to show with a retry', async () => {
  const closed = createOpenApiClient({
    baseUrl: 'http://127.0.0.1:9',
    accountToken: 't',
    retry: { attempts: 1 },
  });
  try {
    await assert.rejects(
      childrenOf({ kind: 'projects', profile: 'Demo' }, source({ client: () => Promise.resolve(closed) })),
      (error: Error) => error.name === 'OpenApiError' && error.message.length > 0,
    );
  } finally {
    await closed.close();
  }
});
