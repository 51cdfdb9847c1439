// The query of the end-to-end figure (README: 50,000-row demo query, Ctrl+Enter → painted grid), and
// the bare request for it, shared by its benchmarks and its floor test.
import type { DemoServer } from '../../demo/index';

/** Rows the query returns: its limit (12 h at 5 s steps over the demo's agents hold more). */
export const FIFTY_THOUSAND_ROWS = 50_000;
/** Its time range, in ms before now. */
export const FIFTY_THOUSAND_RANGE_MS = 12 * 3_600_000;
/** Its MXQL text. */
export const FIFTY_THOUSAND_MQL =
  'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps, resp_time, tx_count]';

/** POSTs the query to the demo backend's first project, as the extension does, ending at `now`. */
export function postFiftyThousand(server: DemoServer, now = Date.now()): Promise<Response> {
  const project = server.projects[0];
  if (!project) throw new Error('the demo backend has no project');
  const body = {
    stime: now - FIFTY_THOUSAND_RANGE_MS,
    etime: now,
    mql: FIFTY_THOUSAND_MQL,
    limit: FIFTY_THOUSAND_ROWS,
    pageKey: 'mxql',
  };
  return fetch(`${server.baseUrl}/open/api/flush/mxql/text`, {
    method: 'POST',
    headers: {
      'x-service-token': project.token,
      'x-service-pcode': String(project.pcode),
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}
