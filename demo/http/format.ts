// Wire formats shared by several routes: textual dates, masking of secrets, server items.
import type { DemoAgent, DemoData, DemoProject } from '../data/index';

/** `yyyy-MM-dd HH:mm:ss.SSS` in UTC, the project list's date format. */
export function formatTimestamp(t: number): string {
  return new Date(t).toISOString().replace('T', ' ').replace('Z', '');
}

/** Hides the secret part (after the last '-') of a token or key, keeping its readable prefix. */
export function mask(secret: string): string {
  const cut = secret.lastIndexOf('-') + 1;
  return secret.slice(0, cut) + '*'.repeat(Math.max(4, secret.length - cut));
}

/** Tags of a server: its kind, node and OS family, as the `tags` arrays carry them. */
export function serverTags(agent: DemoAgent): string[] {
  return [`role:${agent.okindName}`, `node:${agent.onodeName}`, `os:${agent.subtype}`];
}

/** The server item of the project-with-servers response (with okind) or of `sm` (without, plus snapshot). */
export function serverItem(data: DemoData, agent: DemoAgent, t: number) {
  const status = data.serverStatus(agent, t);
  return {
    public_ip: `198.18.${Math.abs(agent.oid) % 250}.${(Math.abs(agent.oid) >> 8) % 250}`,
    os_cpuvendor: agent.cpuCores >= 8 ? 'AMD' : 'GenuineIntel',
    agent_created: String(agent.startTime),
    ip: agent.ip,
    os_arch: 'x86_64',
    actTime: agent.active ? t : agent.inactTime,
    cpu_cores: String(agent.cpuCores),
    oid: agent.oid,
    isActive: status !== 'inactive',
    okind: agent.okindName,
    version: agent.version,
    tags: serverTags(agent),
    inactTime: agent.inactTime,
    oname: agent.oname,
    os_name: agent.osName,
    startTime: agent.startTime,
    os_memory: String(agent.memoryBytes),
    os_status: status,
  };
}

/** `{ pname, timezone, regionName, values: { servers } }`: a project with its server details. */
export function projectWithServers(data: DemoData, project: DemoProject) {
  const t = data.now();
  return {
    pname: project.name,
    timezone: project.timezone,
    regionName: project.regionName,
    values: { servers: data.agentsOf(project.pcode).map((agent) => serverItem(data, agent, t)) },
  };
}
