// Test helper: runs MXQL in process against a fixed demo data set, as the demo server would.
import { createDemoData, type DemoData, type DemoProject } from '../../../demo/data/index';
import { runMxqlRequest, type Row } from '../../../demo/mxql/index';
import type { MxqlRequest } from '../../../demo/mxqlExecutor';

export const FIXED_NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const data: DemoData = createDemoData(19, () => FIXED_NOW);

/** The first APM project of the data set (it has Java agents with app_counter data). */
export const project: DemoProject = (() => {
  const apm = data.projects.find((p) => p.productType === 'APM' && p.name.includes('Order'));
  if (!apm) throw new Error('the demo data set has no APM project with agents');
  return apm;
})();

export const activeAgents = data.agentsOf(project.pcode).filter((a) => a.active);

/** The Linux server project: server_* categories have rows only in server projects. */
export const serverProject: DemoProject = (() => {
  const linux = data.projects.find((p) => p.platform === 'LINUX');
  if (!linux) throw new Error('the demo data set has no Linux server project');
  return linux;
})();

/** Runs text (or a path) over the last `rangeMs` with generous defaults. */
export function run(
  mql: string,
  options: Partial<Omit<MxqlRequest, 'mql'>> & {
    rangeMs?: number;
    signal?: AbortSignal;
    dataSet?: DemoData;
  } = {},
): Promise<Row[]> {
  const { rangeMs = 10 * MINUTE, signal = new AbortController().signal, dataSet = data, ...rest } = options;
  const req: MxqlRequest = {
    pcode: project.pcode,
    mql,
    kind: 'text',
    stime: FIXED_NOW - rangeMs,
    etime: FIXED_NOW,
    limit: 100_000,
    param: {},
    inject: {},
    ...rest,
  };
  return runMxqlRequest(dataSet, req, signal);
}

/** The values of one column. */
export function column(rows: readonly Row[], name: string): unknown[] {
  return rows.map((row) => row[name]);
}

/** Runs text in another project (and, optionally, another data set) over the last `rangeMs`. */
export function runIn(
  p: DemoProject,
  mql: string,
  rangeMs = 10 * MINUTE,
  dataSet: DemoData = data,
): Promise<Row[]> {
  return run(mql, { pcode: p.pcode, rangeMs, dataSet });
}
