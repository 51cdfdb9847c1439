// Response bodies to values: JSON for most endpoints, a bare number for the spot and raw tag ones.
// Failures name what arrived (an HTML page, cut JSON, another content type) instead of a parse error.
import { apiText, type ApiText } from './apiText';
import type { OpenApiErrorKind } from './errors';

export interface DecodeProblem {
  kind: OpenApiErrorKind;
  message: ApiText;
  hint?: ApiText;
}
export type Decoded = { ok: true; value: unknown } | { ok: false; problem: DecodeProblem };

/** True for an HTML page (by content type or by its first tag). */
export const looksHtml = (contentType: string, text: string): boolean =>
  /html/i.test(contentType) || /^\s*<(!doctype|html)/i.test(text);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of an HTML page's <title>, entities decoded and whitespace collapsed, if it has one. */
export function htmlTitle(html: string): string | undefined {
  const match = /<title[^>]*>([\s\S]{0,500}?)<\/title>/i.exec(html);
  const raw = match?.[1]
    ?.replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (all, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16) || 32);
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)) || 32);
      return ENTITIES[name.toLowerCase()] ?? all;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return raw ? raw : undefined;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The byte offset of the first invalid UTF-8 sequence, or undefined when the body is valid UTF-8. */
function invalidUtf8At(body: Buffer): number | undefined {
  try {
    strictUtf8.decode(body);
    return undefined;
  } catch {
    // Narrow down by halves: the prefix up to the bad byte decodes, one byte more does not.
    let low = 0;
    let high = body.length;
    while (high - low > 1) {
      const mid = (low + high) >> 1;
      try {
        strictUtf8.decode(body.subarray(0, mid), { stream: true });
        low = mid;
      } catch {
        high = mid;
      }
    }
    return low;
  }
}
const isJsonType = (contentType: string): boolean => contentType === '' || /[/+]json\b/i.test(contentType);

function notJson(contentType: string, text: string): DecodeProblem {
  if (looksHtml(contentType, text)) {
    const title = htmlTitle(text);
    return {
      kind: 'not-json',
      message: title
        ? apiText("the service answered with an HTML page ('{0}') instead of JSON", title.slice(0, 120))
        : apiText('the service answered with an HTML page instead of JSON'),
      hint: apiText('A proxy, login page or wrong base URL is in the way; check the base URL and proxy.'),
    };
  }
  return {
    kind: 'not-json',
    message: apiText("expected JSON but got content type '{0}'", contentType),
    hint: apiText('Check the base URL: it does not point at the Open API.'),
  };
}

/** Decodes a JSON body; truncated input is told apart from other invalid JSON. */
export function decodeJson(body: Buffer, contentType: string): Decoded {
  const text = body.toString('utf8');
  if (!isJsonType(contentType)) return { ok: false, problem: notJson(contentType, text) };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    if (looksHtml(contentType, text)) return { ok: false, problem: notJson('text/html', text) };
    const badByte = invalidUtf8At(body);
    if (badByte !== undefined) {
      return {
        ok: false,
        problem: {
          kind: 'invalid-encoding',
          message: apiText(
            'the response is not valid UTF-8 (an invalid byte at offset {0}), so it cannot be read as JSON',
            badByte,
          ),
          hint: apiText(
            'A proxy or the service sent the answer in another character set; check the proxy, or report it to the service.',
          ),
        },
      };
    }
    const reason = error instanceof Error ? error.message : String(error);
    const cut = /end of (json )?input|unterminated/i.test(reason) || text.trim() === '';
    return cut
      ? {
          ok: false,
          problem: {
            kind: 'truncated',
            message: apiText('the JSON response is truncated after {0} bytes', body.length),
            hint: apiText('The connection or a proxy cut the response; retry.'),
          },
        }
      : {
          ok: false,
          problem: {
            kind: 'invalid-json',
            message: apiText('the response is not valid JSON ({0})', reason),
            hint: apiText(
              'The service or a proxy answered something else; check the base URL and proxy, and retry.',
            ),
          },
        };
  }
}

/** Decodes a bare-number body; accepts JSON-quoted numbers and surrounding whitespace. */
export function decodeNumber(body: Buffer, contentType: string): Decoded {
  const text = body.toString('utf8').trim();
  const unquoted = /^"[^"]*"$/.test(text) ? text.slice(1, -1).trim() : text;
  const value = unquoted === '' ? NaN : Number(unquoted);
  if (Number.isFinite(value)) return { ok: true, value };
  if (looksHtml(contentType, text)) return { ok: false, problem: notJson(contentType, text) };
  return {
    ok: false,
    problem: {
      kind: 'invalid-number',
      message: apiText("expected a bare number but got '{0}'", text.slice(0, 40)),
    },
  };
}

/** Rows in a decoded body, for the request log: a top-level array, or `records` / `data`. */
export function rowCount(value: unknown): number | undefined {
  if (Array.isArray(value)) return value.length;
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as { records?: unknown; data?: unknown };
  if (Array.isArray(v.records)) return v.records.length;
  if (Array.isArray(v.data)) return v.data.length;
  return undefined;
}
