// The shape of one row of the endpoint table: how an endpoint, its parameters and limits are described.
import type { RangeLimit } from '../common/limits';

export type { RangeLimit };

/** The groups of the specification's Endpoints part, in the order it lists them. */
export const EndpointGroups = {
  meta: 'Meta',
  spotService: 'Spot information (second host)',
  spotMain: 'Spot information (main host)',
  statistics: 'Statistics (application monitoring)',
  serverStatistics: 'Server statistics',
  rawTag: 'Project statistics (raw tag) and DB pool',
  ipSearch: 'IP-based transaction search',
  database: 'Database monitoring',
  mxql: 'MXQL',
} as const;
export type EndpointGroup = keyof typeof EndpointGroups;

/** How a parameter's value is written and checked. */
export type ParamType =
  | 'integer' // a whole number (oid may be negative)
  | 'string'
  | 'time' // epoch milliseconds
  | 'agentTime' // epoch ms or yyyyMMddHHmmss, yyyyMMddHHmm, MMddHHmmss, MMddHHmm
  | 'date' // yyyyMMdd
  | 'oids' // a list of agent ids, sent comma-separated
  | 'fragments'; // an object of name -> string (MXQL inject and param)

export interface ParamSpec {
  readonly name: string;
  /** Where the value travels: a path segment, a query parameter, or a JSON body field. */
  readonly in: 'path' | 'query' | 'body';
  readonly type: ParamType;
  readonly required: boolean;
  /** The complete allowed set, when the specification gives one. */
  readonly values?: readonly string[];
  /** Values seen in the specification when it does not give the complete set; not enforced. */
  readonly suggestions?: readonly string[];
  readonly default?: string | number;
  readonly min?: number;
  readonly max?: number;
  /** A short prompt for a UI asking for this value. */
  readonly title: string;
}

/** How the JSON body of a POST is built from the parameters. */
export type BodyShape = 'none' | 'flat' | 'mxql' | 'ipSearch';

export interface EndpointSpec {
  readonly id: string;
  readonly group: EndpointGroup;
  readonly method: 'GET' | 'POST';
  /** `base` is `{base_url}`; `service` is `{service_url}`, the second host. */
  readonly host: 'base' | 'service';
  /** Documented path; `{name}` segments are path parameters. */
  readonly path: string;
  /** The path (and host) of the specification's example request, where it differs. */
  readonly example?: { readonly path: string; readonly host: 'base' | 'service' };
  /** `account`: account token alone; `project`: project token plus `x-service-pcode`. */
  readonly auth: 'account' | 'project';
  readonly params: readonly ParamSpec[];
  readonly body: BodyShape;
  readonly limit?: RangeLimit;
  /** A fixed window that starts at `stime` (the request has no etime); stime may not be in the future. */
  readonly window?: { readonly ms: number; readonly label: string };
  /** `number`: the body is a bare number, not a JSON object. */
  readonly response: 'json' | 'number';
  /** Safe to repeat after a transient failure (every GET and every read-only POST). */
  readonly retryable: boolean;
  readonly title: string;
}
