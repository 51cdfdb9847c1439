// Every failure the demo server reports is an HttpError, serialised as one JSON body shape:
//   { "status": 400, "code": "limit/range", "message": "heap_use allows at most 1 hour …" }
// The spec leaves error bodies open; this shape keeps a stable code for programs and a sentence for people.

/** A failure with an HTTP status, a stable code (`group/name`) and an actionable message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400 with a code and message. */
export function badRequest(code: string, message: string): HttpError {
  return new HttpError(400, code, message);
}

/** The JSON body of an error response. */
export function errorBody(error: HttpError): { status: number; code: string; message: string } {
  return { status: error.status, code: error.code, message: error.message };
}
