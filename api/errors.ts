// Typed errors of the Open API client. Every failure becomes one OpenApiError whose message is a
// single actionable line: what failed (endpoint and path), why, and a hint. Tokens never appear:
// the client redacts every text it puts in an error with the tokens it knows. Besides the English
// message, an error carries its parts as data (kind, status, activity, reason and hints as
// templates with values) so a host can say the same in the user's language.
import { apiText, englishOf, type ApiText } from './apiText';

export const OpenApiErrorKinds = [
  'http', // the service answered with a non-2xx status
  'network', // connection refused, reset, DNS failure
  'timeout', // connect, headers or body timeout
  'aborted', // cancelled by the caller
  'invalid-json', // the body is not valid JSON
  'invalid-encoding', // the body is not valid UTF-8, or its gzip/deflate encoding cannot be undone
  'wrong-shape', // valid JSON of the wrong shape (null, or an object where rows are expected)
  'redirect', // a redirect the client will not follow (another host, plain HTTP, a loop)
  'truncated', // the body ended early (cut JSON, short content-length)
  'too-large', // the body exceeds the response size cap
  'not-json', // a JSON endpoint answered with another content type (e.g. an HTML error page)
  'invalid-number', // a bare-number endpoint answered with something else
  'invalid-params', // a parameter is missing or malformed (checked before sending)
  'limit', // a documented limit is exceeded (checked before sending)
  'insecure', // a token would travel over plain HTTP to a host that is not loopback
  'config', // the client lacks a token, pcode or URL for this call
] as const;
export type OpenApiErrorKind = (typeof OpenApiErrorKinds)[number];

export interface OpenApiErrorDetails {
  kind: OpenApiErrorKind;
  /** Why it failed: a template with values, or plain English for callers outside the client. */
  message: string | ApiText;
  endpointId?: string;
  /** What the call does, in words ("running the query"); messages name it instead of id and path. */
  activity?: ApiText;
  path?: string;
  status?: number;
  bodyExcerpt?: string;
  /** The service's own explanation from a JSON error body (one line, bounded, redacted). */
  serviceMessage?: string;
  /** The service's own error code from a JSON error body (`code` when it is a string). */
  serviceCode?: string;
  /** What to do about it, one sentence each. */
  hints?: readonly ApiText[];
  cause?: unknown;
}

export class OpenApiError extends Error {
  override readonly name = 'OpenApiError';
  readonly kind: OpenApiErrorKind;
  readonly endpointId: string | undefined;
  readonly path: string | undefined;
  readonly status: number | undefined;
  readonly bodyExcerpt: string | undefined;
  /** The service's own explanation from a JSON error body (one line, bounded, redacted). */
  readonly serviceMessage: string | undefined;
  /** The service's own error code from a JSON error body. */
  readonly serviceCode: string | undefined;
  /** The hints in English, one line (undefined when there is none). */
  readonly hint: string | undefined;
  /** Why it failed, as a template with values (English in {@link message}). */
  readonly reason: ApiText;
  /** What the call was doing, in words, when known. */
  readonly activity: ApiText | undefined;
  /** What to do about it. */
  readonly hints: readonly ApiText[];

  constructor(details: OpenApiErrorDetails) {
    const reason = typeof details.message === 'string' ? apiText(details.message) : details.message;
    const activity = details.activity ? englishOf(details.activity) : '';
    const where = activity
      ? `${activity[0]?.toUpperCase() ?? ''}${activity.slice(1)} failed: `
      : details.endpointId
        ? `${details.endpointId} (${details.path ?? ''}): `
        : '';
    const hints = details.hints ?? [];
    const hint = hints.length > 0 ? hints.map(englishOf).join(' ') : undefined;
    // A reason that already ends a sentence (a service message often does) gets no second full stop.
    const said = englishOf(reason);
    super(
      `${where}${said}${/[.!?]$/.test(said) ? '' : '.'}${hint ? ` ${hint}` : ''}`,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.kind = details.kind;
    this.endpointId = details.endpointId;
    this.path = details.path;
    this.status = details.status;
    this.bodyExcerpt = details.bodyExcerpt;
    this.serviceMessage = details.serviceMessage;
    this.serviceCode = details.serviceCode;
    this.hint = hint;
    this.reason = reason;
    this.activity = details.activity;
    this.hints = hints;
  }
}

export function isOpenApiError(value: unknown): value is OpenApiError {
  return value instanceof OpenApiError;
}

/** What a status code most likely means for a user of this API. */
export function hintForStatus(status: number, endpointId?: string): ApiText {
  // An MXQL endpoint's 400 is about the query text, which the service's own message then names.
  if (status === 400 && (endpointId === 'mxqlText' || endpointId === 'mxqlPath'))
    return apiText('The service rejected the query; fix it and run again.');
  if (status === 400) return apiText('The service rejected the parameters; check the range and values.');
  if (status === 401) return apiText('The API token is wrong or expired; set a new token.');
  if (status === 403)
    return apiText('Wrong kind of token (account vs project) or a token of another project (pcode).');
  if (status === 404) return apiText('Check the base URL and its region; the path is not served there.');
  if (status === 429) return apiText('Rate limited by the service; wait, then retry.');
  if (status >= 500)
    return apiText('The service has a problem; retry later, and if it persists contact its operator.');
  return apiText('Unexpected status from the service.');
}

const MIN_SECRET_LENGTH = 4;

/** Replaces every occurrence of each secret in `text` with `***`. Short or empty secrets are ignored. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret || secret.length < MIN_SECRET_LENGTH) continue;
    out = out.split(secret).join('***');
  }
  // A token header echoed back by a proxy or error page is redacted even when the token is unknown.
  return out.replace(/(x-service-token["']?\s*[:=]\s*["']?)[^\s"',;]+/gi, '$1***');
}

const EXCERPT_CHARS = 200;

/** A one-line, redacted excerpt of a body for error messages (redacted first, so no cut splits a token). */
export function bodyExcerpt(body: string, secrets: readonly (string | undefined)[]): string {
  const oneLine = redact(body.replace(/\s+/g, ' ').trim(), secrets);
  return oneLine.length > EXCERPT_CHARS ? `${oneLine.slice(0, EXCERPT_CHARS)}…` : oneLine;
}
