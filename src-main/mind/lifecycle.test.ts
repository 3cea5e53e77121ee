import { afterEach, describe, expect, it } from 'vitest';
import { linksFrom, linksTo } from '../store/links-repo';
import { findMemoryById } from '../store/memories-repo';
import { reinforceMemory, verifyMemory } from './confidence-ops';
import { editMemory } from './edit';
import { addEvidenceRef } from './evidence-refs';
import { getHistory } from './history';
import { getContradictions, scanContradictions } from './contradictions';
import { archiveMemory, forgetMemory, restoreMemory, setProtected } from './lifecycle';
import { listMemories } from './list';
import { getMemoryView } from './memory-view';
import type { Mind } from './mind';
import { promoteMemory } from './promote';
import { rejectMemory } from './review';
import { searchMemories } from './search';
import { supersedeBelief } from './supersede';
import { DAY_MS, USER, add, expectRefusedWithoutWrites, freshMind, journalRows, lastJournal } from './test-support';

let mind: Mind;
afterEach(() => mind?.close());

/** Every text value stored anywhere in the database (blobs skipped), for "is it really gone?". */
function everyStoredText(m: Mind): { table: string; text: string }[] {
  const tables = m.store.db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    .all() as { name: string }[];
  const found: { table: string; text: string }[] = [];
  for (const { name } of tables) {
    let rows: Record<string, unknown>[];
    try {
      rows = m.store.db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[];
    } catch {
      continue; // a virtual table that cannot be scanned directly
    }
    for (const row of rows) for (const value of Object.values(row)) if (typeof value === 'string') found.push({ table: name, text: value });
  }
  return found;
}

describe('archive and restore', () => {
  it('archives an active memory and restores it to active, journaling both', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note' });
    const archived = archiveMemory(mind, note.id, { actor: 'user', reason: 'no longer relevant' });
    expect(archived.status).toBe('archived');
    expect(archived.version).toBe(2);
    expect(lastJournal(mind, note.id)).toMatchObject({ op: 'archive', reason: 'no longer relevant', before: { status: 'active' }, after: { status: 'archived' } });
    const restored = restoreMemory(mind, note.id, USER);
    expect(restored.status).toBe('active');
    expect(lastJournal(mind, note.id)).toMatchObject({ op: 'restore', before: { status: 'archived' }, after: { status: 'active' } });
  });

  it('restores a superseded belief to superseded and a promoted raw to processed', () => {
    ({ mind } = freshMind());
    const belief = add(mind, { type: 'belief' });
    supersedeBelief(mind, belief.id, { content: 'newer' }, USER);
    archiveMemory(mind, belief.id, USER);
    expect(restoreMemory(mind, belief.id, USER).status).toBe('superseded');

    const raw = add(mind, { type: 'raw' });
    promoteMemory(mind, raw.id, { to: 'note' }, USER);
    archiveMemory(mind, raw.id, USER);
    expect(restoreMemory(mind, raw.id, USER).status).toBe('processed');

    const untouchedRaw = add(mind, { type: 'raw' });
    archiveMemory(mind, untouchedRaw.id, USER);
    expect(restoreMemory(mind, untouchedRaw.id, USER).status).toBe('active');
  });

  it('refuses to archive twice or restore what is not archived, writing nothing', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note' });
    expectRefusedWithoutWrites(mind, () => restoreMemory(mind, note.id, USER), 'invalid_state');
    archiveMemory(mind, note.id, USER);
    expectRefusedWithoutWrites(mind, () => archiveMemory(mind, note.id, USER), 'invalid_state');
  });
});

describe('protect and unprotect', () => {
  it('a protected memory does not decay; unprotected it does', () => {
    const t = freshMind();
    mind = t.mind;
    const value = add(mind, { type: 'value', confidence: 0.95 });
    const protectedValue = setProtected(mind, value.id, true, USER);
    expect(protectedValue.protected).toBe(true);
    expect(lastJournal(mind, value.id)).toMatchObject({ op: 'protect', before: { protected: false }, after: { protected: true } });
    t.clock.advance(5 * 365 * DAY_MS);
    expect(getMemoryView(mind, value.id).effectiveConfidence).toBe(0.95);
    setProtected(mind, value.id, false, USER);
    expect(lastJournal(mind, value.id).op).toBe('unprotect');
    // value: 0.5% per 60 days, counted from creation: 1825 days are 30.4 periods.
    expect(getMemoryView(mind, value.id).effectiveConfidence).toBeCloseTo(0.95 - 0.005 * (1825 / 60), 12);
    t.clock.advance(5 * 365 * DAY_MS);
    expect(getMemoryView(mind, value.id).effectiveConfidence).toBe(0.7);
  });

  it('refuses to protect a protected memory, writing nothing', () => {
    ({ mind } = freshMind());
    const goal = add(mind, { type: 'goal', protected: true });
    expectRefusedWithoutWrites(mind, () => setProtected(mind, goal.id, true, USER), 'invalid_state');
  });
});

describe('forgetMemory', () => {
  it('resolves the forgotten belief\'s open contradictions, and what it supported stops counting it as evidence', () => {
    ({ mind } = freshMind());
    const episode = add(mind, { type: 'episode', content: 'The release on Friday went wrong' });
    const supported = add(mind, { type: 'belief', content: 'Friday releases are risky for the team', evidence: [episode.id] });
    expect(supported.tier).toBe('observed');
    const doomed = add(mind, { type: 'belief', content: 'Always ship releases on Friday for the team' });
    add(mind, { type: 'belief', content: 'Never ship releases on Friday for the team' });
    expect(scanContradictions(mind, USER).recorded).toBe(1);

    forgetMemory(mind, doomed.id, USER);
    expect(getContradictions(mind, { status: 'open' })).toEqual([]);
    expect(getContradictions(mind, { status: 'resolved' })[0]).toMatchObject({ resolution: 'forgotten' });
    expect(lastJournal(mind, doomed.id)).toMatchObject({ op: 'contradiction_resolved' });

    forgetMemory(mind, episode.id, USER);
    const after = getMemoryView(mind, supported.id);
    expect(after.eventEvidenceCount).toBe(0);
    expect(after.tier).toBe('hypothesis');
    expect(lastJournal(mind, supported.id)).toMatchObject({ op: 'evidence_forgotten', after: { eventEvidenceCount: 0, forgotten: episode.id } });
  });

  it('removes the content from the memory, its versions, search and earlier journal rows; leaves a tombstone and the links', () => {
    const t = freshMind();
    mind = t.mind;
    const episode = add(mind, { type: 'episode', content: 'zebracorn sighting at dawn', fields: { outcome: 'zebracorn confirmed', lessons: ['zebracorn lesson'] } });
    const belief = add(mind, { type: 'belief', content: 'other words entirely', evidence: [episode.id] });
    t.clock.advance(DAY_MS);
    editMemory(mind, episode.id, { content: 'zebracorn sighting at dusk' }, { actor: 'user', expectedVersion: 1 });
    verifyMemory(mind, episode.id, {}, USER);
    const rowsBefore = journalRows(mind, episode.id).length;
    t.clock.advance(DAY_MS);

    const forgotten = forgetMemory(mind, episode.id, { actor: 'user', reason: 'asked to forget' });
    expect(forgotten.status).toBe('forgotten');
    expect(forgotten.content).toBe('');
    expect(forgotten.fields).toEqual({});
    expect(forgotten.eventEvidenceCount).toBe(0);

    // Search and the text filter no longer find it.
    expect(searchMemories(mind, 'zebracorn')).toEqual([]);
    expect(listMemories(mind, { filter: { text: 'zebracorn' } }).items).toEqual([]);
    // Nowhere in the database: not in versions, journal, FTS.
    expect(everyStoredText(mind).filter((v) => v.text.toLowerCase().includes('zebracorn'))).toEqual([]);
    // Not even in the full-text index's own pages.
    const pages = mind.store.db.prepare('SELECT block FROM memories_fts_data').all() as { block: Buffer | number | null }[];
    expect(pages.filter((p) => Buffer.isBuffer(p.block) && p.block.includes('zebracorn'))).toEqual([]);
    // Time travel to before the forget shows no content either.
    expect(getMemoryView(mind, episode.id, { asOf: t.clock.now() - DAY_MS }).content).toBe('');

    // The tombstone: every earlier row is still there (who, when, what op), plus the forget row.
    const rows = journalRows(mind, episode.id);
    expect(rows).toHaveLength(rowsBefore + 1);
    expect(rows.map((r) => r.op)).toEqual(['create', 'edit', 'verify', 'forget']);
    const tomb = lastJournal(mind, episode.id);
    expect(tomb).toMatchObject({ op: 'forget', actor: 'user', reason: 'asked to forget', before: { status: 'active', type: 'episode' }, after: { status: 'forgotten' } });
    expect(getHistory(mind, episode.id)).toHaveLength(4);

    // Links keep both ends.
    expect(linksTo(mind.store.db, forgotten.seq).map((l) => l.kind)).toEqual(['evidence']);
    expect(getMemoryView(mind, belief.id).provenance.evidence).toEqual([{ id: episode.id, type: 'episode', content: '', status: 'forgotten' }]);
  });

  it('removes its evidence references too, including from the journal', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note', content: 'about a file', evidenceRefs: [{ kind: 'file', ref: 'secret-plans.md' }] });
    addEvidenceRef(mind, note.id, { kind: 'url', ref: 'https://example.org/secret-plans', note: 'secret-plans notes' }, USER);
    forgetMemory(mind, note.id, USER);
    expect(getMemoryView(mind, note.id).evidenceRefs).toEqual([]);
    expect(everyStoredText(mind).filter((v) => v.text.includes('secret-plans'))).toEqual([]);
  });

  it('removes the words of a rejected memory from its rejection, keeping the fingerprint', () => {
    ({ mind } = freshMind());
    const belief = add(mind, { type: 'belief', content: 'quokkas rule the night', sourceType: 'consolidation' });
    rejectMemory(mind, belief.id, { actor: 'user', reason: 'nonsense' });
    const fingerprint = (mind.store.db.prepare('SELECT fingerprint FROM rejections').get() as { fingerprint: string }).fingerprint;
    restoreMemory(mind, belief.id, USER);
    forgetMemory(mind, belief.id, USER);
    expect(everyStoredText(mind).filter((v) => v.text.includes('quokka'))).toEqual([]);
    const rejection = mind.store.db.prepare('SELECT fingerprint, reason FROM rejections').get();
    expect(rejection).toEqual({ fingerprint, reason: 'nonsense' });
  });

  it('can forget an archived memory; a forgotten memory cannot change any more', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note' });
    archiveMemory(mind, note.id, USER);
    forgetMemory(mind, note.id, USER);
    expectRefusedWithoutWrites(mind, () => restoreMemory(mind, note.id, USER), 'invalid_state');
    expectRefusedWithoutWrites(mind, () => forgetMemory(mind, note.id, USER), 'invalid_state');
    expectRefusedWithoutWrites(mind, () => reinforceMemory(mind, note.id, {}, USER), 'invalid_state');
    expectRefusedWithoutWrites(mind, () => add(mind, { type: 'belief', derivedFrom: [note.id] }), 'invalid_state');
  });

  it('refuses a protected memory, writing nothing', () => {
    ({ mind } = freshMind());
    const value = add(mind, { type: 'value', content: 'keep me', protected: true });
    expectRefusedWithoutWrites(mind, () => forgetMemory(mind, value.id, USER), 'invalid_state');
    expect(findMemoryById(mind.store.db, value.id)?.content).toBe('keep me');
    expect(searchMemories(mind, 'keep').map((r) => r.id)).toEqual([value.id]);
  });

  it('keeps the links out of a forgotten memory as well', () => {
    ({ mind } = freshMind());
    const raw = add(mind, { type: 'raw' });
    const { created } = promoteMemory(mind, raw.id, { to: 'note' }, USER);
    forgetMemory(mind, created.id, USER);
    expect(linksFrom(mind.store.db, created.seq)).toEqual([
      { seq: expect.any(Number), fromSeq: created.seq, toSeq: raw.seq, kind: 'derived_from', createdAt: created.createdAt, voidedAt: null },
    ]);
  });
});
