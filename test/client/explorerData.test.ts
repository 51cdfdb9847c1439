// The explorer's pure rules: grouping and describing projects, joining the two agent lists, live
// values from a spot answer, the look of each node, and the query texts it writes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AgentItem } from '../../api/index';
import {
  agentTooltip,
  groupProjects,
  isServerProject,
  joinAgents,
  liveValues,
  projectDescription,
  projectFromItem,
  projectTooltip,
  type ProjectInfo,
} from '../../client/src/explorer/explorerData';
import { nodeKey, nodeView, type ExplorerNode } from '../../client/src/explorer/explorerNodes';
import { englishOf } from '../../common/templateText';
import { englishView } from '../support/englishView';
import { newQueryText, scopeQueryToAgent, withPcode } from '../../client/src/explorer/queryTemplates';

const project = (
  pcode: number,
  name: string,
  groupName: string,
  extra: Partial<ProjectInfo> = {},
): ProjectInfo => ({
  pcode,
  name,
  groupName,
  ...extra,
});

function agentItem(oid: number, oname: string, active: boolean, extra: Partial<AgentItem> = {}): AgentItem {
  return {
    oid,
    oname,
    alias: '',
    initial: '',
    otype: 'java',
    subtype: 'linux',
    active,
    okind: 1,
    okindName: 'shop',
    onode: 2,
    onodeName: 'node-a',
    ip: '10.0.0.1',
    'agent.version': '2.1.0',
    cpuCores: 4,
    ...extra,
  };
}

void test('projects are grouped by group name: named groups alphabetically, the ungrouped last, projects by name', () => {
  const folders = groupProjects([
    project(3, 'Zeta', ''),
    project(1, 'Beta', 'Shop'),
    project(2, 'Alpha', 'Shop'),
    project(4, 'Gamma', 'Billing'),
  ]);
  assert.deepEqual(
    folders.map((f) => [f.groupName, f.projects.map((p) => p.name)]),
    [
      ['Billing', ['Gamma']],
      ['Shop', ['Alpha', 'Beta']],
      ['', ['Zeta']],
    ],
  );
  assert.deepEqual(groupProjects([]), []);
});

void test('a project item keeps productType, platform, status and gateway for description and tooltip', () => {
  const info = projectFromItem({
    groupName: 'Shop',
    projectCode: 7,
    projectName: 'Web',
    createTime: '2026-01-01 00:00:00.000',
    lastUpdatedTime: '',
    status: 'subscribe',
    productType: 'APM',
    platform: 'JAVA',
    gatewayName: 'east',
    apiToken: '****',
  });
  assert.equal(projectDescription(info), 'APM · JAVA · subscribe · east');
  const tooltip = projectTooltip(info).map(englishOf).join('\n');
  for (const part of [
    'Web (pcode 7)',
    'Group: Shop',
    'Product type: APM',
    'Platform: JAVA',
    'Status: subscribe',
    'Gateway: east',
  ]) {
    assert.ok(tooltip.includes(part), part);
  }
  assert.ok(!tooltip.includes('****'), 'the masked token is not shown');
  assert.equal(projectDescription(project(1, 'Bare', '')), '');
});

void test('server-monitoring projects are told by their product type', () => {
  assert.equal(isServerProject(project(1, 'a', '', { productType: 'SMS' })), true);
  assert.equal(isServerProject(project(1, 'a', '', { productType: 'APM' })), false);
  assert.equal(isServerProject(project(1, 'a', '')), false);
});

void test('agents: the status list decides active, the agent list gives details, status-only agents are kept', () => {
  const agents = joinAgents(
    [agentItem(-5, 'web-2', true), agentItem(10, 'web-1', false, { ip: '' })],
    [
      { oname: 'web-2', active: false, host_ip: '10.0.0.2' },
      { oname: 'web-1', active: true, host_ip: '10.0.0.9' },
      { oname: 'batch', active: true, host_ip: '10.0.0.3' },
    ],
  );
  assert.deepEqual(
    agents.map((a) => [a.oname, a.oid, a.active]),
    [
      ['batch', NaN, true],
      ['web-1', 10, true],
      ['web-2', -5, false],
    ],
  );
  assert.equal(agents[1]?.ip, '10.0.0.9', 'an empty ip falls back to the host ip');
  const tooltip = agentTooltip(agents[2]!).map(englishOf).join('\n');
  for (const part of [
    'web-2 (oid -5)',
    'Inactive',
    'IP: 10.0.0.1',
    'Version: 2.1.0',
    'Kind: shop',
    'Node: node-a',
  ]) {
    assert.ok(tooltip.includes(part), part);
  }
});

void test('live values read the spot answer; missing or odd fields show as -', () => {
  const values = liveValues({ pcode: 1, act_agent: '3', tps: 12.5, rtime: { nested: 1 } });
  const byKey = Object.fromEntries(values.map((v) => [v.key, v.value]));
  assert.equal(byKey['act_agent'], '3');
  assert.equal(byKey['tps'], '12.5');
  assert.equal(byKey['rtime'], '-');
  assert.equal(byKey['apdex'], '-');
  assert.ok(values.some((v) => englishOf(v.label) === 'CPU (%)'));
  // The labels are texts as data: the UI says them in the user's language by their template.
  assert.deepEqual(values.find((v) => v.key === 'cpu')?.label, { template: 'CPU (%)', args: [] });
  assert.equal(liveValues(null).length, values.length);
});

void test('node views: icons and context values follow state; errors retry on click; tokens ask', () => {
  const p = project(7, 'Web', 'Shop', { productType: 'APM' });
  const active: ExplorerNode = {
    kind: 'agent',
    profile: 'Demo',
    project: p,
    agent: { oid: 1, oname: 'a', active: true },
  };
  const inactive: ExplorerNode = {
    kind: 'agent',
    profile: 'Demo',
    project: p,
    agent: { oid: 2, oname: 'b', active: false },
  };
  assert.equal(nodeView(active).contextValue, 'mxqlAgent');
  assert.equal(nodeView(active).icon, 'vm-active');
  assert.equal(nodeView(inactive).contextValue, 'mxqlAgentInactive');
  assert.equal(englishView(inactive).description, 'oid 2');
  const folder: ExplorerNode = { kind: 'folder', profile: 'Demo', groupName: '', projects: [p] };
  assert.equal(englishView(folder).label, '(no group)');
  assert.equal(englishView(folder).description, '1 project');
  assert.equal(englishView({ ...folder, projects: [p, p] }).description, '2 projects');
  assert.equal(
    englishView({ ...inactive, agent: { oid: NaN, oname: 'c', active: false } }).tooltip,
    'c (oid unknown)\nInactive',
  );
  const error: ExplorerNode = {
    kind: 'error',
    key: 'x',
    parent: folder,
    message: 'connection refused. Check the URL.',
  };
  assert.equal(nodeView(error).command?.command, 'mxql.explorer.retry');
  assert.equal(nodeView(error).contextValue, 'mxqlError');
  const token: ExplorerNode = { kind: 'setToken', profile: 'Prod', scope: 'project', pcode: 7 };
  assert.equal(englishView(token).label, 'Set project token…');
  assert.equal(nodeView(token).command?.command, 'mxql.explorer.setToken');
  const server: ExplorerNode = {
    kind: 'server',
    profile: 'Demo',
    project: p,
    server: { 'os.status': 'warning', oname: 'db-1', 'os.name': 'Linux', oid: 9, isActive: true },
  };
  assert.equal(englishView(server).description, 'warning · oid 9');
  assert.equal(nodeView(server).command?.command, 'mxql.explorer.showServer');
  assert.notEqual(nodeKey(active), nodeKey(inactive));
  assert.equal(nodeKey({ kind: 'live', profile: 'Demo', project: p }), 'live/Demo/7');
});

void test('query templates: a project query sets @pcode; an agent query adds OID', () => {
  const text = newQueryText({ pcode: 7, name: 'Web' }, { oid: -3, oname: 'web-1' });
  assert.match(text, /^-- @pcode 7$/m);
  assert.match(text, /^CATEGORY app_counter\nOID -3\nTAGLOAD$/m);
  assert.doesNotMatch(newQueryText({ pcode: 7, name: 'Web' }), /OID/);
});

void test('scoping a query to an agent replaces OID/OKIND/ONODE and adds OID after each CATEGORY', () => {
  const scoped = scopeQueryToAgent('CATEGORY app_counter\nOKIND 3\nTAGLOAD\nSUB {\nCATEGORY x\n}', 42);
  assert.equal(scoped, 'CATEGORY app_counter\nOID 42\nTAGLOAD\nSUB {\nCATEGORY x\nOID 42\n}');
  assert.equal(withPcode('-- @pcode 1\nCATEGORY a', 9), '-- @pcode 9\nCATEGORY a');
  // Only directive lines of @pcode go, whatever their case; other lines keep their line ends.
  assert.equal(
    withPcode('-- @name x\r\n-- @PCODE 1\r\nCATEGORY a', 9),
    '-- @pcode 9\n-- @name x\r\nCATEGORY a',
  );
});
