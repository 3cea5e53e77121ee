import { afterEach, describe, expect, it } from 'vitest';
import { ID_PREFIX, MEMORY_TYPES, type MemoryType } from '../../shared/model';
import { PROMOTION_PATHS } from '../../shared/rules/promotion';
import { findMemoryById } from '../store/memories-repo';
import { archiveMemory } from './lifecycle';
import { getLineage } from './lineage';
import { getMemoryView } from './memory-view';
import type { Mind } from './mind';
import { promoteMemory } from './promote';
import { DAY_MS, USER, add, expectRefusedWithoutWrites, freshMind, journalCount, journalRows, lastJournal } from './test-support';

let mind: Mind;
afterEach(() => mind?.close());

// The rule's own table is pinned to the rules (docs/ARCHITECTURE.md §4) in shared/rules/promotion.test.ts; here every path is exercised end to end.
const ALLOWED: [MemoryType, MemoryType][] = MEMORY_TYPES.flatMap((from) =>
  PROMOTION_PATHS[from].map((to): [MemoryType, MemoryType] => [from, to]),
);

const FORBIDDEN: [MemoryType, MemoryType][] = MEMORY_TYPES.flatMap((from) =>
  MEMORY_TYPES.filter((to) => !ALLOWED.some(([f, t]) => f === from && t === to)).map((to): [MemoryType, MemoryType] => [from, to]),
);

describe('promoteMemory', () => {
  it('covers every pair of types: 11 allowed paths, the rest forbidden', () => {
    expect(ALLOWED).toHaveLength(11);
    expect(ALLOWED.length + FORBIDDEN.length).toBe(64);
  });

  it.each(ALLOWED)('promotes %s → %s with derived_from lineage', (from, to) => {
    const t = freshMind();
    mind = t.mind;
    const source = add(mind, { type: from, content: `the ${from} text`, source: 'told by Claire', scope: 'work' });
    const at = t.clock.advance(DAY_MS);
    const { created, source: after } = promoteMemory(mind, source.id, { to }, { actor: 'agent:triage', reason: 'worth keeping' });
    expect(created.type).toBe(to);
    expect(created.id.startsWith(ID_PREFIX[to])).toBe(true);
    expect(created.content).toBe(`the ${from} text`);
    expect(created.createdAt).toBe(at);
    // Who said it travels with it; so does its scope.
    expect([created.sourceType, created.sourceEntity, created.scope]).toEqual(['external', 'claire', 'work']);

    const view = getMemoryView(mind, created.id);
    expect(view.provenance.derivedFrom.map((r) => r.id)).toEqual([source.id]);
    expect(getMemoryView(mind, source.id).provenance.processedInto.map((r) => r.id)).toEqual([created.id]);
    const lineage = getLineage(mind, created.id, { direction: 'up' });
    expect(lineage.edges).toContainEqual({ from: created.id, to: source.id, kind: 'derived_from' });

    const createRow = lastJournal(mind, created.id);
    expect(createRow).toMatchObject({ op: 'promote', actor: 'agent:triage', reason: 'worth keeping' });
    expect(createRow.after).toMatchObject({ derivedFrom: [source.id], promotedFrom: source.id });

    if (from === 'raw') {
      expect(after.status).toBe('processed');
      expect(after.version).toBe(2);
      const row = lastJournal(mind, source.id);
      expect(row.op).toBe('processed');
      expect(row.before).toEqual({ status: 'active' });
      expect(row.after).toEqual({ status: 'processed', processedInto: created.id });
      expect(journalCount(mind)).toBe(3);
    } else {
      // Still active, but changed: it stands under what it became, and its version moved.
      expect(after.status).toBe('active');
      expect(after.version).toBe(2);
      expect(lastJournal(mind, source.id)).toMatchObject({ op: 'promoted', before: {}, after: { promotedInto: created.id } });
      expect(journalRows(mind, source.id)).toHaveLength(2);
      expect(journalCount(mind)).toBe(3);
    }
  });

  it('uses the given text, fields and confidence for the new memory', () => {
    ({ mind } = freshMind());
    const raw = add(mind, { type: 'raw', content: 'we shipped friday, tests caught two bugs' });
    const { created } = promoteMemory(
      mind,
      raw.id,
      { to: 'episode', text: 'Shipped on Friday', fields: { outcomeType: 'success' }, confidence: 0.7 },
      USER,
    );
    expect(created.content).toBe('Shipped on Friday');
    expect(created.fields).toEqual({ outcomeType: 'success' });
    expect(created.confidence).toBe(0.7);
  });

  it('makes the promoted episode the first evidence of the new belief (α = 2)', () => {
    ({ mind } = freshMind());
    const episode = add(mind, { type: 'episode' });
    const { created } = promoteMemory(mind, episode.id, { to: 'belief' }, USER);
    expect([created.alpha, created.beta]).toEqual([2, 1]);
    expect(created.confidence).toBeCloseTo(2 / 3, 12);
    expect(created.tier).toBe('observed');
    expect(getMemoryView(mind, created.id).provenance.evidence.map((r) => r.id)).toEqual([episode.id]);
  });

  it('a note promoted to a belief gets no evidence link: a note is not an episode', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note' });
    const { created } = promoteMemory(mind, note.id, { to: 'belief' }, USER);
    expect([created.alpha, created.beta]).toEqual([1, 1]);
    expect(getMemoryView(mind, created.id).provenance.evidence).toEqual([]);
  });

  it('keeps a review queue for inferred sources', () => {
    ({ mind } = freshMind());
    const raw = add(mind, { type: 'raw', sourceType: 'consolidation' });
    const { created } = promoteMemory(mind, raw.id, { to: 'note' }, USER);
    expect(created.sourceType).toBe('consolidation');
    expect(created.reviewStatus).toBe('pending');
  });

  it('honours the version the caller saw on the source', () => {
    ({ mind } = freshMind());
    const raw = add(mind, { type: 'raw' });
    promoteMemory(mind, raw.id, { to: 'note' }, USER);
    expectRefusedWithoutWrites(
      mind,
      () => promoteMemory(mind, raw.id, { to: 'episode' }, { actor: 'user', expectedVersion: 1 }),
      'version_conflict',
    );
  });

  it.each(FORBIDDEN)('refuses %s → %s as forbidden_promotion, writing nothing', (from, to) => {
    ({ mind } = freshMind());
    const source = add(mind, { type: from });
    const error = expectRefusedWithoutWrites(mind, () => promoteMemory(mind, source.id, { to }, USER), 'forbidden_promotion');
    expect(error.details).toMatchObject({ from, to, allowed: [...PROMOTION_PATHS[from]] });
    expect(findMemoryById(mind.store.db, source.id)?.status).toBe('active');
  });

  it('refuses to promote an archived memory, and a bad new memory rolls the whole promotion back', () => {
    ({ mind } = freshMind());
    const archived = add(mind, { type: 'raw' });
    archiveMemory(mind, archived.id, USER);
    expectRefusedWithoutWrites(mind, () => promoteMemory(mind, archived.id, { to: 'note' }, USER), 'invalid_state');
    const raw = add(mind, { type: 'raw' });
    expectRefusedWithoutWrites(
      mind,
      () => promoteMemory(mind, raw.id, { to: 'note', fields: { noteType: 'rumour' } }, USER),
      'invalid_fields',
    );
    expectRefusedWithoutWrites(mind, () => promoteMemory(mind, raw.id, { to: 'note', confidence: 2 }, USER), 'invalid_input');
    expect(findMemoryById(mind.store.db, raw.id)?.status).toBe('active');
  });

  it('a capture promoted twice keeps one processed mark; both memories derive from it', () => {
    ({ mind } = freshMind());
    const raw = add(mind, { type: 'raw', content: 'Claire shipped the importer; the tests caught two bugs' });
    const episode = promoteMemory(mind, raw.id, { to: 'episode' }, USER).created;
    const note = promoteMemory(mind, raw.id, { to: 'note', text: 'Importer tests caught two bugs' }, USER).created;
    expect(journalRows(mind, raw.id).filter((r) => r.op === 'processed')).toHaveLength(1);
    expect(getMemoryView(mind, raw.id).provenance.processedInto.map((r) => r.id).sort()).toEqual([episode.id, note.id].sort());
  });
});
