// The demo incident scenario the comparison is tested on (test/demo/incident.test.ts, the CLI and MCP
// tests): one agent of the Order Service project degrades over the last 30 minutes, response time ×3
// and throughput ÷2, and a per-minute query of both per agent is compared with its baseline.

/** The demo incident: `order-worker-02` (its oname is `order-worker-02:8081`). */
export const INCIDENT = 'order-worker-02:resp_time*3,tps/2@30m';
export const DEGRADED = 'order-worker-02:8081';
export const INCIDENT_PROJECT = 'Order Service';

/** Per agent and minute, the response time and throughput: what a user compares. */
export const PER_MINUTE = `-- @range 30m
CATEGORY app_counter
TAGLOAD
SELECT [time, oid, oname, resp_time, tps]
GROUP {timeunit:1m, pk:[oid, oname], merge:[resp_time, tps]}
`;
