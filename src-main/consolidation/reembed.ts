/**
 * Rebuilding every vector for a new embedder (another id or dimension). A vec0 table's dimension
 * is fixed, so the one `memory_vectors` table is dropped and recreated at the new dimension, with
 * meta naming the new embedder, and refilled a page at a time (one transaction per page, so
 * agents keep writing meanwhile). Only one embedder's vectors ever exist: there is no mixing of
 * spaces to get wrong. A rebuild that stops half-way (cancelled) leaves the table owned by the new
 * embedder with some vectors missing; the pipeline embeds what it needs and is missing, and the
 * next rebuild starts again from empty. An embedder whose vectors are not stored (the offline
 * one, computed by each run from the mind's statistics) just takes the table over, emptied: the
 * previous embedder's vectors belong to another space.
 */
import type { MemoryRecord } from '../store/memory-record';
import { clearVectorTable, countEmbeddable, embeddablePage, resetVectorTable, writeEmbedding } from '../store/vectors-repo';
import type { Mind } from '../mind/mind';
import type { Embedder } from './provider';
import type { Vector } from './vector-math';
import { textOf } from './source-text';

const PAGE = 512;

export interface ReembedOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** Returns how many memories got a vector. */
export async function reembedAll(mind: Mind, embedder: Embedder, options: ReembedOptions = {}): Promise<number> {
  const db = mind.store.db;
  if (!embedder.stored) {
    mind.store.transaction(() => clearVectorTable(db, embedder.id));
    return 0;
  }
  await learnDimension(embedder, options.signal ?? new AbortController().signal);
  mind.store.transaction(() => resetVectorTable(db, { id: embedder.id, dimension: embedder.dimension }));
  const total = countEmbeddable(db);
  // Reported before the first page: with a model embedder that page can take a while.
  options.onProgress?.(0, total);
  let afterSeq = 0;
  let done = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const page = embeddablePage(db, afterSeq, PAGE);
    const last = page[page.length - 1];
    if (!last) break;
    const texts = page.map((row) => textOf(row.type, row.content, JSON.parse(row.fields) as MemoryRecord['fields']));
    const vectors = await embedChecked(embedder, texts, options.signal ?? new AbortController().signal);
    mind.store.transaction(() => page.forEach((row, i) => writeEmbedding(db, row.seq, vectors[i] as Float32Array)));
    done += page.length;
    afterSeq = last.seq;
    options.onProgress?.(done, total);
  }
  return done;
}

/**
 * A model embedder may not know its dimension before its first answer (a compatible server picks
 * it); one probe call settles it, so the vector table is never sized 0 and a run on an unchanged
 * embedder is not mistaken for a switch.
 */
export async function learnDimension(embedder: Embedder, signal: AbortSignal): Promise<void> {
  if (embedder.stored && embedder.dimension === 0) await embedder.embed(['dimension probe'], signal);
}

/**
 * Embeds and checks the answer's shape: one vector per text; a stored embedder's dense and of its
 * dimension (they go into the vector table), an unstored one's sparse.
 */
export async function embedChecked(embedder: Embedder, texts: readonly string[], signal: AbortSignal): Promise<Vector[]> {
  if (texts.length === 0) return [];
  const vectors = await embedder.embed(texts, signal);
  const fits = (v: Vector) => (embedder.stored ? v instanceof Float32Array && v.length === embedder.dimension : !(v instanceof Float32Array));
  if (vectors.length !== texts.length || !vectors.every(fits)) {
    const shape = embedder.stored ? `of dimension ${embedder.dimension}` : 'sparse';
    throw new Error(`embedder ${embedder.id} returned ${vectors.length} vectors for ${texts.length} texts (${shape} expected)`);
  }
  return vectors;
}
