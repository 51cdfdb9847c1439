// Content-Encoding of response bodies: the client asks for gzip and deflate (Accept-Encoding) and
// decodes what arrives, with the response size cap applied to the decoded size too, so a small
// compressed body cannot expand into an unbounded one.
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/** What the client sends as Accept-Encoding. */
export const ACCEPT_ENCODING = 'gzip, deflate';

export type EncodingResult =
  | { ok: true; body: Buffer }
  | { ok: false; reason: 'too-large' | 'unsupported' | 'corrupt'; encoding: string };

function inflateEither(body: Buffer, maxOutputLength: number): Buffer {
  // "deflate" is zlib-wrapped by the standard, but some servers send raw deflate; accept both.
  try {
    return inflateSync(body, { maxOutputLength });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw error;
    return inflateRawSync(body, { maxOutputLength });
  }
}

const decoders: Record<string, (body: Buffer, maxOutputLength: number) => Buffer> = {
  gzip: (body, maxOutputLength) => gunzipSync(body, { maxOutputLength }),
  'x-gzip': (body, maxOutputLength) => gunzipSync(body, { maxOutputLength }),
  deflate: inflateEither,
  br: (body, maxOutputLength) => brotliDecompressSync(body, { maxOutputLength }),
};

/** Decodes `body` per its Content-Encoding header (a comma list, applied in order); identity passes. */
export function decodeContentEncoding(body: Buffer, header: string, maxBytes: number): EncodingResult {
  const codings = header
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  let out = body;
  for (const encoding of codings.reverse()) {
    const decode = decoders[encoding];
    if (!decode) return { ok: false, reason: 'unsupported', encoding };
    try {
      out = decode(out, maxBytes);
    } catch (error) {
      const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      return { ok: false, reason: tooLarge ? 'too-large' : 'corrupt', encoding };
    }
  }
  return { ok: true, body: out };
}
