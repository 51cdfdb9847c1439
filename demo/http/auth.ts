// Token checks of the spec's Authentication part: `x-service-token` always; project endpoints also need
// `x-service-pcode` equal to the token's project. 401 = no or unknown token; 403 = a known token that
// may not call this endpoint (wrong kind, or a pcode that is not its project).
import type { DemoData, DemoProject } from '../data/index';
import { HttpError } from './httpError';
import type { AuthKind, Caller } from './route';

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function projectCaller(
  project: DemoProject,
  headers: Record<string, string | string[] | undefined>,
  auth: AuthKind,
): Caller {
  if (auth === 'account') {
    throw new HttpError(
      403,
      'auth/needs-account-token',
      'This endpoint is account-level: send the account API token (and no x-service-pcode).',
    );
  }
  const pcode = header(headers, 'x-service-pcode');
  if (pcode === undefined || pcode === '') {
    throw new HttpError(
      403,
      'auth/missing-pcode',
      "Send the project code in 'x-service-pcode' with a project token.",
    );
  }
  if (pcode.trim() !== String(project.pcode)) {
    throw new HttpError(
      403,
      'auth/pcode-mismatch',
      `The project token does not belong to project '${pcode}'.`,
    );
  }
  return { kind: 'project', project };
}

/** Identifies the caller or throws the 401/403 HttpError the spec's rules call for. */
export function authenticate(
  data: DemoData,
  headers: Record<string, string | string[] | undefined>,
  auth: AuthKind,
): Caller {
  const token = header(headers, 'x-service-token');
  if (token === undefined || token === '') {
    throw new HttpError(401, 'auth/missing-token', "Send an API token in the 'x-service-token' header.");
  }
  if (token === data.dataset.accountToken) {
    if (auth === 'project') {
      throw new HttpError(
        403,
        'auth/needs-project-token',
        "This endpoint is project-scoped: send the project's API token and 'x-service-pcode', not the account token.",
      );
    }
    return { kind: 'account' };
  }
  const project = data.projects.find((p) => p.token === token);
  if (!project)
    throw new HttpError(401, 'auth/invalid-token', "The token in 'x-service-token' is not valid.");
  return projectCaller(project, headers, auth);
}
