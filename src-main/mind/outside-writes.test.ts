import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendJournal, journalHead } from '../store/journal-repo';
import { writeEmbedding } from '../store/vectors-repo';
import { verifyMemory } from './confidence-ops';
import { createMemory } from './create';
import { type Mind, openMind } from './mind';
import { MAX_CHANGED_IDS, type OutsideChange, watchOutsideWrites } from './outside-writes';

const AGENT = { actor: 'agent:other' } as const;
const POLL_MS = 10;

let dir: string;
let app: Mind;
let other: Mind;
let changes: OutsideChange[];
let stop: () => void;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mindloom-outside-'));
  app = openMind(join(dir, 'shared.mindloom'));
  other = openMind(join(dir, 'shared.mindloom'), { mustExist: true });
  changes = [];
  stop = watchOutsideWrites(app, (change) => changes.push(change), POLL_MS);
});

afterEach(() => {
  stop();
  app.close();
  other.close();
  rmSync(dir, { recursive: true, force: true });
});

async function nextChange(): Promise<OutsideChange> {
  const seen = changes.length;
  const started = Date.now();
  while (changes.length === seen) {
    if (Date.now() - started > 5_000) throw new Error('no change reported within 5 s');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return changes[changes.length - 1] as OutsideChange;
}

describe('watching another connection write to the same mind', () => {
  it('names the memories each outside write touched', async () => {
    const note = createMemory(other, { type: 'note', content: 'written by another process' }, AGENT);
    const first = await nextChange();
    expect(first).toEqual({ ids: [note.id], upTo: journalHead(app.store.db) });

    const raw = createMemory(other, { type: 'raw', content: 'a capture' }, AGENT);
    const episode = createMemory(other, { type: 'episode', content: 'made from the capture', derivedFrom: [raw.id] }, AGENT);
    verifyMemory(other, note.id, {}, AGENT);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 5));
    const named = new Set(changes.slice(1).flatMap((change) => change.ids ?? []));
    expect(named).toEqual(new Set([raw.id, episode.id, note.id]));
  });

  it('its own writes are not reported, and a quiet file reports nothing', async () => {
    createMemory(app, { type: 'note', content: 'written by the app itself' }, { actor: 'user' });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 10));
    expect(changes).toEqual([]);
  });

  it('a change that is not about memories (a journal row naming none, as a settings change writes) says anything may have changed', async () => {
    other.store.transaction(() =>
      appendJournal(other.store.db, { at: other.now(), actor: 'user', op: 'settings', memoryId: null, before: { x: 1 }, after: { x: 2 } }),
    );
    expect(await nextChange()).toMatchObject({ ids: null });
  });

  it('a write that changes no memory (a vector stored) names none: nothing to patch, only counts to refresh', async () => {
    const note = createMemory(other, { type: 'note', content: 'to be embedded' }, AGENT);
    await nextChange();
    other.store.transaction(() => writeEmbedding(other.store.db, note.seq, new Float32Array(384).fill(1 / Math.sqrt(384))));
    expect(await nextChange()).toMatchObject({ ids: [] });
  });

  it(`more than ${MAX_CHANGED_IDS} memories at once also says anything may have changed`, async () => {
    other.store.transaction(() => {
      for (let i = 0; i <= MAX_CHANGED_IDS; i++) createMemory(other, { type: 'raw', content: `bulk ${i}` }, AGENT);
    });
    expect(await nextChange()).toMatchObject({ ids: null });
    // Reading resumes after the bulk: the next write is named again.
    const after = createMemory(other, { type: 'note', content: 'after the bulk' }, AGENT);
    expect(await nextChange()).toMatchObject({ ids: [after.id] });
  });
});
