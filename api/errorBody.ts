// What a non-2xx body says, as text a person reads. Services answer a refused call with JSON such as
// `{"code":401,"message":"invalid token"}`: the reason shows its message ("invalid token"), not the
// JSON around it. An HTML page gives its title; any other body a short excerpt. Every text is one line,
// bounded, free of control characters and redacted with the tokens the client knows.
import { STATUS_CODES } from 'node:http';
import { htmlTitle, looksHtml } from './decode';
import { bodyExcerpt, redact } from './errors';

/** What an error body says. */
export interface ErrorBody {
  /** The words for the reason: the service's message, an HTML page's title or an excerpt; '' when empty. */
  readonly text: string;
  /** The body is an HTML page. */
  readonly html: boolean;
  /** The body itself, one line, cut and redacted (an HTML page's title instead of its markup). */
  readonly excerpt: string;
  /** The service's own message, when the body is JSON with a message-like field. */
  readonly serviceMessage?: string;
  /** The service's own error code, when the body is JSON with a string `code`. */
  readonly serviceCode?: string;
}

/** The longest service message a reason quotes. */
const MESSAGE_CHARS = 300;

/** Fields a service puts its explanation in, most specific first. */
const MESSAGE_FIELDS = [
  'message',
  'errorMessage',
  'error_description',
  'detail',
  'msg',
  'description',
  'reason',
  'error',
  'title',
] as const;

/** Reads a non-2xx body: its message when it is JSON with one, else a title or an excerpt. */
export function readErrorBody(
  body: Buffer,
  contentType: string,
  status: number,
  secrets: readonly string[],
): ErrorBody {
  const raw = body.toString('utf8');
  if (looksHtml(contentType, raw)) {
    const title = bodyExcerpt(htmlTitle(raw) ?? STATUS_CODES[status] ?? '', secrets);
    return { text: title, html: true, excerpt: title };
  }
  const excerpt = bodyExcerpt(raw, secrets);
  const json = parsedJson(raw);
  const found = messageIn(json, 0);
  // Redacted before it is cut, so a cut never leaves part of a token behind.
  const serviceMessage = found === undefined ? undefined : bounded(redact(oneLine(found), secrets));
  const code = isRecord(json) && typeof json['code'] === 'string' ? oneLine(json['code']) : '';
  return {
    text: withoutClosingPeriod(serviceMessage ?? oneLine(excerpt)),
    html: false,
    excerpt,
    ...(serviceMessage === undefined ? {} : { serviceMessage }),
    ...(code ? { serviceCode: redact(code, secrets) } : {}),
  };
}

function parsedJson(text: string): unknown {
  if (!/^\s*[{["]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The first non-empty message in `value`: a JSON string itself, a message-like field, or a level or
 * two down, as in `error: {message}` and `errors: [{message}]`.
 */
function messageIn(value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') return oneLine(value) ? value : undefined;
  if (depth > 2) return undefined;
  if (Array.isArray(value)) return messageIn(value[0], depth + 1);
  if (!isRecord(value)) return undefined;
  for (const field of [...MESSAGE_FIELDS, 'errors']) {
    const found = messageIn(value[field], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * One line without control or bidirectional-override characters (which could hide or reorder what a
 * notification shows), whitespace collapsed.
 */
function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The reason is followed by a period of its own. */
function withoutClosingPeriod(text: string): string {
  return text.replace(/\s*\.+$/, '');
}

function bounded(text: string): string {
  return text.length > MESSAGE_CHARS ? `${text.slice(0, MESSAGE_CHARS - 1)}…` : text;
}
