// The predefined queries served by /mxql/path, written as MXQL and run by the engine like any text.
// A `/v2` prefix names the same queries. The path queries take their time from the request.

const ACT_TX_OID = `-- Active transactions per agent by elapsed-time section, last 15 seconds
HEADER { act0$:I, act3$:I, act8$:I, act$:I, tps$:I }
TIME-RANGE {duration:15s, etime:$etime}
OIDSET {oid:$oid, okind:$okind, onode:$onode}
CATEGORY app_counter
TAGLOAD {backward:true}
SELECT [oid, oname, active_tx_0, active_tx_3, active_tx_8, active_tx_count, tps]
FIRST-ONLY {key:oid}
RENAME {src:active_tx_0, dst:act0}
RENAME {src:active_tx_3, dst:act3}
RENAME {src:active_tx_8, dst:act8}
RENAME {src:active_tx_count, dst:act}
CREATE {key:_id_, from:oid}
CREATE {key:_name_, from:oname}
INJECT default
`;

const AGENT_WITH_TX = `-- Every agent with its details and its active transactions by section, last 15 seconds
CATEGORY agent_list
FLEXLOAD
SELECT [pcode, pname, oid, oname, otype, okind, okindName, onode, onodeName, type, subtype, version, os_name, ip, container_id, metering, status]
JOIN {query:'/app/act_tx/act_tx_oid', pk:oid, field:[act0, act3, act8, act]}
RENAME {src:[act0, act3, act8, act], dst:[normal, slow, verySlow, total]}
UPDATE {key:[normal, slow, verySlow, total], notnull:0}
INJECT default
`;

/** One app_counter column per agent over the request's range, 5-minute buckets past an hour. */
function perAgentSeries(column: string, what: string): string {
  return `-- ${what} per agent over the request's range
OIDSET {oid:$oid, okind:$okind, onode:$onode}
CATEGORY app_counter
TAGLOAD
SELECT [time, oid, oname, ${column}]
GROUP {timeunit: 5m, pk: oid, last: oname, merge: ${column}}
UPDATE {key: ${column}, value: avg}
INJECT default
`;
}

const PATHS: Readonly<Record<string, string>> = {
  '/app/act_tx/act_tx_oid': ACT_TX_OID,
  '/app/act_tx/agent_with_tx': AGENT_WITH_TX,
  '/app/tps_oid': perAgentSeries('tps', 'Throughput (tps)'),
  '/app/resp_time_oid': perAgentSeries('resp_time', 'Average response time (ms)'),
};

/** Every predefined path (without the `/v2` alias). */
export const PREDEFINED_PATHS: readonly string[] = Object.keys(PATHS);

/** The MXQL text of a predefined path, or undefined when the path is unknown. */
export function predefinedQuery(path: string): string | undefined {
  return PATHS[path.replace(/^\/v2(?=\/)/, '')];
}
