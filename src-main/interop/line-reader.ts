/**
 * Reading a text file line by line, synchronously, in bounded memory: an import runs inside one
 * transaction, so it reads as it writes instead of loading the file. Lines are split on the byte
 * `\n` before decoding, so a character split across two chunks is never cut.
 */
import { closeSync, openSync, readSync } from 'node:fs';

const CHUNK_BYTES = 1 << 20;

export interface NumberedLine {
  /** 1-based, as editors count. */
  number: number;
  text: string;
  /** False for a last line the file ends in the middle of (no newline after it). */
  complete: boolean;
}

export function* readLines(path: string): Generator<NumberedLine> {
  const fd = openSync(path, 'r');
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
        yield { number, text: data.toString('utf8', start, end), complete: true };
        start = end + 1;
      }
      carry = Buffer.from(data.subarray(start));
    }
    if (carry.length > 0) yield { number: number + 1, text: carry.toString('utf8'), complete: false };
  } finally {
    closeSync(fd);
  }
}
