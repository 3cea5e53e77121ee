import type { Db } from './connection';
import { stmt } from './statements';

/** vec0 rowids must be BigInt. */
export function deleteEmbedding(db: Db, memorySeq: number): void {
  stmt(db, 'DELETE FROM memory_vectors WHERE rowid = ?').run(BigInt(memorySeq));
}
