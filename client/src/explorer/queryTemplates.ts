// Query text the explorer writes: a new query for a project or an agent, and a query scoped to one
// agent for a single run. Pure text functions, tested in plain node.
import { directiveLine, stripDirectives } from '../../../server/core/index';

/** A new .mxql document for a project, with `OID` when it is for one agent. */
export function newQueryText(
  project: { pcode: number; name: string },
  agent?: { oid: number; oname: string },
): string {
  const lines = [
    directiveLine('name', agent ? `${agent.oname} in ${project.name}` : project.name),
    directiveLine('pcode', project.pcode),
    directiveLine('range', '1h'),
    'CATEGORY app_counter',
    ...(agent ? [`OID ${agent.oid}`] : []),
    'TAGLOAD',
    'SELECT [time, oid, oname, tps, resp_time]',
  ];
  return `${lines.join('\n')}\n`;
}

const CATEGORY_LINE = /^\s*CATEGORY\b/i;
const OID_LINE = /^\s*(OID|OKIND|ONODE|OIDSET)\b/i;

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
  return `${directiveLine('pcode', pcode)}\n${stripDirectives(fileText, ['pcode'])}`;
}
