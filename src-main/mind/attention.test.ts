import { afterEach, describe, expect, it } from 'vitest';
import { listOrphans, listUncertain } from './attention';
import { addCounterEvidence, reinforceMemory } from './confidence-ops';
import { archiveMemory, forgetMemory, restoreMemory } from './lifecycle';
import type { Mind } from './mind';
import { promoteMemory } from './promote';
import { DAY_MS, USER, add, expectMindError, freshMind } from './test-support';

let mind: Mind;
afterEach(() => mind?.close());

const orphanIds = (m: Mind) => listOrphans(m, { limit: 500 }).items.map((i) => i.id).sort();

describe('listOrphans', () => {
  it('finds inferred memories with no provenance at all, not lived ones', () => {
    ({ mind } = freshMind());
    const inferred = add(mind, { type: 'belief', sourceType: 'inference' });
    const consolidated = add(mind, { type: 'note', sourceType: 'consolidation' });
    const unknown = add(mind, { type: 'goal', sourceType: 'unknown' });
    add(mind, { type: 'belief' });
    add(mind, { type: 'note', source: 'told by Claire' });
    add(mind, { type: 'raw', sourceType: 'inference' });
    expect(orphanIds(mind)).toEqual([inferred.id, consolidated.id, unknown.id].sort());
  });

  it('an inferred memory with a live source is not an orphan; counter-evidence is not a source', () => {
    ({ mind } = freshMind());
    const episode = add(mind, { type: 'episode' });
    add(mind, { type: 'belief', sourceType: 'inference', derivedFrom: [episode.id] });
    add(mind, { type: 'belief', sourceType: 'inference', evidence: [episode.id] });
    const argued = add(mind, { type: 'belief', sourceType: 'inference' });
    addCounterEvidence(mind, argued.id, { episodeId: episode.id }, USER);
    expect(orphanIds(mind)).toEqual([argued.id]);
  });

  it('a memory whose only source is archived or forgotten is an orphan, whatever its source type', () => {
    ({ mind } = freshMind());
    const raw = add(mind, { type: 'raw' });
    const { created: fromRaw } = promoteMemory(mind, raw.id, { to: 'note' }, USER);
    const gone = add(mind, { type: 'episode' });
    const fromGone = add(mind, { type: 'belief', evidence: [gone.id] });
    const liveSource = add(mind, { type: 'episode' });
    const mixed = add(mind, { type: 'belief', derivedFrom: [raw.id, liveSource.id] });
    expect(orphanIds(mind)).toEqual([]);

    archiveMemory(mind, raw.id, USER);
    forgetMemory(mind, gone.id, USER);
    expect(orphanIds(mind)).toEqual([fromRaw.id, fromGone.id].sort());
    expect(orphanIds(mind)).not.toContain(mixed.id);

    restoreMemory(mind, raw.id, USER);
    expect(orphanIds(mind)).toEqual([fromGone.id]);
  });

  it('lists only active memories', () => {
    ({ mind } = freshMind());
    const archived = add(mind, { type: 'belief', sourceType: 'inference' });
    archiveMemory(mind, archived.id, USER);
    expect(orphanIds(mind)).toEqual([]);
  });

  it('pages by cursor, each orphan once, with summaries', () => {
    const t = freshMind();
    mind = t.mind;
    const orphans = Array.from({ length: 7 }, (_, i) => add(mind, { type: 'note', content: `orphan ${i}`, sourceType: 'inference' }));
    t.clock.advance(60 * DAY_MS);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = listOrphans(mind, { limit: 3, cursor });
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(orphans.map((o) => o.id));
    const first = listOrphans(mind, { limit: 1 }).items[0];
    expect(first?.effectiveConfidence).toBeCloseTo(0.77, 12);
    expect(first?.stale).toBe(true);
    expect(first?.createdAt).toBe(new Date(orphans[0]?.createdAt as number).toISOString());
  });

  it('refuses a damaged cursor and a bad limit', () => {
    ({ mind } = freshMind());
    expectMindError(() => listOrphans(mind, { cursor: 'bm90IGEgbnVtYmVy' }), 'invalid_input');
    expectMindError(() => listOrphans(mind, { cursor: Buffer.from('1:2').toString('base64url') }), 'invalid_input');
    expectMindError(() => listOrphans(mind, { limit: 0 }), 'invalid_input');
    expectMindError(() => listOrphans(mind, { limit: 501 }), 'invalid_input');
  });
});

describe('listUncertain', () => {
  it('lists active memories whose effective confidence is below the threshold, lowest stored first', () => {
    ({ mind } = freshMind());
    const low = add(mind, { type: 'note', confidence: 0.3 });
    const lower = add(mind, { type: 'note', confidence: 0.1 });
    const edge = add(mind, { type: 'goal', confidence: 0.45 });
    add(mind, { type: 'belief' }); // 0.5: not below 0.5
    add(mind, { type: 'goal', confidence: 0.6 });
    const archived = add(mind, { type: 'note', confidence: 0.05 });
    archiveMemory(mind, archived.id, USER);
    const page = listUncertain(mind, { threshold: 0.5 });
    expect(page.items.map((i) => i.id)).toEqual([lower.id, low.id, edge.id]);
    expect(page.nextCursor).toBeNull();
    expect(listUncertain(mind).items).toHaveLength(3);
    expect(listUncertain(mind, { threshold: 0.2 }).items.map((i) => i.id)).toEqual([lower.id]);
  });

  it('includes memories that have decayed below it, not protected ones or types that do not decay', () => {
    const t = freshMind();
    mind = t.mind;
    const note = add(mind, { type: 'note', confidence: 0.9 }); // floor 0.4
    const goal = add(mind, { type: 'goal', confidence: 0.6 }); // floor 0.5
    const value = add(mind, { type: 'value', confidence: 0.75 }); // floor 0.7
    add(mind, { type: 'note', confidence: 0.9, protected: true });
    add(mind, { type: 'relationship', confidence: 0.56 }); // never decays
    const reinforced = add(mind, { type: 'note', confidence: 0.9 });
    const drive = add(mind, { type: 'drive', confidence: 0.2 }); // stored below its floor

    expect(listUncertain(mind, { threshold: 0.55 }).items.map((i) => i.id)).toEqual([drive.id]);
    t.clock.advance(3 * 365 * DAY_MS);
    reinforceMemory(mind, reinforced.id, {}, USER);

    const uncertain = listUncertain(mind, { threshold: 0.55 });
    const ids = uncertain.items.map((i) => i.id);
    expect(ids).toContain(note.id);
    expect(ids).toContain(goal.id);
    expect(ids).not.toContain(value.id);
    expect(ids).not.toContain(reinforced.id);
    expect(ids).toHaveLength(3);
    const byId = Object.fromEntries(uncertain.items.map((i) => [i.id, i]));
    expect(byId[note.id]?.effectiveConfidence).toBe(0.4);
    expect(byId[note.id]?.confidence).toBe(0.9);
    expect(byId[goal.id]?.effectiveConfidence).toBe(0.5);
    // Ascending stored confidence: the drive (0.2), the goal (0.6), the note (0.9).
    expect(ids).toEqual([drive.id, goal.id, note.id]);
    expect(byId[drive.id]?.effectiveConfidence).toBe(0.2);
    expect(listUncertain(mind, { threshold: 0.7 + 1e-6 }).items.map((i) => i.id)).toContain(value.id);
  });

  it('pages by cursor without repeats, across equal confidences', () => {
    const t = freshMind();
    mind = t.mind;
    const made = Array.from({ length: 11 }, (_, i) => add(mind, { type: 'note', confidence: i % 2 === 0 ? 0.2 : 0.9 }));
    t.clock.advance(4 * 365 * DAY_MS);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = listUncertain(mind, { threshold: 0.45, limit: 2, cursor });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    const low = made.filter((_, i) => i % 2 === 0).map((m) => m.id);
    const decayed = made.filter((_, i) => i % 2 === 1).map((m) => m.id);
    expect(seen).toEqual([...low, ...decayed]);
  });

  it('refuses a threshold outside (0, 1], a bad limit and a damaged cursor', () => {
    ({ mind } = freshMind());
    for (const threshold of [0, -0.1, 1.01, Number.NaN]) expectMindError(() => listUncertain(mind, { threshold }), 'invalid_input');
    expectMindError(() => listUncertain(mind, { limit: 0 }), 'invalid_input');
    expectMindError(() => listUncertain(mind, { cursor: Buffer.from('0.5').toString('base64url') }), 'invalid_input');
  });
});
