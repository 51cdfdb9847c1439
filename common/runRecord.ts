// What a run was: the query, where it was sent, the range and values it was sent with, when it started,
// and how many rows came back how fast. The results header (RunInfo), the history (HistoryEntry), a
// notebook output (OutputRun) and the CLI's report of a file (FileRun) each keep a part of these facts;
// they take their fields from this one record, so a fact has one name and one meaning wherever a run is
// remembered. Types only.

/** Every fact of one run; each keeper picks the ones it needs. */
export interface RunRecord {
  /** Title of the query (the `@name` directive or the file name). */
  readonly title: string;
  /** The query text as sent, or the predefined path run instead of a text. */
  readonly query: string;
  /** The endpoint path, e.g. `/open/api/flush/mxql/text`. */
  readonly endpoint: string;
  /** The project the request went to. */
  readonly pcode: number;
  /** The time range sent, epoch ms. */
  readonly stime: number;
  readonly etime: number;
  /** `$param` values, keys with their `$`. */
  readonly params: Readonly<Record<string, string>>;
  /** INJECT fragments by name. */
  readonly injects: Readonly<Record<string, string>>;
  /** Epoch ms at which the request started. */
  readonly startedAt: number;
  /** How many rows came back. */
  readonly rows: number;
  /** How long the request took, ms. */
  readonly ms: number;
}
