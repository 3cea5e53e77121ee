/**
 * Reading a mind's write-ahead log as SQLite's recovery does, to tell a sound log from a damaged
 * one: the header (magic, format, page size, salts and its checksum), then each frame's salts and
 * its checksum chained from the one before. Frames whose salts are a previous generation's are
 * left over from before the log restarted (normal); a frame of the current generation that breaks
 * the chain with more of the generation after it means writes SQLite will never see again.
 *
 * The log is a file of its own, on which SQLite holds no POSIX locks (they are on the mind file and
 * `-shm`), so reading it through a descriptor of ours costs no connection its locks.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { Db } from './connection';

const HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;
const MAGIC_LITTLE_ENDIAN = 0x377f0682;
const MAGIC_BIG_ENDIAN = 0x377f0683;
const FORMAT_VERSION = 3007000;

export interface WalInspection {
  /** The log's size in bytes (0 when there is none). */
  bytes: number;
  /** Frames of the current generation up to its last commit: what SQLite reads. */
  committedFrames: number;
  /** What is wrong, in words; [] when the log is sound (or absent). */
  problems: string[];
}

/** The mind's page size, which its log's frames must carry. */
export function pageSizeOf(db: Db): number {
  return db.pragma('page_size', { simple: true }) as number;
}

/** Inspects `mindPath`-wal; `pageSize` is the mind's (null before it is open: the log's own, if it is a possible one). */
export function inspectWriteAheadLog(mindPath: string, pageSize: number | null): WalInspection {
  const path = `${mindPath}-wal`;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { bytes: 0, committedFrames: 0, problems: [] };
    return { bytes: 0, committedFrames: 0, problems: [`the write-ahead log cannot be read: ${(error as Error).message}`] };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { bytes: 0, committedFrames: 0, problems: ['the write-ahead log is not a regular file'] };
    return readLog(fd, stat.size, pageSize);
  } finally {
    closeSync(fd);
  }
}

function readLog(fd: number, bytes: number, expectedPageSize: number | null): WalInspection {
  const found = (problem: string, committedFrames = 0): WalInspection => ({ bytes, committedFrames, problems: [problem] });
  if (bytes === 0) return { bytes, committedFrames: 0, problems: [] };
  const header = Buffer.alloc(HEADER_BYTES);
  if (readSync(fd, header, 0, HEADER_BYTES, 0) < HEADER_BYTES) return found(`the write-ahead log (${bytes} bytes) is shorter than its own header: it is not a log`);
  const magic = header.readUInt32BE(0);
  if (magic !== MAGIC_LITTLE_ENDIAN && magic !== MAGIC_BIG_ENDIAN) {
    return found(`the write-ahead log does not begin as one (magic ${magic.toString(16)}): something else was written over it, and writes it held are lost`);
  }
  if (header.readUInt32BE(4) !== FORMAT_VERSION) return found(`the write-ahead log has format ${header.readUInt32BE(4)}, not SQLite's ${FORMAT_VERSION}`);
  const pageSize = header.readUInt32BE(8);
  const possible = pageSize >= 512 && pageSize <= 65536 && (pageSize & (pageSize - 1)) === 0;
  if (!possible || (expectedPageSize !== null && pageSize !== expectedPageSize)) {
    return found(`the write-ahead log's pages are ${pageSize} bytes, ${possible ? `the mind's ${expectedPageSize}` : 'which no SQLite page is'}`);
  }
  const bigEndian = magic === MAGIC_BIG_ENDIAN;
  let sums = checksum(header, 0, 24, [0, 0], bigEndian);
  if (sums[0] !== header.readUInt32BE(24) || sums[1] !== header.readUInt32BE(28)) return found('the write-ahead log header fails its checksum');
  const salts = [header.readUInt32BE(16), header.readUInt32BE(20)];

  const frame = Buffer.alloc(FRAME_HEADER_BYTES + pageSize);
  const frames = Math.floor((bytes - HEADER_BYTES) / frame.length);
  let committed = 0;
  for (let i = 0; i < frames; i++) {
    readSync(fd, frame, 0, frame.length, HEADER_BYTES + i * frame.length);
    // A frame of an earlier generation: the log restarted before it; what follows is history too.
    if (frame.readUInt32BE(8) !== salts[0] || frame.readUInt32BE(12) !== salts[1]) break;
    sums = checksum(frame, 0, 8, sums, bigEndian);
    sums = checksum(frame, FRAME_HEADER_BYTES, frame.length, sums, bigEndian);
    const intact = sums[0] === frame.readUInt32BE(16) && sums[1] === frame.readUInt32BE(20) && frame.readUInt32BE(0) > 0;
    if (!intact) {
      // The last write cut short by a crash is normal; damage is a break with the generation going on after it.
      const laterOfThisGeneration = Array.from({ length: frames - i - 1 }, (_, k) => i + 1 + k).some((j) => frameHasSalts(fd, frame.length, j, salts));
      return laterOfThisGeneration ? found(`the write-ahead log is damaged at frame ${i + 1} of ${frames}: the commits after it are lost`, committed) : { bytes, committedFrames: committed, problems: [] };
    }
    if (frame.readUInt32BE(4) !== 0) committed = i + 1;
  }
  return { bytes, committedFrames: committed, problems: [] };
}

function frameHasSalts(fd: number, frameBytes: number, index: number, salts: number[]): boolean {
  const head = Buffer.alloc(FRAME_HEADER_BYTES);
  readSync(fd, head, 0, FRAME_HEADER_BYTES, HEADER_BYTES + index * frameBytes);
  return head.readUInt32BE(8) === salts[0] && head.readUInt32BE(12) === salts[1];
}

/** SQLite's log checksum (walChecksumBytes): two running 32-bit sums over pairs of words. */
function checksum(data: Buffer, from: number, to: number, [start1, start2]: number[], bigEndian: boolean): [number, number] {
  let s1 = start1 as number;
  let s2 = start2 as number;
  for (let at = from; at < to; at += 8) {
    const x0 = bigEndian ? data.readUInt32BE(at) : data.readUInt32LE(at);
    const x1 = bigEndian ? data.readUInt32BE(at + 4) : data.readUInt32LE(at + 4);
    s1 = (s1 + x0 + s2) >>> 0;
    s2 = (s2 + x1 + s1) >>> 0;
  }
  return [s1, s2];
}
