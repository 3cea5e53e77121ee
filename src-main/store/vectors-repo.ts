/**
 * Embeddings in the sqlite-vec `memory_vectors` table (rowid = memories.seq; vec0 rowids must be
 * BigInt). One table holds one embedder's vectors: meta `embedder` / `embedder_dimension` say
 * whose, and switching embedders recreates the table at the new dimension (see
 * consolidation/reembed.ts).
 */
import type { Db } from './connection';
import { readMeta, writeMeta } from './meta-repo';
import { stmt } from './statements';

export function deleteEmbedding(db: Db, memorySeq: number): void {
  stmt(db, 'DELETE FROM memory_vectors WHERE rowid = ?').run(BigInt(memorySeq));
}

const asBlob = (vector: Float32Array) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);

/** vec0 has no upsert: a vector is replaced by deleting the old row first. */
export function writeEmbedding(db: Db, memorySeq: number, vector: Float32Array): void {
  const rowid = BigInt(memorySeq);
  stmt(db, 'DELETE FROM memory_vectors WHERE rowid = ?').run(rowid);
  stmt(db, 'INSERT INTO memory_vectors (rowid, embedding) VALUES (?, ?)').run(rowid, asBlob(vector));
}

/** The stored vectors of these memories (those that have one). */
export function readEmbeddings(db: Db, memorySeqs: readonly number[]): Map<number, Float32Array> {
  const found = new Map<number, Float32Array>();
  const PAGE = 5000;
  for (let start = 0; start < memorySeqs.length; start += PAGE) {
    const rows = stmt(db, 'SELECT rowid, embedding FROM memory_vectors WHERE rowid IN (SELECT value FROM json_each(?))').all(
      JSON.stringify(memorySeqs.slice(start, start + PAGE)),
    ) as { rowid: number | bigint; embedding: Buffer }[];
    for (const row of rows) {
      const bytes = new Uint8Array(row.embedding);
      found.set(Number(row.rowid), new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4));
    }
  }
  return found;
}

export interface EmbedderInfo {
  id: string;
  dimension: number;
}

export function readEmbedderInfo(db: Db): EmbedderInfo | null {
  const id = readMeta(db, 'embedder');
  const dimension = Number(readMeta(db, 'embedder_dimension'));
  return id === null || !Number.isInteger(dimension) || dimension <= 0 ? null : { id, dimension };
}

/**
 * Empties the vector table for a new embedder: dropped and recreated at its dimension (a vec0
 * table's dimension is fixed), with meta naming the new owner. Vectors are then filled page by page.
 */
export function resetVectorTable(db: Db, embedder: EmbedderInfo): void {
  if (!Number.isInteger(embedder.dimension) || embedder.dimension <= 0 || embedder.dimension > 8192) {
    throw new RangeError(`bad embedding dimension ${embedder.dimension}`);
  }
  db.exec('DROP TABLE IF EXISTS memory_vectors');
  db.exec(`CREATE VIRTUAL TABLE memory_vectors USING vec0(embedding float[${embedder.dimension}] distance_metric=cosine)`);
  writeMeta(db, 'embedder', embedder.id);
  writeMeta(db, 'embedder_dimension', String(embedder.dimension));
}

/**
 * Empties the vector table for an embedder whose vectors are not stored (see
 * consolidation/reembed.ts): the table keeps its shape, meta names the new owner.
 */
export function clearVectorTable(db: Db, embedderId: string): void {
  db.exec('DELETE FROM memory_vectors');
  writeMeta(db, 'embedder', embedderId);
}

/** How many memories may carry a vector (everything not forgotten). */
export function countEmbeddable(db: Db): number {
  return (stmt(db, `SELECT count(*) AS n FROM memories WHERE status != 'forgotten'`).get() as { n: number }).n;
}

/** One page of memories that may carry a vector, in seq order. */
export function embeddablePage(db: Db, afterSeq: number, limit: number): { seq: number; type: string; content: string; fields: string }[] {
  return stmt(
    db,
    `SELECT seq, type, content, fields FROM memories WHERE seq > ? AND status != 'forgotten' ORDER BY seq LIMIT ?`,
  ).all(afterSeq, limit) as { seq: number; type: string; content: string; fields: string }[];
}
