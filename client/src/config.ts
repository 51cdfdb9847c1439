// Typed settings of the extension. Every value is validated: a bad value produces one readable
// warning and falls back to its default, and nothing the user wrote is changed or lost.
// `readConfig` is pure (it gets a lookup function) so it is tested without VS Code; its problems are
// texts as data, which the extension says in the user's language.
import { templateText, type TemplateText } from '../../common/templateText';
import { MXQL_ROW_LIMIT } from '../../common/limits';
import { DEFAULT_ROW_LIMIT } from '../../server/core/index';

/** A connection profile from `mxql.profiles`. Tokens are never part of it (they live in SecretStorage). */
export interface ProfileSetting {
  readonly name: string;
  readonly baseUrl: string;
  readonly serviceUrl?: string;
  readonly defaultPcode?: number;
}

export interface MxqlConfig {
  readonly profiles: readonly ProfileSetting[];
  readonly reusePanel: boolean;
  readonly defaultLimit: number;
  /** `mxql.requestTimeoutMs`: the longest wait for the service to start or go on answering. */
  readonly requestTimeoutMs: number;
  readonly codeLens: boolean;
  /** Whether MXQL notebooks keep outputs in the file unless their header says otherwise. */
  readonly notebookSaveOutputs: boolean;
  /** The profile used until the user picks one (`mxql.defaultProfile`); empty when unset. */
  readonly defaultProfile: string;
  /** VS Code's own proxy settings, passed to the API client. */
  readonly proxy: { readonly url?: string; readonly strictSSL: boolean };
}

export const DEFAULT_LIMIT = DEFAULT_ROW_LIMIT;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** How a user raises the timeout in the extension; ends the hint of every timeout error. */
const MIN_REQUEST_TIMEOUT_MS = 100;
const MAX_REQUEST_TIMEOUT_MS = 3_600_000;

/** Reads one setting by full key (e.g. `mxql.profiles`, `http.proxy`). */
export type SettingLookup = (key: string) => unknown;

/** Name of the built-in profile served by the demo backend; a user profile may not take it. */
export const DEMO_PROFILE_NAME = 'Demo';

function validUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function readProfile(value: unknown, index: number, problems: TemplateText[]): ProfileSetting | undefined {
  const where = `mxql.profiles[${index}]`;
  if (typeof value !== 'object' || value === null) {
    problems.push(templateText('{0} is not an object; it is ignored.', where));
    return undefined;
  }
  const p = value as Record<string, unknown>;
  if (typeof p.name !== 'string' || p.name.trim() === '' || p.name === DEMO_PROFILE_NAME) {
    problems.push(
      templateText(
        '{0} needs a "name" (a non-empty text other than "{1}"); it is ignored.',
        where,
        DEMO_PROFILE_NAME,
      ),
    );
    return undefined;
  }
  if (typeof p.baseUrl !== 'string' || !validUrl(p.baseUrl)) {
    problems.push(
      templateText(
        '{0} ("{1}") needs a "baseUrl" such as https://api.example.com; it is ignored.',
        where,
        p.name,
      ),
    );
    return undefined;
  }
  const serviceUrl = typeof p.serviceUrl === 'string' && validUrl(p.serviceUrl) ? p.serviceUrl : undefined;
  if (p.serviceUrl !== undefined && !serviceUrl)
    problems.push(templateText('{0}.serviceUrl is not a URL; baseUrl is used.', where));
  const pcode =
    typeof p.defaultPcode === 'number' && Number.isSafeInteger(p.defaultPcode) ? p.defaultPcode : undefined;
  if (p.defaultPcode !== undefined && pcode === undefined) {
    problems.push(templateText('{0}.defaultPcode must be a whole number; it is ignored.', where));
  }
  return {
    name: p.name.trim(),
    baseUrl: p.baseUrl,
    ...(serviceUrl ? { serviceUrl } : {}),
    ...(pcode !== undefined ? { defaultPcode: pcode } : {}),
  };
}

function readProfiles(value: unknown, problems: TemplateText[]): ProfileSetting[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.push(templateText('{0} must be a list of profiles; no profile is used.', 'mxql.profiles'));
    return [];
  }
  const seen = new Set<string>();
  const out: ProfileSetting[] = [];
  value.forEach((item, index) => {
    const profile = readProfile(item, index, problems);
    if (!profile) return;
    if (seen.has(profile.name)) {
      problems.push(
        templateText(
          '{0} has two profiles named "{1}"; the first one is used.',
          'mxql.profiles',
          profile.name,
        ),
      );
      return;
    }
    seen.add(profile.name);
    out.push(profile);
  });
  return out;
}

function readBoolean(get: SettingLookup, key: string, fallback: boolean, problems: TemplateText[]): boolean {
  const value = get(key);
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  problems.push(templateText('{0} must be true or false; using {1}.', key, String(fallback)));
  return fallback;
}

function readLimit(get: SettingLookup, problems: TemplateText[]): number {
  const value = get('mxql.run.defaultLimit');
  if (value === undefined) return DEFAULT_LIMIT;
  if (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MXQL_ROW_LIMIT.min &&
    value <= MXQL_ROW_LIMIT.max
  )
    return value;
  problems.push(
    templateText(
      '{0} must be a whole number from 1 to {1}; using {2}.',
      'mxql.run.defaultLimit',
      MXQL_ROW_LIMIT.max,
      DEFAULT_LIMIT,
    ),
  );
  return DEFAULT_LIMIT;
}

function readRequestTimeout(get: SettingLookup, problems: TemplateText[]): number {
  const value = get('mxql.requestTimeoutMs');
  if (value === undefined) return DEFAULT_REQUEST_TIMEOUT_MS;
  if (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MIN_REQUEST_TIMEOUT_MS &&
    value <= MAX_REQUEST_TIMEOUT_MS
  )
    return value;
  problems.push(
    templateText(
      '{0} must be a whole number of milliseconds from {1} to {2}; using {3}.',
      'mxql.requestTimeoutMs',
      MIN_REQUEST_TIMEOUT_MS,
      MAX_REQUEST_TIMEOUT_MS,
      DEFAULT_REQUEST_TIMEOUT_MS,
    ),
  );
  return DEFAULT_REQUEST_TIMEOUT_MS;
}

function readDefaultProfile(get: SettingLookup, problems: TemplateText[]): string {
  const value = get('mxql.defaultProfile');
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  problems.push(
    templateText('{0} must be the name of a profile; no default profile is used.', 'mxql.defaultProfile'),
  );
  return '';
}

/** Reads and validates every setting; `problems` lists what was wrong, one sentence each. */
export function readConfig(get: SettingLookup): { config: MxqlConfig; problems: TemplateText[] } {
  const problems: TemplateText[] = [];
  const proxyUrl = get('http.proxy');
  const config: MxqlConfig = {
    profiles: readProfiles(get('mxql.profiles'), problems),
    reusePanel: readBoolean(get, 'mxql.results.reusePanel', true, problems),
    defaultLimit: readLimit(get, problems),
    requestTimeoutMs: readRequestTimeout(get, problems),
    codeLens: readBoolean(get, 'mxql.run.codeLens', true, problems),
    notebookSaveOutputs: readBoolean(get, 'mxql.notebook.saveOutputs', true, problems),
    defaultProfile: readDefaultProfile(get, problems),
    proxy: {
      ...(typeof proxyUrl === 'string' && proxyUrl.trim() !== '' ? { url: proxyUrl.trim() } : {}),
      strictSSL: get('http.proxyStrictSSL') !== false,
    },
  };
  return { config, problems };
}

export const AUTO_REFRESH_SETTING = 'mxql.explorer.autoRefreshSeconds';
const MAX_AUTO_REFRESH_SECONDS = 3600;

/**
 * `mxql.explorer.autoRefreshSeconds`, read when the explorer (re)arms its timer: seconds (at most an
 * hour), or 0 (off) with a problem sentence for a bad value.
 */
export function readAutoRefreshSeconds(get: SettingLookup): { seconds: number; problem?: TemplateText } {
  const value = get(AUTO_REFRESH_SETTING) ?? 0;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0)
    return { seconds: Math.min(value, MAX_AUTO_REFRESH_SECONDS) };
  return {
    seconds: 0,
    problem: templateText(
      '{0} must be a number of seconds (0 = off); auto-refresh is off.',
      AUTO_REFRESH_SETTING,
    ),
  };
}
