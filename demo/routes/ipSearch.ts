// IP-based transaction search (POST /open/api/v2/yard/flush). The spec leaves the envelope open; the demo
// answers `{ records, total, stime, etime }` like the other record lists, with at most 100 records.
import { IP_SEARCH_WINDOW } from '../../api/index';
import { ipSearchResults } from '../data/records';
import { badRequest } from '../http/httpError';
import { bodyEpochMs } from '../http/params';
import { projectOf, type RequestContext, type Route } from '../http/route';

function field(body: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = body[name];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('body/missing', `Body field '${name}' must be an object.`);
  }
  return value as Record<string, unknown>;
}

function search(ctx: RequestContext) {
  const project = projectOf(ctx);
  if (typeof ctx.body !== 'object' || ctx.body === null || Array.isArray(ctx.body)) {
    throw badRequest(
      'body/missing',
      "Send a JSON object: { type: 'profiles', path: '/filter/search', pcode, params }.",
    );
  }
  const body = ctx.body as Record<string, unknown>;
  if (body.type !== 'profiles')
    throw badRequest('body/invalid-field', "Body field 'type' must be 'profiles'.");
  if (body.path !== '/filter/search')
    throw badRequest('body/invalid-field', "Body field 'path' must be '/filter/search'.");
  if (typeof body.pcode !== 'string' && typeof body.pcode !== 'number') {
    throw badRequest('body/missing', "Body field 'pcode' must hold the project code (as a string).");
  }
  if (String(body.pcode) !== String(project.pcode)) {
    throw badRequest(
      'body/pcode-mismatch',
      `Body pcode '${String(body.pcode)}' is not the project of the token (${project.pcode}).`,
    );
  }
  const params = field(body, 'params');
  const stime = bodyEpochMs('params.stime', params.stime);
  const filter = field(params, 'filter');
  const ip = filter.ip;
  if (typeof ip !== 'string' || !/^[0-9a-fA-F.:]{2,45}$/.test(ip)) {
    throw badRequest('body/invalid-ip', "Body field 'params.filter.ip' must be a client IP address.");
  }
  const etime = stime + IP_SEARCH_WINDOW.ms;
  const records = ipSearchResults(ctx.state.data.range(project.pcode, stime, etime), ip);
  return { records, total: records.length, stime, etime };
}

export const ipSearchRoutes: Route[] = [
  { host: 'base', method: 'POST', path: '/open/api/v2/yard/flush', auth: 'project', handle: search },
];
