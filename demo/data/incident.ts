// An incident the demo can be asked for: one agent degrades from some time before the data set's clock
// on, so a comparison with a baseline (and anyone testing one) has something real to find. The spec is
// text, the same for `mxql demo-server --incident`, MXQL_DEMO_INCIDENT and `startDemoServer({ incident })`:
//
//   AGENT[:EFFECT,EFFECT…][@DURATION]     e.g. api-02:resp_time*3,tps/2@30m
//
// AGENT is an oid or an oname (or the oname without its `:port`); EFFECT multiplies (`*N`) or divides
// (`/N`) one metric; DURATION is how long before the clock's time at start the incident began (it goes on
// after). Defaults: resp_time*3,tps/2 over the last 30m. Values stay a pure function of (seed, agent,
// time, step, incident).
import { DURATION_UNIT_MS, isDurationUnit } from '../../common/durations';
import type { DemoAgent } from './dataset';
import { isMetricName, type MetricName } from './metrics';

/** Factors per metric, applied to the degraded agent's buckets. */
export type IncidentEffects = Readonly<Partial<Record<MetricName, number>>>;

/** A parsed incident spec. */
export interface IncidentSpec {
  /** An oid (as text) or an oname, with or without its `:port`. */
  readonly agent: string;
  readonly effects: IncidentEffects;
  /** How long before the clock's time at start the incident began. */
  readonly sinceMs: number;
}

/** An incident placed on a data set: which agents, from when. */
export interface Incident {
  readonly oids: ReadonlySet<number>;
  readonly since: number;
  readonly effects: IncidentEffects;
}

export const DEFAULT_INCIDENT_EFFECTS: IncidentEffects = { resp_time: 3, tps: 0.5 };
export const DEFAULT_INCIDENT_MS = 30 * DURATION_UNIT_MS.m;

/** Reads a spec; throws an Error saying what is wrong (callers word it as a usage error). */
export function parseIncidentSpec(spec: string): IncidentSpec {
  const match = /^([^:@]+(?::\d+)?)(?::([^@]*))?(?:@(\d+)([smhd]))?$/.exec(spec.trim());
  const agent = match?.[1]?.trim();
  if (!match || !agent)
    throw new Error(
      `an incident is AGENT[:metric*N,metric/N][@30m], e.g. api-02:resp_time*3,tps/2@30m (got '${spec}')`,
    );
  const effects: Partial<Record<MetricName, number>> = {};
  for (const part of (match[2] ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const effect = /^([a-z_]+)\s*([*/])\s*(\d+(?:\.\d+)?)$/.exec(part);
    const metric = effect?.[1] ?? '';
    const n = Number(effect?.[3]);
    if (!effect || !isMetricName(metric) || !(n > 0))
      throw new Error(
        `an incident effect is metric*N or metric/N with a demo metric and N > 0 (got '${part}')`,
      );
    effects[metric] = effect[2] === '*' ? n : 1 / n;
  }
  const unit = match[4];
  const sinceMs =
    match[3] !== undefined && unit !== undefined && isDurationUnit(unit)
      ? Number(match[3]) * DURATION_UNIT_MS[unit]
      : DEFAULT_INCIDENT_MS;
  if (!(sinceMs > 0)) throw new Error(`an incident lasts a positive duration (got '${spec}')`);
  return {
    agent,
    effects: Object.keys(effects).length > 0 ? effects : DEFAULT_INCIDENT_EFFECTS,
    sinceMs,
  };
}

/** Places a spec on the agents at the clock's time `now`; throws when no agent matches. */
export function placeIncident(spec: IncidentSpec, agents: readonly DemoAgent[], now: number): Incident {
  const wanted = spec.agent;
  const matches = agents.filter(
    (a) => String(a.oid) === wanted || a.oname === wanted || a.oname.split(':')[0] === wanted,
  );
  if (matches.length === 0)
    throw new Error(
      `no demo agent is named '${wanted}' (give an oid or an oname such as ${agents[0]?.oname ?? 'api-01'})`,
    );
  return { oids: new Set(matches.map((a) => a.oid)), since: now - spec.sinceMs, effects: spec.effects };
}

/** The effects on one agent's bucket [t, t + stepMs), or undefined outside the incident. */
export function effectsAt(
  incident: Incident | undefined,
  agent: DemoAgent,
  t: number,
  stepMs: number,
): IncidentEffects | undefined {
  if (!incident || !incident.oids.has(agent.oid) || t + stepMs / 2 < incident.since) return undefined;
  return incident.effects;
}
