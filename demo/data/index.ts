// Facade of the synthetic data set. The HTTP routes and the MXQL engine both read data only through
// this object, so a query and an endpoint that ask for the same agent and time see the same numbers.
import {
  buildDataset,
  type DemoAgent,
  type DemoDataset,
  type DemoGroup,
  type DemoMember,
  type DemoProject,
} from './dataset';
import { dbPools, databaseParams, sqlStatistics, type SqlStatCategory } from './databases';
import { agentSeries, effectiveStep, isAliveAt, metricValue, type MetricName } from './metrics';
import { placeIncident, type Incident, type IncidentSpec } from './incident';
import type { RangeContext } from './records';
import { serverSnapshot, serverStatus, type ServerSnapshot, type ServerStatus } from './servers';

export type { DemoAgent, DemoDataset, DemoGroup, DemoMember, DemoProject } from './dataset';
export type { MetricMerge, MetricName } from './metrics';
export { parseIncidentSpec, type Incident, type IncidentSpec } from './incident';
export {
  COARSE_STEP,
  DAY,
  FINE_STEP,
  HOUR,
  METRICS,
  METRIC_NAMES,
  MINUTE,
  bucketTimes,
  coarsenFor,
  combine,
  isAliveAt,
  isMetricName,
  loadAt,
  mergeSeries,
} from './metrics';
export type { ServerSnapshot, ServerStatus } from './servers';
export { snapshotMax } from './servers';
export * from './categoryRows';
export { clamp, hashInts, hashString, round, unitAt } from './random';
export {
  CLIENT_LOCATIONS,
  DATABASE_URLS,
  EXCEPTIONS,
  OUTBOUND_CALLS,
  SERVICES,
  SQL_STATEMENTS,
} from './catalog';
export type { SqlStatCategory, SqlStatOrder } from './databases';

/** Read access to one deterministic synthetic data set. */
export interface DemoData {
  readonly seed: number;
  /** Clock of the data set; spot values and "current" states are taken at now(). */
  readonly now: () => number;
  readonly dataset: DemoDataset;
  /** The incident asked for, placed on its agents; undefined when none was. */
  readonly incident: Incident | undefined;
  readonly projects: readonly DemoProject[];
  project(pcode: number): DemoProject | undefined;
  /** Every agent of the project, active and inactive, in a stable order. */
  agentsOf(pcode: number): DemoAgent[];
  agent(pcode: number, oid: number): DemoAgent | undefined;
  /** Whether the agent reported at time t. */
  isAliveAt(agent: DemoAgent, t: number): boolean;
  /** Effective bucket size for a request: ≥ 5 s, and ≥ 5 min when the range starts more than 24 h ago. */
  stepFor(stepMs: number, stime: number): number;
  /** [time, value] points in [stime, etime) at the effective step; silent buckets are left out. */
  series(
    pcode: number,
    oid: number,
    metric: MetricName,
    stime: number,
    etime: number,
    stepMs: number,
  ): [number, number][];
  /** One bucket's value, or null when the agent was silent. `t` should be a multiple of stepMs. */
  value(agent: DemoAgent, metric: MetricName, t: number, stepMs: number): number | null;
  serverSnapshot(agent: DemoAgent, t: number): ServerSnapshot;
  serverStatus(agent: DemoAgent, t: number): ServerStatus;
  members(pcode: number): DemoMember[];
  groups: readonly DemoGroup[];
  /** Context for the range-statistics generators in records.ts. */
  range(pcode: number, stime: number, etime: number): RangeContext;
  dbPools(pcode: number, t: number): ReturnType<typeof dbPools>;
  databaseParams(agent: DemoAgent, day: string): { key: string; value: string }[];
  sqlStatistics(
    agents: readonly DemoAgent[],
    dayStart: number,
    days: number,
    category: SqlStatCategory,
    nameInCategory: string | undefined,
  ): ReturnType<typeof sqlStatistics>;
}

function groupByProject(agents: readonly DemoAgent[]): Map<number, DemoAgent[]> {
  const byPcode = new Map<number, DemoAgent[]>();
  for (const agent of agents) {
    const list = byPcode.get(agent.pcode) ?? [];
    list.push(agent);
    byPcode.set(agent.pcode, list);
  }
  return byPcode;
}

/**
 * Builds the data set for a seed. `now` defaults to the wall clock; an incident degrades its agent from
 * its duration before `now()` at this call on. Throws when the incident names no agent.
 */
export function createDemoData(
  seed: number,
  now: () => number = Date.now,
  incidentSpec?: IncidentSpec,
): DemoData {
  const dataset = buildDataset(seed, now());
  const incident = incidentSpec ? placeIncident(incidentSpec, dataset.agents, now()) : undefined;
  const byPcode = groupByProject(dataset.agents);
  const agentsOf = (pcode: number) => [...(byPcode.get(pcode) ?? [])];
  const project = (pcode: number) => dataset.projects.find((p) => p.pcode === pcode);
  const stepFor = (stepMs: number, stime: number) => effectiveStep(stepMs, stime, now());
  return {
    seed,
    now,
    dataset,
    incident,
    projects: dataset.projects,
    groups: dataset.groups,
    project,
    agentsOf,
    agent: (pcode, oid) => byPcode.get(pcode)?.find((a) => a.oid === oid),
    isAliveAt,
    stepFor,
    series: (pcode, oid, metric, stime, etime, stepMs) => {
      const agent = byPcode.get(pcode)?.find((a) => a.oid === oid);
      return agent ? agentSeries(seed, agent, metric, stime, etime, stepFor(stepMs, stime), incident) : [];
    },
    value: (agent, metric, t, stepMs) => metricValue(seed, agent, metric, t, stepMs, incident),
    serverSnapshot: (agent, t) => serverSnapshot(seed, agent, t),
    serverStatus: (agent, t) => serverStatus(seed, agent, t),
    members: (pcode) => dataset.membersByPcode.get(pcode) ?? [],
    range: (pcode, stime, etime) => {
      const p = project(pcode);
      if (!p) throw new Error(`unknown project ${pcode}`);
      return { seed, project: p, agents: agentsOf(pcode), stime, etime };
    },
    dbPools: (pcode, t) => dbPools(seed, agentsOf(pcode), t),
    databaseParams: (agent, day) => databaseParams(seed, agent, day),
    sqlStatistics: (agents, dayStart, days, category, name) =>
      sqlStatistics(seed, agents, dayStart, days, category, name),
  };
}
