/** Reading a request's body without letting a large one fill memory. */
import type { IncomingMessage } from 'node:http';

/** The request body, or 'too_large' as soon as it passes `limit` (the rest is left unread). */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer | 'too_large'> {
  return new Promise((done, failed) => {
    if (Number(request.headers['content-length'] ?? 0) > limit) return done('too_large');
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.off('data', onData);
        return done('too_large');
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => done(Buffer.concat(chunks)));
    request.once('error', failed);
  });
}
