/**
 * A destination whose name the file system cannot hold. Writers put their bytes beside the
 * destination under a longer name first (`FILE.partial`, `FILE.partial-1a2b3c4d-wal`), so a name
 * that fits on its own may still fail half-way with ENAMETOOLONG; refusing it up front names the
 * problem and leaves nothing behind.
 */
import { basename } from 'node:path';
import { MindError } from '../../shared/errors';

/** Linux's NAME_MAX and PATH_MAX, in bytes; other systems' limits are no lower for the names we write. */
const NAME_MAX_BYTES = 255;
const PATH_MAX_BYTES = 4_095;
/** The longest suffix a writer adds to a destination's name (backup: `.partial-` + 8 hex + SQLite's `-journal`). */
const LONGEST_WORKING_SUFFIX = '.partial-00000000-journal';

/** Refuses (`invalid_input`, nothing done) an absolute `target` too long to write beside under a working name. */
export function refuseOverlongName(target: string): void {
  const suffixBytes = Buffer.byteLength(LONGEST_WORKING_SUFFIX);
  const nameBytes = Buffer.byteLength(basename(target));
  if (nameBytes + suffixBytes > NAME_MAX_BYTES) {
    throw new MindError('invalid_input', `The file name ${basename(target).slice(0, 40)}… is too long (${nameBytes} bytes; at most ${NAME_MAX_BYTES - suffixBytes}). Choose a shorter name.`, {
      path: target,
    });
  }
  if (Buffer.byteLength(target) + suffixBytes > PATH_MAX_BYTES) {
    throw new MindError('invalid_input', `The path is too long (${Buffer.byteLength(target)} bytes; at most ${PATH_MAX_BYTES - suffixBytes}). Choose a shorter one.`, { path: target });
  }
}
