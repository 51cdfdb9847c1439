// How messages name a call in words ("listing projects"), so a user reads what failed, not an
// endpoint id and path; the path stays in the request log. Endpoints without an entry are named by
// their title.
import { apiText, englishOf, type ApiText } from './apiText';
import type { EndpointSpec } from './endpointSpec';

/** The activity of each endpoint that has one, by endpoint id (English; hosts translate it). */
export const ENDPOINT_ACTIVITIES: Readonly<Record<string, string>> = {
  projects: 'listing projects',
  project: 'reading the project',
  smProject: 'reading the project',
  agents: 'listing agents',
  agentList: 'listing agents',
  projectMembers: 'listing project members',
  groups: 'listing groups',
  groupMembers: 'listing group members',
  groupProjects: 'listing group projects',
  smServers: 'listing servers',
  sm: 'reading server snapshots',
  spot: 'reading the live values',
  mxqlText: 'running the query',
  mxqlPath: 'running the predefined query',
};

/** What the user was doing when `spec` was called, as a text to translate. */
export function endpointActivityText(spec: Pick<EndpointSpec, 'id' | 'title'>): ApiText {
  const words = ENDPOINT_ACTIVITIES[spec.id];
  return words === undefined ? apiText('requesting "{0}"', spec.title) : apiText(words);
}

/** What the user was doing when `spec` was called, in words, e.g. "running the query". */
export function endpointActivity(spec: Pick<EndpointSpec, 'id' | 'title'>): string {
  return englishOf(endpointActivityText(spec));
}
