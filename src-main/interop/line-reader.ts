/**
 * Reading a text file line by line, synchronously, in bounded memory: an import runs inside one
 * transaction, so it reads as it writes instead of loading the file. Lines are split on the byte
 * `\n` before decoding, so a character split across two chunks is never cut.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { MindError } from '../../shared/errors';
import { MAX_LINE_BYTES, tooLarge } from './import-source';

const CHUNK_BYTES = 1 << 20;

export interface NumberedLine {
  /** 1-based, as editors count. */
  number: number;
  text: string;
  /** False for a last line the file ends in the middle of (no newline after it). */
  complete: boolean;
}

/** Lines of the regular file at `path`; a line longer than `maxLineBytes` stops the reading with a MindError naming it. */
export function* readLines(path: string, maxLineBytes = MAX_LINE_BYTES): Generator<NumberedLine> {
  const fd = openRegularFile(path);
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    let carry: Buffer = Buffer.alloc(0);
    let number = 0;
    for (;;) {
      const read = readSync(fd, chunk, 0, CHUNK_BYTES, null);
      if (read === 0) break;
      const data: Buffer = carry.length === 0 ? chunk.subarray(0, read) : Buffer.concat([carry, chunk.subarray(0, read)]);
      let start = 0;
      for (let end = data.indexOf(10, start); end !== -1; end = data.indexOf(10, start)) {
        number += 1;
        if (end - start > maxLineBytes) throw lineTooLong(path, number, maxLineBytes);
        yield { number, text: data.toString('utf8', start, end), complete: true };
        start = end + 1;
      }
      carry = Buffer.from(data.subarray(start));
      if (carry.length > maxLineBytes) throw lineTooLong(path, number + 1, maxLineBytes);
    }
    if (carry.length > 0) yield { number: number + 1, text: carry.toString('utf8'), complete: false };
  } finally {
    closeSync(fd);
  }
}

function lineTooLong(path: string, line: number, maxLineBytes: number): MindError {
  return new MindError('invalid_input', `${basename(path)}:${line}: the line is longer than ${(maxLineBytes / 1_048_576).toFixed(0)} MB; no importer reads lines that long.`, {
    path,
    line,
    maxLineBytes,
  });
}

/** The whole text of the regular file at `path`, refused (MindError) past `maxBytes` without reading further. */
export function readWholeFile(path: string, maxBytes: number): string {
  const fd = openRegularFile(path);
  try {
    const size = fstatSync(fd).size;
    if (size > maxBytes) throw tooLarge(path, size, maxBytes);
    // One byte more than its size is asked for: a file still growing is refused, not cut.
    const buffer = Buffer.alloc(size + 1);
    let filled = 0;
    for (let read = -1; read !== 0 && filled < buffer.length; filled += read) read = readSync(fd, buffer, filled, buffer.length - filled, null);
    if (filled > size) throw new MindError('invalid_input', `${path} grew while it was read; import it once it is complete.`, { path });
    return buffer.toString('utf8', 0, filled);
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens without blocking (a pipe would wait for a writer) and checks the descriptor is a regular
 * file: the path may have been swapped for a device since it was looked at.
 */
function openRegularFile(path: string): number {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw new MindError('invalid_input', `${path} is not a regular file.`, { path });
  }
  return fd;
}
