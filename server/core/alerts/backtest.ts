/**
 * Replays an alert condition over history: per agent, the points in time order; a run of consecutive
 * points that meet the condition is a breach, and a breach that lasts at least the rule's duration is a
 * firing. A point stands for the interval up to the next sample (the series' step: the typical spacing
 * of its points), so one breaching point lasts one step and a gap longer than two steps ends a breach.
 * Pure: points in, firings and a summary out; the order of the input does not matter.
 */

/** How a value is compared with the threshold. */
export const COMPARATORS = ['>', '>=', '<', '<='] as const;
export type Comparator = (typeof COMPARATORS)[number];

/** One sample of the field: when, which agent, and its value (null when the row had none). */
export interface BacktestPoint {
  readonly time: number;
  readonly agent: string;
  readonly value: number | null;
}

/** The condition replayed. */
export interface BacktestCondition {
  readonly comparator: Comparator;
  readonly threshold: number;
  /** How long a breach must last before the rule fires, in ms (0: the first breaching point fires). */
  readonly durationMs: number;
}

/** Options of a replay. */
export interface BacktestOptions {
  /** The sampling step, in ms; by default each agent's median spacing of points. */
  readonly stepMs?: number;
  /** The window replayed; by default from the first point to the last point's end. */
  readonly window?: { readonly stime: number; readonly etime: number };
}

/** A breach that lasted at least the duration: the rule would have fired at `firedAt`. */
export interface Firing {
  readonly agent: string;
  /** Time of the first breaching point. */
  readonly start: number;
  /** When the breach had lasted the duration: when the rule would have fired. */
  readonly firedAt: number;
  /** End of the last breaching point's step. */
  readonly end: number;
  /** end − start. */
  readonly durationMs: number;
  /** The most extreme value of the breach (highest for > and >=, lowest for < and <=). */
  readonly peak: number;
  /** Time of the peak. */
  readonly peakTime: number;
}

/** The firings of one agent, summed. */
export interface AgentBacktest {
  readonly agent: string;
  readonly count: number;
  readonly totalMs: number;
  readonly longestMs: number;
  /** Share (0..1) of the window this agent spent in firing breaches. */
  readonly share: number;
  readonly points: number;
  readonly stepMs: number;
}

/** The replay's outcome. */
export interface Backtest {
  readonly condition: BacktestCondition;
  /** Every firing, by start time then agent. */
  readonly firings: readonly Firing[];
  readonly count: number;
  readonly totalMs: number;
  readonly longestMs: number;
  /** Share (0..1) of the window × agents spent in firing breaches. */
  readonly share: number;
  /** Breaches too short to fire (under the duration). */
  readonly shortBreaches: number;
  readonly window: { readonly stime: number; readonly etime: number };
  /** Every agent with points, by name. */
  readonly agents: readonly AgentBacktest[];
  /** Points without a numeric value (skipped, like a gap). */
  readonly skipped: number;
}

/** Whether `value` meets the condition. */
export function breaches(value: number, comparator: Comparator, threshold: number): boolean {
  switch (comparator) {
    case '>':
      return value > threshold;
    case '>=':
      return value >= threshold;
    case '<':
      return value < threshold;
    case '<=':
      return value <= threshold;
  }
}

/** The median positive spacing of sorted times; 0 for fewer than two distinct times. */
export function medianStep(times: readonly number[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) {
    const gap = (times[i] as number) - (times[i - 1] as number);
    if (gap > 0) gaps.push(gap);
  }
  if (gaps.length === 0) return 0;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor((gaps.length - 1) / 2)] as number;
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Replays `condition` over `points` (any order, any number of agents). */
export function backtest(
  points: readonly BacktestPoint[],
  condition: BacktestCondition,
  options: BacktestOptions = {},
): Backtest {
  const series = new Map<string, { time: number; value: number }[]>();
  let skipped = 0;
  for (const p of points) {
    if (typeof p.value !== 'number' || !Number.isFinite(p.value) || !Number.isFinite(p.time)) {
      skipped++;
      continue;
    }
    let list = series.get(p.agent);
    if (!list) series.set(p.agent, (list = []));
    list.push({ time: p.time, value: p.value });
  }
  const firings: Firing[] = [];
  const perAgent: { agent: string; firings: Firing[]; points: number; stepMs: number }[] = [];
  let shortBreaches = 0;
  let first = Infinity;
  let last = -Infinity;
  for (const [agent, list] of series) {
    list.sort((a, b) => a.time - b.time);
    const step = options.stepMs ?? medianStep(list.map((p) => p.time));
    const mine: Firing[] = [];
    let run: { start: number; lastTime: number; peak: number; peakTime: number } | undefined;
    const close = () => {
      if (!run) return;
      // A breach still on at the window's end ends there, not a step past it.
      const end = Math.max(run.lastTime, Math.min(run.lastTime + step, options.window?.etime ?? Infinity));
      const durationMs = end - run.start;
      if (durationMs >= condition.durationMs) {
        mine.push({
          agent,
          start: run.start,
          firedAt: run.start + condition.durationMs,
          end,
          durationMs,
          peak: run.peak,
          peakTime: run.peakTime,
        });
      } else shortBreaches++;
      run = undefined;
    };
    const higher = condition.comparator === '>' || condition.comparator === '>=';
    for (const p of list) {
      // Two points further apart than two steps have a gap between them: no breach spans it.
      if (run && step > 0 && p.time - run.lastTime > 2 * step) close();
      if (breaches(p.value, condition.comparator, condition.threshold)) {
        if (!run) run = { start: p.time, lastTime: p.time, peak: p.value, peakTime: p.time };
        else {
          run.lastTime = p.time;
          if (higher ? p.value > run.peak : p.value < run.peak) {
            run.peak = p.value;
            run.peakTime = p.time;
          }
        }
      } else close();
    }
    close();
    first = Math.min(first, (list[0] as { time: number }).time);
    last = Math.max(last, (list[list.length - 1] as { time: number }).time + step);
    firings.push(...mine);
    perAgent.push({ agent, firings: mine, points: list.length, stepMs: step });
  }
  const window = options.window ?? (series.size > 0 ? { stime: first, etime: last } : { stime: 0, etime: 0 });
  const span = Math.max(0, window.etime - window.stime);
  const sum = (list: readonly Firing[]) => list.reduce((a, f) => a + f.durationMs, 0);
  const longest = (list: readonly Firing[]) => list.reduce((a, f) => Math.max(a, f.durationMs), 0);
  const share = (ms: number, agents: number) =>
    span > 0 && agents > 0 ? Math.min(1, ms / (span * agents)) : 0;
  firings.sort((a, b) => a.start - b.start || byCodeUnits(a.agent, b.agent));
  const agents = perAgent
    .map((a) => ({
      agent: a.agent,
      count: a.firings.length,
      totalMs: sum(a.firings),
      longestMs: longest(a.firings),
      share: share(sum(a.firings), 1),
      points: a.points,
      stepMs: a.stepMs,
    }))
    .sort((a, b) => byCodeUnits(a.agent, b.agent));
  const totalMs = sum(firings);
  return {
    condition,
    firings,
    count: firings.length,
    totalMs,
    longestMs: longest(firings),
    share: share(totalMs, series.size),
    shortBreaches,
    window,
    agents,
    skipped,
  };
}
