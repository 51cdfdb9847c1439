// mxql_list_projects: the projects the account sees, names first. Project tokens in the answer never
// leave this module.
import { done, serviceRows } from '../results';
import { toolProse } from '../texts';
import type { ToolDefinition } from '../types';
import { requireTarget } from './target';

export const listProjects: ToolDefinition<Record<string, never>> = {
  name: 'mxql_list_projects',
  title: 'List monitoring projects',
  description:
    'Lists the projects of the account: name, pcode, product type (APM, server, DB, …), platform and status. ' +
    'Use it when the user names a project or service by name, or a run needs a pcode. ' +
    'Not needed when the target already has a project and the user did not ask for another. Next: mxql_list_agents or mxql_run with pcode.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: {
    type: 'object',
    properties: {
      projects: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            pcode: { type: 'integer' },
            productType: { type: 'string' },
            platform: { type: 'string' },
            status: { type: 'string' },
            group: { type: 'string' },
          },
          required: ['name', 'pcode'],
        },
      },
    },
    required: ['projects'],
  },
  readsService: true,
  async run(_input, context, signal) {
    const target = requireTarget(context);
    const answer = await target.client.projects(undefined, { signal });
    // Picked field by field: the answer carries each project's API token, which must never be shown.
    const projects = answer.data.map((p) => ({
      name: p.projectName,
      pcode: p.projectCode,
      productType: p.productType,
      platform: p.platform,
      status: String(p.status),
      ...(p.groupName ? { group: p.groupName } : {}),
    }));
    const text = `${toolProse(context.locale, 'projectsHead', projects.length)}\n${serviceRows(context, projects)}`;
    return done(text, { projects });
  },
};
