// Reading a JSON request body with a size cap. Bodies are small (MXQL text, a few fields); anything past
// the cap is refused with 413 rather than buffered.
import type { IncomingMessage } from 'node:http';
import { HttpError, badRequest } from './httpError';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads and parses the body; undefined when empty. Rejects with HttpError 413/415/400. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const type = req.headers['content-type'];
  if (type !== undefined && !/^application\/json\b/i.test(type)) {
    req.resume();
    throw new HttpError(
      415,
      'body/content-type',
      `Send the body as JSON with 'Content-Type: application/json' (got '${type}').`,
    );
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      req.resume();
      throw tooLarge();
    }
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw badRequest('body/malformed-json', `The request body is not valid JSON: ${detail}`);
  }
}

function tooLarge(): HttpError {
  return new HttpError(413, 'body/too-large', `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
}
