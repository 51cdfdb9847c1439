// Meta endpoints: projects, members, groups, agents.
import { AGENT_LIST_RANGE } from '../../api/index';
import type { DemoData, DemoGroup, DemoProject } from '../data/index';
import { formatTimestamp, mask, projectWithServers } from '../http/format';
import { HttpError, badRequest } from '../http/httpError';
import { checkRange, parseAgentListTime } from '../http/params';
import { projectOf, type RequestContext, type Route } from '../http/route';

function projectListItem(p: DemoProject) {
  return {
    groupName: p.groupName,
    projectCode: p.pcode,
    projectName: p.name,
    createTime: formatTimestamp(p.createTime),
    lastUpdatedTime: formatTimestamp(p.lastUpdatedTime),
    status: p.status,
    productType: p.productType,
    platform: p.platform,
    gatewayName: p.gatewayName,
    apiToken: mask(p.token),
  };
}

function singleProject(p: DemoProject) {
  return {
    platform: p.platform,
    createTime: formatTimestamp(p.createTime),
    projectCode: p.pcode,
    status: p.status,
    lastUpdatedTime: formatTimestamp(p.lastUpdatedTime),
    productType: p.productType,
    name: p.name,
    gatewayName: p.gatewayName,
  };
}

function groupRecord(g: DemoGroup) {
  return { groupName: g.groupName, groupKey: mask(g.groupKey), description: g.description };
}

/** Finds a group by its key, as issued or as masked in the group list (which is all a client sees). */
function findGroup(data: DemoData, key: string): DemoGroup {
  const group = data.groups.find((g) => g.groupKey === key || mask(g.groupKey) === key);
  if (!group)
    throw new HttpError(404, 'not-found/group', `No group with key '${key}'. List the groups first.`);
  return group;
}

function projects(ctx: RequestContext) {
  const data = ctx.state.data;
  if (ctx.caller.kind === 'project') return projectWithServers(data, ctx.caller.project);
  const list = data.projects.map(projectListItem);
  return { data: list, accountEmail: data.dataset.accountEmail, total: list.length };
}

function project(ctx: RequestContext) {
  const p = projectOf(ctx);
  // The server-monitoring suite answers this path (its example request) with the server details.
  return p.kind === 'server' ? projectWithServers(ctx.state.data, p) : singleProject(p);
}

function projectMembers(ctx: RequestContext) {
  const text = ctx.params.projectCode ?? '';
  if (!/^\d+$/.test(text))
    throw badRequest('param/invalid-pcode', `projectCode must be a number, got '${text}'.`);
  const p = ctx.state.data.project(Number(text));
  if (!p) throw new HttpError(404, 'not-found/project', `No project with code ${text} in this account.`);
  const members = ctx.state.data.members(p.pcode);
  return { data: members, total: members.length };
}

function groupMembers(ctx: RequestContext) {
  const data = ctx.state.data;
  const group = findGroup(data, ctx.params.groupKey ?? '');
  const all = data.projects.flatMap((p) => data.members(p.pcode));
  const records = group.memberEmails.map((email) => {
    const member = all.find((m) => m.email === email);
    return {
      ...groupRecord(group),
      email,
      name: member?.name ?? '',
      typeKey: member?.typeKey ?? '',
      typeName: member?.typeName ?? '',
    };
  });
  return { data: records, total: records.length };
}

function groupProjects(ctx: RequestContext) {
  const data = ctx.state.data;
  const group = findGroup(data, ctx.params.groupKey ?? '');
  return {
    data: group.pcodes.flatMap((pcode) => {
      const p = data.project(pcode);
      if (!p) return [];
      return [
        {
          projectCode: p.pcode,
          name: p.name,
          status: p.status,
          productType: p.productType,
          platform: p.platform,
          gatewayName: p.gatewayName,
        },
      ];
    }),
  };
}

function agentStatusList(ctx: RequestContext) {
  const data = ctx.state.data;
  const now = data.now();
  return {
    data: data
      .agentsOf(projectOf(ctx).pcode)
      .map((a) => ({ host_ip: a.hostIp, oname: a.oname, active: data.isAliveAt(a, now) })),
  };
}

function agentList(ctx: RequestContext) {
  const data = ctx.state.data;
  const now = data.now();
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const stime = parseAgentListTime('stime', body.stime, now);
  const etime = parseAgentListTime('etime', body.etime, now);
  checkRange(stime, etime, 'The agent list', AGENT_LIST_RANGE);
  const found = data
    .agentsOf(projectOf(ctx).pcode)
    .filter((a) => a.startTime < etime && (a.active || a.inactTime > stime));
  return {
    stime,
    etime,
    timestamp: now,
    data: found.map((a) => ({
      oid: a.oid,
      oname: a.oname,
      alias: a.alias,
      initial: a.initial,
      otype: a.otype,
      subtype: a.subtype,
      active: data.isAliveAt(a, now),
      okind: a.okind,
      okindName: a.okindName,
      onode: a.onode,
      onodeName: a.onodeName,
      ip: a.ip,
      'agent.version': a.version,
      cpuCores: a.cpuCores,
    })),
  };
}

function groups(ctx: RequestContext) {
  const list = ctx.state.data.groups.map(groupRecord);
  return { data: list, total: list.length };
}

export const metaRoutes: Route[] = [
  { host: 'base', method: 'GET', path: '/open/api/json/projects', auth: 'either', handle: projects },
  { host: 'base', method: 'GET', path: '/open/api/json/project', auth: 'project', handle: project },
  { host: 'base', method: 'GET', path: '/open/json/agents', auth: 'project', handle: agentStatusList },
  {
    host: 'base',
    method: 'GET',
    path: '/open/api/json/project/:projectCode/members',
    auth: 'account',
    handle: projectMembers,
  },
  { host: 'base', method: 'GET', path: '/open/api/json/groups', auth: 'account', handle: groups },
  { host: 'base', method: 'GET', path: '/open/api/v2/json/groups', auth: 'account', handle: groups },
  {
    host: 'base',
    method: 'GET',
    path: '/open/api/json/group/:groupKey/members',
    auth: 'account',
    handle: groupMembers,
  },
  {
    host: 'base',
    method: 'GET',
    path: '/open/api/json/group/:groupKey/projects',
    auth: 'account',
    handle: groupProjects,
  },
  { host: 'base', method: 'POST', path: '/open/api/v2/agent/list', auth: 'project', handle: agentList },
];
