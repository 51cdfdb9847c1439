// Why an MXQL result is empty (or otherwise worth a word), sent beside the rows without changing the
// API's JSON: the demo backend puts it in a response header, the Open API client reads it back, and
// `mxql run` and the results panel show it. The header is optional; the service never sends it.

/** The response header of an MXQL endpoint that carries a notice. */
export const MXQL_NOTICE_HEADER = 'x-mxql-notice';

/** The header value of a notice: percent-encoded UTF-8, so any text fits a header. */
export function encodeMxqlNotice(text: string): string {
  return encodeURIComponent(text);
}

/** The notice text of a header value; undefined for a missing or malformed value. */
export function decodeMxqlNotice(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  try {
    const text = decodeURIComponent(raw).trim();
    return text === '' ? undefined : text.slice(0, 2_000);
  } catch {
    return undefined;
  }
}
