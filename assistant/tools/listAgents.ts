// mxql_list_agents: the agents of a project with their status, names first.
import { done, serviceRows } from '../results';
import { toolProse } from '../texts';
import type { ToolDefinition } from '../types';
import { PCODE_SCHEMA } from './schemas';
import { projectOf, requireTarget } from './target';

export interface ListAgentsInput {
  readonly pcode?: number;
}

export const listAgents: ToolDefinition<ListAgentsInput> = {
  name: 'mxql_list_agents',
  title: 'List the agents of a project',
  description:
    'Lists the agents (monitored application instances or hosts) of a project: name (oname), host IP, active or not, and id where the service gives one. ' +
    'Use it to pick an agent for a $oid/$oname parameter, or when an empty result names an agent filter. ' +
    'Not for metrics: use mxql_run for values over time. Next: mxql_run with params such as {"$oname": "<name>"}.',
  inputSchema: {
    type: 'object',
    properties: { pcode: PCODE_SCHEMA },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      pcode: { type: 'integer' },
      agents: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            hostIp: { type: 'string' },
            active: { type: 'boolean' },
            oid: { type: 'integer' },
          },
          required: ['name', 'active'],
        },
      },
    },
    required: ['pcode', 'agents'],
  },
  readsService: true,
  async run(input, context, signal) {
    const target = requireTarget(context);
    const pcode = projectOf(context, target, 'agents/no-project', input.pcode);
    const answer = await target.client.agents(undefined, { signal, pcode });
    const agents = answer.data.map((a) => {
      const oid = (a as { oid?: unknown }).oid;
      return {
        name: a.oname,
        ...(a.host_ip ? { hostIp: a.host_ip } : {}),
        active: a.active === true,
        ...(typeof oid === 'number' && Number.isInteger(oid) ? { oid } : {}),
      };
    });
    const text = `${toolProse(context.locale, 'agentsHead', agents.length, pcode)}\n${serviceRows(context, agents)}`;
    return done(text, { pcode, agents });
  },
};
