// Query text the explorer writes: a new query for a project or an agent, and a query scoped to one
// agent for a single run. Pure text functions, tested in plain node.

/** A new .mxql document for a project, with `OID` when it is for one agent. */
export function newQueryText(
  project: { pcode: number; name: string },
  agent?: { oid: number; oname: string },
): string {
  const lines = [
    `-- @name ${agent ? `${agent.oname} in ${project.name}` : project.name}`,
    `-- @pcode ${project.pcode}`,
    '-- @range 1h',
    'CATEGORY app_counter',
    ...(agent ? [`OID ${agent.oid}`] : []),
    'TAGLOAD',
    'SELECT [time, oid, oname, tps, resp_time]',
  ];
  return `${lines.join('\n')}\n`;
}

const CATEGORY_LINE = /^\s*CATEGORY\b/i;
const OID_LINE = /^\s*(OID|OKIND|ONODE|OIDSET)\b/i;
const PCODE_DIRECTIVE = /^\s*--\s*@pcode\b/i;

/**
 * The query restricted to one agent: every `OID`/`OKIND`/`ONODE` line is replaced, and `OID <oid>`
 * follows each CATEGORY line (only one of them may be set, and filtering happens at load time).
 */
export function scopeQueryToAgent(queryText: string, oid: number): string {
  const out: string[] = [];
  for (const line of queryText.split(/\r?\n/)) {
    if (OID_LINE.test(line)) continue;
    out.push(line);
    if (CATEGORY_LINE.test(line)) out.push(`OID ${oid}`);
  }
  return out.join('\n');
}

/** The file text with its `@pcode` directive set to `pcode` (directives apply to the whole file). */
export function withPcode(fileText: string, pcode: number): string {
  const kept = fileText.split(/\r?\n/).filter((line) => !PCODE_DIRECTIVE.test(line));
  return [`-- @pcode ${pcode}`, ...kept].join('\n');
}
