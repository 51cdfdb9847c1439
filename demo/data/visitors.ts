// Active and unique users of a project: per 5 minutes, hour, day and month. Unique users over a longer
// window grow sub-linearly with its length, as returning visitors are counted once.
import type { DemoAgent } from './dataset';
import { DAY, HOUR, MINUTE, bucketTimes, isAliveAt, loadAt } from './metrics';
import { noiseAt } from './random';

function usersAt(seed: number, agents: readonly DemoAgent[], t: number, window: number): number {
  // A plain loop: this runs once per point of a series that may span a year.
  let capacity = 0;
  for (const agent of agents) if (isAliveAt(agent, t)) capacity += agent.profile.capacityTps;
  const windowFactor = Math.sqrt(window / (5 * MINUTE));
  const base = capacity * 9 * loadAt(t + Math.min(window, DAY) / 2) * windowFactor;
  return Math.max(0, Math.round(base * (1 + 0.08 * noiseAt(seed, t, window))));
}

/** [time, users] points at multiples of `window` in [stime, etime). */
export function visitorPoints(
  seed: number,
  agents: readonly DemoAgent[],
  stime: number,
  etime: number,
  window: number,
): [number, number][] {
  return bucketTimes(stime, etime, window).map((t) => [t, usersAt(seed, agents, t, window)]);
}

export const VISITOR_WINDOWS = { visitor_5m: 5 * MINUTE, visitor_h: HOUR, visitor_d: DAY } as const;

/** yyyy-MM-dd of an instant in UTC. */
export function isoDate(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

/** Monthly active users for each calendar month (UTC) overlapping [stime, etime), clipped to the range. */
export function monthlyVisitors(seed: number, agents: readonly DemoAgent[], stime: number, etime: number) {
  const months: { stime: number; etime: number; sdate: string; edate: string; mau: number }[] = [];
  const first = new Date(stime);
  let cursor = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1);
  while (cursor < etime) {
    const start = new Date(cursor);
    const next = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
    const from = Math.max(cursor, stime);
    const to = Math.min(next, etime);
    const days = (to - from) / DAY;
    const daily = usersAt(seed, agents, from, DAY);
    months.push({
      stime: from,
      etime: to,
      sdate: isoDate(from),
      edate: isoDate(to - 1),
      mau: Math.round(daily * Math.sqrt(Math.max(days, 1 / 24)) * 1.5),
    });
    cursor = next;
  }
  return months;
}
