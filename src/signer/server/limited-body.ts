import type { IncomingMessage } from 'node:http';

/** A request body past the limit: the reading stopped there. */
export class BodyTooLarge extends Error {
  readonly tooLarge = true;
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

/** Whether a reading failed on the limit (by shape: the house rule recognises no class by instanceof). */
export function isBodyTooLarge(error: unknown): boolean {
  return (error as { tooLarge?: unknown } | null)?.tooLarge === true;
}

/**
 * The request's body as UTF-8, read only up to `limit` bytes: a larger body (by its declared
 * length, or as it arrives) rejects with BodyTooLarge at once, and the rest is never buffered.
 */
export function readLimitedBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(new BodyTooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        chunks.length = 0;
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (error) => {
      if (done) return;
      done = true;
      reject(error);
    });
  });
}
