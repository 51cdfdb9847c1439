// Spot endpoints: current values. Main host: the all-in-one object (strings) and bare numbers.
// Second host: `{ pname, values }` objects and the server-monitoring snapshots.
import { BARE_SPOT_VALUES } from '../../api/index';
import { snapshotMax } from '../data/index';
import { serverItem, serverTags } from '../http/format';
import { projectOf, type RequestContext, type Route } from '../http/route';
import { spotFigures, type SpotFigures } from './spotValues';

function allInOne(ctx: RequestContext) {
  const pcode = projectOf(ctx).pcode;
  const figures = spotFigures(ctx.state.data, pcode);
  const strings = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, String(v)]));
  return { pcode, ...strings };
}

/** A spot value the API client reads as a bare number (its endpoint table names them). */
function bareRoute(name: string): Route {
  return {
    host: 'base',
    method: 'GET',
    path: `/open/api/${name}`,
    auth: 'project',
    // The body is the plain number (JSON.stringify(12.3) is `12.3`), as the spec's bare values are.
    handle: (ctx) => (spotFigures(ctx.state.data, projectOf(ctx).pcode) as Record<string, number>)[name],
  };
}

function countRoute(name: keyof SpotFigures): Route {
  return {
    host: 'service',
    method: 'GET',
    path: `/open/json/${name}`,
    auth: 'project',
    handle: (ctx) => {
      const project = projectOf(ctx);
      return { pname: project.name, values: String(spotFigures(ctx.state.data, project.pcode)[name]) };
    },
  };
}

/** Agents that are servers for the spot maps: every agent reporting now. */
function liveServers(ctx: RequestContext) {
  const data = ctx.state.data;
  const now = data.now();
  return { data, now, agents: data.agentsOf(projectOf(ctx).pcode).filter((a) => data.isAliveAt(a, now)) };
}

function mapRoute(
  name: string,
  host: 'base' | 'service',
  valueOf: (ctx: RequestContext) => Record<string, unknown>,
): Route {
  return {
    host,
    method: 'GET',
    path: `/open/json/${name}`,
    auth: 'project',
    handle: (ctx) => ({ pname: projectOf(ctx).name, values: valueOf(ctx) }),
  };
}

function infraCpu(ctx: RequestContext) {
  const { data, now, agents } = liveServers(ctx);
  return Object.fromEntries(
    agents.map((a) => {
      const cpu = data.serverSnapshot(a, now).cpu;
      return [a.oname, Math.round((cpu.usr + cpu.sys + cpu.iowait) * 100) / 100];
    }),
  );
}

function infraDiskIops(ctx: RequestContext) {
  const { data, now, agents } = liveServers(ctx);
  return Object.fromEntries(
    agents.map((a) => {
      const disks = Object.values(data.serverSnapshot(a, now).disk);
      const bps = disks.reduce((n, d) => n + d.readBps + d.writeBps, 0);
      const iops = disks.reduce((n, d) => n + d.readIops + d.writeIops, 0);
      return [a.oname, { bps, iops: Math.round(iops * 10) / 10 }];
    }),
  );
}

function infraNetTraffic(ctx: RequestContext) {
  const { data, now, agents } = liveServers(ctx);
  return Object.fromEntries(
    agents.map((a) => {
      const nics = Object.values(data.serverSnapshot(a, now).network);
      return [a.oname, nics.reduce((n, nic) => n + nic.trafficIn + nic.trafficOut, 0)];
    }),
  );
}

const PROCESSES = [
  'java -jar app.jar',
  'node server.js',
  'postgres: writer',
  'nginx: worker process',
  'sshd',
];

function infraProc(ctx: RequestContext) {
  const { data, now, agents } = liveServers(ctx);
  return Object.fromEntries(
    agents.map((a) => {
      const cpu = data.serverSnapshot(a, now).cpu;
      const busy = cpu.usr + cpu.sys;
      return [
        a.oname,
        PROCESSES.slice(0, 3 + (Math.abs(a.oid) % 3)).map((cmd1, i) => ({
          memoryBytes: Math.round(a.memoryBytes * (0.2 / (i + 1))),
          bps: Math.round(2e5 / (i + 1)),
          cmd1,
          cpu: Math.round((busy / (i + 2)) * 100) / 100,
        })),
      ];
    }),
  );
}

function smServers(ctx: RequestContext) {
  const data = ctx.state.data;
  const now = data.now();
  return {
    pname: projectOf(ctx).name,
    values: data.agentsOf(projectOf(ctx).pcode).map((a) => {
      const status = data.serverStatus(a, now);
      return {
        'os.status': status,
        oname: a.oname,
        'os.name': a.osName,
        oid: a.oid,
        isActive: status !== 'inactive',
      };
    }),
  };
}

function sm(ctx: RequestContext) {
  const data = ctx.state.data;
  const now = data.now();
  const agents = data.agentsOf(projectOf(ctx).pcode);
  const servers = agents.map((a) => {
    const { okind: _okind, ...item } = serverItem(data, a, now);
    return { ...item, snapshot: data.serverSnapshot(a, now) };
  });
  const statuses = servers.map((s) => s.os_status);
  const count = (s: string) => statuses.filter((x) => x === s).length;
  return {
    pname: projectOf(ctx).name,
    values: {
      servers,
      max: snapshotMax(servers.filter((s) => s.isActive).map((s) => s.snapshot)),
      count: {
        total: servers.length,
        paused: 0,
        inactive: count('inactive'),
        warning: count('warning'),
        ok: count('ok'),
        close: 0,
        fatal: 0,
      },
      tags: [...new Set(agents.flatMap(serverTags))].sort(),
    },
  };
}

export const spotRoutes: Route[] = [
  { host: 'base', method: 'GET', path: '/open/api/json/spot', auth: 'project', handle: allInOne },
  ...BARE_SPOT_VALUES.map(bareRoute),
  ...(['act_agent', 'inact_agent', 'host', 'cpucore'] as const).map(countRoute),
  mapRoute('infra_cpu', 'service', infraCpu),
  // The spec's example request of infra_cpu uses the main host; both answer.
  mapRoute('infra_cpu', 'base', infraCpu),
  mapRoute('infra_disk_iops', 'service', infraDiskIops),
  mapRoute('infra_net_traffic', 'service', infraNetTraffic),
  mapRoute('infra_proc', 'service', infraProc),
  { host: 'service', method: 'GET', path: '/open/json/sm_servers', auth: 'project', handle: smServers },
  { host: 'service', method: 'GET', path: '/open/json/sm', auth: 'project', handle: sm },
];
