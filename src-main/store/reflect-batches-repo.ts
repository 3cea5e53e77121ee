/**
 * The batches `reflect` handed to agents (consolidation/reflect/): which episodes and raw captures
 * each held, so that `propose_beliefs` accepts only what was handed out. A batch is a `meta` row
 * (`reflect_batch:<id>`, JSON) rather than a table of its own: it lives from one tool call to the
 * next, is dropped once proposed on, and only the newest few are kept.
 */
import type { Db } from './connection';
import { stmt } from './statements';

const PREFIX = 'reflect_batch:';

export interface StoredBatch {
  readonly actor: string;
  readonly at: number;
  /** The seqs of the episodes handed out. */
  readonly episodes: readonly number[];
  /** The seqs of the raw captures handed out. */
  readonly raws: readonly number[];
}

export function insertBatch(db: Db, id: string, batch: StoredBatch): void {
  stmt(db, 'INSERT INTO meta (key, value) VALUES (?, ?)').run(PREFIX + id, JSON.stringify(batch));
}

export function findBatch(db: Db, id: string): StoredBatch | null {
  const row = stmt(db, 'SELECT value FROM meta WHERE key = ?').get(PREFIX + id) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as StoredBatch) : null;
}

export function deleteBatch(db: Db, id: string): void {
  stmt(db, 'DELETE FROM meta WHERE key = ?').run(PREFIX + id);
}

/** Keeps the newest `keep` batches (by when they were handed out) and drops the rest. */
export function pruneBatches(db: Db, keep: number): void {
  stmt(
    db,
    `DELETE FROM meta WHERE key IN (
       SELECT key FROM meta WHERE key >= ? AND key < ?
       ORDER BY json_extract(value, '$.at') DESC, key DESC LIMIT -1 OFFSET ?)`,
  ).run(PREFIX, `${PREFIX}\uffff`, keep);
}
