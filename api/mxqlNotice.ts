// The notice an MXQL response carried in its header (see common/mxqlNotice.ts), kept with the rows
// the client returns so callers can say why a result is empty without another return type.

const NOTICES = new WeakMap<object, string>();

/** Remembers a response's notice for its decoded rows. */
export function keepMxqlNotice(rows: unknown, notice: string | undefined): void {
  if (notice !== undefined && typeof rows === 'object' && rows !== null) NOTICES.set(rows, notice);
}

/** The notice the server sent with these rows (e.g. "no rows: the demo has no data for category x"). */
export function mxqlNoticeOf(rows: object): string | undefined {
  return NOTICES.get(rows);
}
