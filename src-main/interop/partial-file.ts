/**
 * Writing an export: into `FILE.partial` through a stream that waits when the disk falls behind
 * (backpressure, so memory stays bounded), renamed to FILE only once it is complete. A failed
 * export leaves no file that looks finished.
 */
import { once } from 'node:events';
import { createWriteStream, renameSync, rmSync, statSync } from 'node:fs';

/** Text is handed to the stream in chunks of about this size: one write per row would be slow. */
const CHUNK_CHARS = 1 << 20;

export interface PartialFile {
  /** Appends text; resolves at once unless the stream asks to wait. */
  write(text: string): Promise<void>;
  /** Flushes, closes, renames into place; resolves to the file's size. */
  finish(): Promise<number>;
  /** Closes and deletes the partial file. */
  abort(): Promise<void>;
}

export function openPartialFile(target: string): PartialFile {
  const partial = `${target}.partial`;
  const stream = createWriteStream(partial, { flags: 'w' });
  let failure: Error | null = null;
  stream.on('error', (error) => {
    failure = error;
  });
  let pending = '';

  const flush = async () => {
    if (failure) throw failure;
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    // `once` rejects when the stream fails while it waits.
    if (!stream.write(chunk)) await once(stream, 'drain');
    if (failure) throw failure;
  };

  const close = async () => {
    if (stream.closed) return;
    stream.end();
    await once(stream, 'close');
  };

  return {
    async write(text) {
      pending += text;
      if (pending.length >= CHUNK_CHARS) await flush();
    },
    async finish() {
      await flush();
      await close();
      if (failure) throw failure;
      renameSync(partial, target);
      return statSync(target).size;
    },
    async abort() {
      pending = '';
      await close().catch(() => undefined);
      rmSync(partial, { force: true });
    },
  };
}
