// The pure side of "Open API Request…": which endpoints it offers and in which groups (straight from
// the API client's endpoint table), the default of each parameter, and the as-you-type check of one
// parameter against the table's validators.
import {
  EndpointGroups,
  endpoints,
  englishOf,
  validateParamsText,
  type EndpointSpec,
  type ParamSpec,
} from '../../../api/index';
import { templateText, type TemplateText } from '../../../common/templateText';

/** One group of the picker: the specification's group title and its endpoints in table order. */
export interface EndpointPickGroup {
  readonly title: string;
  readonly endpoints: readonly EndpointSpec[];
}

/** Every endpoint except the MXQL ones (those are run from .mxql files), grouped as the spec groups them. */
export function requestableEndpoints(): EndpointPickGroup[] {
  const groups: EndpointPickGroup[] = [];
  for (const [group, title] of Object.entries(EndpointGroups)) {
    if (group === 'mxql') continue;
    const list = endpoints.filter((e) => e.group === group);
    if (list.length > 0) groups.push({ title, endpoints: list });
  }
  return groups;
}

/** The text shown next to an endpoint in the picker: method, host and path. */
export function endpointDetail(spec: EndpointSpec): string {
  const host = spec.host === 'service' ? '{service_url}' : '{base_url}';
  return `${spec.method} ${host}${spec.path}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function yyyyMMdd(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
}

/** A window that fits every limit of `spec`, ending now (or starting an hour ago for windows). */
function defaultStart(spec: EndpointSpec, now: number): number {
  if (spec.window) return now - spec.window.ms;
  const limit = spec.limit?.maxRangeMs;
  return now - Math.min(limit ?? HOUR, HOUR);
}

/** The value a prompt starts with; '' when the parameter has no sensible default. */
export function defaultValue(spec: EndpointSpec, param: ParamSpec, now: number): string {
  if (param.name === 'stime') return String(defaultStart(spec, now));
  if (param.name === 'etime') return String(now);
  if (param.type === 'date') return yyyyMMdd(now - (param.name === 'baseTime' ? DAY : 0));
  if (param.default !== undefined) return String(param.default);
  if (param.name === 'metric') return 'thread_count';
  return param.values?.[0] !== undefined && param.required ? param.values[0] : '';
}

/** Whether a prompt for this parameter makes sense (fragment objects are MXQL-only). */
export function isPromptable(param: ParamSpec): boolean {
  return param.type !== 'fragments';
}

const PLACEHOLDERS: Record<ParamSpec['type'], (now: number) => string> = {
  integer: () => '1',
  string: () => 'x',
  time: (now) => String(now),
  agentTime: (now) => String(now),
  date: (now) => yyyyMMdd(now),
  oids: () => '1',
  fragments: () => '',
};

/** Stand-ins for the required parameters not asked yet, so that only the current one is judged. */
function stillToCome(
  spec: EndpointSpec,
  entered: Readonly<Record<string, string>>,
  current: string,
  now: number,
) {
  const later = spec.params.filter((p) => p.required && !(p.name in entered) && p.name !== current);
  return Object.fromEntries(
    later.map((p) => [p.name, defaultValue(spec, p, now) || PLACEHOLDERS[p.type](now)]),
  );
}

/**
 * The problem with `value` for `param`, given the values entered before it; undefined when fine.
 * Parameters still to come do not count; a problem naming no parameter (a range limit) is shown
 * once both ends are entered, that is on `etime`.
 */
export function paramProblem(
  spec: EndpointSpec,
  entered: Readonly<Record<string, string>>,
  param: ParamSpec,
  value: string,
  now: number,
): TemplateText | undefined {
  const blank = value.trim() === '';
  if (blank && param.required && param.default === undefined)
    return templateText('{0} is required', param.name);
  const asked = {
    ...stillToCome(spec, entered, param.name, now),
    ...requestParams(entered),
    ...(blank ? {} : { [param.name]: value.trim() }),
  };
  const problem = validateParamsText(spec.id, asked, now);
  if (!problem) return undefined;
  // Which parameter the problem is about is read from its English; the user reads their language.
  const message = englishOf(problem);
  // The pair rule is checked when its second half is entered.
  if (param.name === 'filterkey' && message.startsWith('filterkey and filterval')) return undefined;
  if (message.includes(param.name)) return problem;
  const namesOther = spec.params.some((p) => p.name !== param.name && message.includes(p.name));
  return !namesOther && param.name === 'etime' ? problem : undefined;
}

/** The parameters to send: blank optional values are left out, so the service applies its defaults. */
export function requestParams(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
}
