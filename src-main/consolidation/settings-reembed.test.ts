import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { expectRefusedWithoutWrites, freshMind, journalRows, snapshot } from '../mind/test-support';
import { countRows, metaEntries } from '../store/store-test-support';
import { readEmbedderInfo, readEmbeddings } from '../store/vectors-repo';
import type { Embedder } from './provider';
import { consolidate, fridayEpisodes } from './consolidation-test-support';
import { embeddingFor } from './openai/fake-answers';
import { normalizeInPlace } from './vector-math';
import { reembedAll } from './reembed';
import { readSettings, writeSettings } from './settings-store';

describe('settings store', () => {
  it('reads the defaults when nothing is stored, and writes a validated, journaled merge', () => {
    const { mind } = freshMind();
    expect(readSettings(mind)).toEqual(DEFAULT_SETTINGS);
    const before = snapshot(mind);
    const next = writeSettings(mind, { autoApplyProposals: true, budget: { maxClustersPerCycle: 3 } }, 'user');
    expect(next).toEqual({ ...DEFAULT_SETTINGS, autoApplyProposals: true, budget: { ...DEFAULT_SETTINGS.budget, maxClustersPerCycle: 3 } });
    expect(readSettings(mind)).toEqual(next);
    expect(snapshot(mind).journal).toBe(before.journal + 1);
    expect(JSON.parse(metaEntries(mind.store.db).settings ?? '{}')).toEqual(next);
  });

  it('refuses a bad patch or actor and writes nothing', () => {
    const { mind } = freshMind();
    expectRefusedWithoutWrites(mind, () => writeSettings(mind, { budget: { maxClustersPerCycle: 0 } }, 'user'), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => writeSettings(mind, { autoApplyProposals: true }, 'somebody'), 'invalid_input');
    expect(journalRows(mind, 'settings')).toEqual([]);
  });
});

describe('re-embedding', () => {
  /** A stored embedder (its own id and dimension), deterministic: the fake model's hashed n-grams at 64 dimensions. */
  const small: Embedder = {
    id: 'ngram-64',
    dimension: 64,
    stored: true,
    embed: (texts) =>
      Promise.resolve(
        texts.map((text) => {
          const vector = Float32Array.from(embeddingFor(text, 64));
          normalizeInPlace(vector);
          return vector;
        }),
      ),
  };

  it('rebuilds every vector at the new dimension and records the new embedder', async () => {
    const { mind } = freshMind();
    const episodes = fridayEpisodes(mind);
    await consolidate(mind);
    // The offline embedder keeps nothing in the table (it learns from the mind in every run).
    expect(readEmbedderInfo(mind.store.db)).toEqual({ id: 'offline-lexical-1', dimension: 384 });
    expect(countRows(mind.store.db, 'memory_vectors')).toBe(0);
    const progress: number[] = [];
    const done = await reembedAll(mind, small, { onProgress: (n) => progress.push(n) });
    expect(done).toBe(4);
    expect(progress).toEqual([0, 4]);
    expect(readEmbedderInfo(mind.store.db)).toEqual({ id: 'ngram-64', dimension: 64 });
    const vectors = readEmbeddings(mind.store.db, episodes.map((e) => e.seq));
    expect([...vectors.values()].map((v) => v.length)).toEqual([64, 64, 64]);
  });

  it('happens on the next run when the provider embeds differently: back offline, the other space is emptied', async () => {
    const { mind } = freshMind();
    fridayEpisodes(mind);
    await reembedAll(mind, small);
    expect(readEmbedderInfo(mind.store.db)?.dimension).toBe(64);
    expect(countRows(mind.store.db, 'memory_vectors')).toBe(3);
    await consolidate(mind);
    expect(readEmbedderInfo(mind.store.db)).toEqual({ id: 'offline-lexical-1', dimension: 64 });
    expect(countRows(mind.store.db, 'memory_vectors')).toBe(0);
  });
});
