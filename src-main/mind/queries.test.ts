import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { MEMORY_STATUSES, MEMORY_TYPES, type MemoryType, type SourceType } from '../../shared/model';
import { TIER_BOOST } from '../../shared/rules/tiers';
import { MATCH_CLOSE, MATCH_OPEN } from '../../shared/search-marks';
import { recordAccess } from './access';
import { verifyMemory } from './confidence-ops';
import { editMemory } from './edit';
import { addEvidenceRef } from './evidence-refs';
import { getHistory } from './history';
import { archiveMemory, forgetMemory } from './lifecycle';
import { getMemoryView } from './memory-view';
import { type ListRequest, type MemorySummary, listMemories } from './list';
import type { Mind } from './mind';
import { approveMemory, rejectMemory } from './review';
import { searchMemories } from './search';
import { getOverview } from './overview';
import { getStats } from './stats';
import { DAY_MS, USER, add, expectMindError, expectRefusedWithoutWrites, freshMind, lastJournal } from './test-support';

const SOURCES: SourceType[] = ['direct_experience', 'inference', 'consolidation', 'external', 'seed', 'observation', 'unknown'];
const WORDS = ['harbor', 'lantern', 'orchard', 'granite', 'meadow'];

/** ~120 memories of every type, with tied timestamps and tied confidences to test the tie-break. */
function populate(m: Mind, clock: { advance(ms: number): number }): { writes: number } {
  let writes = 0;
  for (let i = 0; i < 120; i++) {
    const type = MEMORY_TYPES[i % MEMORY_TYPES.length] as MemoryType;
    const sourceType = SOURCES[i % SOURCES.length] as SourceType;
    const created = add(m, {
      type,
      content: `memory ${i} about the ${WORDS[i % WORDS.length]}`,
      sourceType,
      scope: i % 3 === 0 ? 'work' : 'global',
      confidence: type === 'belief' ? undefined : [0.2, 0.45, 0.6, 0.8, 0.95][i % 5],
    });
    // Every third memory shares its time with the next one.
    if (i % 3 !== 0) clock.advance(60_000);
    writes += 1;
    if (i % 10 === 4) {
      archiveMemory(m, created.id, USER);
      writes += 1;
    }
    if (i % 10 === 7 && created.reviewStatus === 'pending') {
      approveMemory(m, created.id, USER);
      writes += 1;
    }
    if (i % 17 === 0 && i % 10 !== 4) {
      editMemory(m, created.id, { project: `p${i}` }, { actor: 'user', expectedVersion: 1 });
      writes += 1;
    }
  }
  return { writes };
}

function allOf(m: Mind, request: ListRequest = {}): MemorySummary[] {
  return listMemories(m, { ...request, limit: 500 }).items;
}

function walk(m: Mind, request: ListRequest, limit: number): { pages: number; items: MemorySummary[] } {
  const items: MemorySummary[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = listMemories(m, { ...request, limit, cursor });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(1000);
  } while (cursor !== null);
  return { pages, items };
}

const seqOf = (m: Mind, id: string) => (m.store.db.prepare('SELECT seq FROM memories WHERE id = ?').get(id) as { seq: number }).seq;

describe('listMemories over a populated mind', () => {
  let mind: Mind;
  let writes = 0;
  beforeAll(() => {
    const t = freshMind();
    mind = t.mind;
    ({ writes } = populate(mind, t.clock));
  });
  afterAll(() => mind.close());

  it('lists every memory by default, most recently updated first', () => {
    const items = allOf(mind);
    expect(items).toHaveLength(120);
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1] as MemorySummary, items[i] as MemorySummary];
      expect(Date.parse(a.updatedAt)).toBeGreaterThanOrEqual(Date.parse(b.updatedAt));
    }
  });

  for (const sort of ['updated', 'created', 'confidence', 'type', 'tier'] as const) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`walks every row exactly once in pages of 7, sorted by ${sort} ${direction}, ties by seq`, () => {
        const { pages, items } = walk(mind, { sort, direction }, 7);
        expect(pages).toBe(Math.ceil(120 / 7));
        expect(items).toHaveLength(120);
        expect(new Set(items.map((i) => i.id)).size).toBe(120);
        const key = (i: MemorySummary): number | string =>
          sort === 'confidence' || sort === 'type' || sort === 'tier'
            ? i[sort]
            : Date.parse(sort === 'updated' ? i.updatedAt : i.createdAt);
        const compare = (x: number | string, y: number | string) => (x < y ? -1 : x > y ? 1 : 0);
        const sign = direction === 'asc' ? 1 : -1;
        const expected = [...items].sort(
          (a, b) => sign * (compare(key(a), key(b)) || seqOf(mind, a.id) - seqOf(mind, b.id)),
        );
        expect(items.map((i) => i.id)).toEqual(expected.map((i) => i.id));
        // There really were ties to break.
        expect(new Set(items.map(key)).size).toBeLessThan(120);
      });
    }
  }

  it('pages a filtered list too, and the last page has no cursor', () => {
    const { items } = walk(mind, { filter: { types: ['note'] }, sort: 'confidence', direction: 'asc' }, 4);
    expect(items.map((i) => i.id).sort()).toEqual(allOf(mind, { filter: { types: ['note'] } }).map((i) => i.id).sort());
    const last = listMemories(mind, { filter: { types: ['note'] }, limit: 500 });
    expect(last.nextCursor).toBeNull();
  });

  const everything = () => allOf(mind);
  const ids = (list: MemorySummary[]) => list.map((i) => i.id).sort();

  it.each<[string, ListRequest['filter'], (m: MemorySummary) => boolean]>([
    ['types', { types: ['belief', 'goal'] }, (m) => m.type === 'belief' || m.type === 'goal'],
    ['tiers', { tiers: ['inferred'] }, (m) => m.tier === 'inferred'],
    ['tiers observed', { tiers: ['observed'] }, (m) => m.tier === 'observed'],
    ['statuses', { statuses: ['archived'] }, (m) => m.status === 'archived'],
    ['review pending', { reviewStatuses: ['pending'] }, (m) => m.reviewStatus === 'pending'],
    ['review none', { reviewStatuses: ['none'] }, (m) => m.reviewStatus === null],
    ['review approved or none', { reviewStatuses: ['approved', 'none'] }, (m) => m.reviewStatus === 'approved' || m.reviewStatus === null],
    ['sourceTypes', { sourceTypes: ['external', 'seed'] }, (m) => m.sourceType === 'external' || m.sourceType === 'seed'],
    ['minConfidence', { minConfidence: 0.6 }, (m) => m.confidence >= 0.6],
    ['maxConfidence', { maxConfidence: 0.45 }, (m) => m.confidence <= 0.45],
    ['confidence range', { minConfidence: 0.45, maxConfidence: 0.8 }, (m) => m.confidence >= 0.45 && m.confidence <= 0.8],
    ['scope', { scope: 'work' }, (m) => m.scope === 'work'],
    ['text', { text: 'orchard' }, (m) => m.content.includes('orchard')],
    ['text prefix', { text: 'orch' }, (m) => m.content.includes('orchard')],
    ['text two words', { text: 'memory lantern' }, (m) => m.content.includes('lantern')],
    ['combined', { types: ['note'], statuses: ['active'], scope: 'global' }, (m) => m.type === 'note' && m.status === 'active' && m.scope === 'global'],
  ])('filters by %s', (_name, filter, predicate) => {
    const expected = everything().filter(predicate);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(120);
    expect(ids(allOf(mind, { filter }))).toEqual(ids(expected));
  });

  it('a text filter with no words in it matches everything; one with no match matches nothing', () => {
    expect(allOf(mind, { filter: { text: '   ' } })).toHaveLength(120);
    expect(allOf(mind, { filter: { text: 'zeppelin' } })).toHaveLength(0);
    expect(allOf(mind, { filter: { text: '"*' } })).toHaveLength(0);
  });

  it('refuses a damaged cursor, a cursor of another sort, a bad limit and a bad filter', () => {
    const page = listMemories(mind, { sort: 'created', direction: 'asc', limit: 7 });
    expect(page.nextCursor).not.toBeNull();
    expectMindError(() => listMemories(mind, { cursor: 'not-a-cursor' }), 'invalid_input');
    expectMindError(() => listMemories(mind, { cursor: Buffer.from('["updated","desc","x",1]').toString('base64url') }), 'invalid_input');
    expectMindError(() => listMemories(mind, { sort: 'updated', direction: 'asc', cursor: page.nextCursor }), 'invalid_input');
    expectMindError(() => listMemories(mind, { sort: 'created', direction: 'desc', cursor: page.nextCursor }), 'invalid_input');
    expectMindError(() => listMemories(mind, { limit: 0 }), 'invalid_input');
    expectMindError(() => listMemories(mind, { limit: 501 }), 'invalid_input');
    expectMindError(() => listMemories(mind, { sort: 'alphabetical' as never }), 'invalid_input');
    expectMindError(() => listMemories(mind, { filter: { types: ['dream' as never] } }), 'invalid_input');
    expectMindError(() => listMemories(mind, { filter: { minConfidence: 2 } }), 'invalid_input');
    expectMindError(() => listMemories(mind, { filter: { colour: 'red' } as never }), 'invalid_input');
  });

  it('counts the mind', () => {
    const stats = getStats(mind);
    expect(stats.total).toBe(120);
    expect(stats.byType).toEqual(Object.fromEntries(MEMORY_TYPES.map((t) => [t, 15])));
    expect(stats.byStatus).toEqual({ active: 108, archived: 12 });
    const pending = everything().filter((m) => m.reviewStatus === 'pending' && m.status === 'active').length;
    expect(stats.pendingReview).toBe(pending);
    expect(Object.values(stats.byTier).reduce((a, b) => a + b, 0)).toBe(120);
    expect(stats.openContradictions).toBe(0);
    expect(writes).toBeGreaterThan(120 + 12);
    expect(stats.journalEntries).toBe(writes);
  });

  it('gives the overview the same counts, with the active memories spread over confidence tenths', () => {
    const stats = getStats(mind);
    const overview = getOverview(mind);
    expect(overview.total).toBe(stats.total);
    expect(overview.byType).toEqual(stats.byType);
    expect(overview.byStatus).toEqual({ ...Object.fromEntries(MEMORY_STATUSES.map((s) => [s, 0])), ...stats.byStatus });
    expect(overview.reviewPending).toBe(stats.pendingReview);
    expect(overview.openContradictions).toBe(stats.openContradictions);
    const spread = Array.from({ length: 10 }, () => 0);
    for (const m of everything().filter((m) => m.status === 'active')) {
      const tenth = Math.min(Math.floor(m.confidence * 10), 9);
      spread[tenth] = (spread[tenth] ?? 0) + 1;
    }
    expect(spread.filter((n) => n > 0).length).toBeGreaterThan(1);
    expect(overview.confidenceHistogram).toEqual(spread);
  });
});

describe('searchMemories', () => {
  let mind: Mind;
  afterEach(() => mind?.close());

  it('ranks a grounded match above an equal hypothesis match by the tier boost', () => {
    ({ mind } = freshMind());
    const hypothesis = add(mind, { type: 'note', content: 'the deploy script needs a lockfile' });
    const grounded = add(mind, { type: 'note', content: 'the deploy script needs a lockfile', sourceType: 'inference' });
    addEvidenceRef(mind, grounded.id, { kind: 'code', ref: 'scripts/deploy.sh' }, USER);
    verifyMemory(mind, grounded.id, {}, USER);
    approveMemory(mind, grounded.id, USER);
    const results = searchMemories(mind, 'deploy lockfile');
    expect(results.map((r) => [r.id, r.tier])).toEqual([
      [grounded.id, 'grounded'],
      [hypothesis.id, 'hypothesis'],
    ]);
    // Same text, same bm25: the scores differ exactly by the boosts' ratio.
    const [first, second] = results as [(typeof results)[0], (typeof results)[0]];
    expect(first.score / second.score).toBeCloseTo(TIER_BOOST.grounded / TIER_BOOST.hypothesis, 9);
  });

  it('orders results by the combined score (bm25 × boost), not by tier alone', () => {
    ({ mind } = freshMind());
    const observed = add(mind, { type: 'note', content: 'kettle', sourceType: 'inference' });
    approveMemory(mind, observed.id, USER);
    const hypothesis = add(mind, { type: 'note', content: 'kettle kettle kettle' });
    for (let i = 0; i < 20; i++) add(mind, { type: 'note', content: `filler note number ${i} about nothing in particular at all` });
    const results = searchMemories(mind, 'kettle');
    expect(results).toHaveLength(2);
    const score = (id: string) => results.find((r) => r.id === id)?.score as number;
    expect(results.map((r) => r.id)).toEqual(
      score(observed.id) > score(hypothesis.id) ? [observed.id, hypothesis.id] : [hypothesis.id, observed.id],
    );
    expect(results[0]?.score).toBeGreaterThan(results[1]?.score as number);
  });

  it('highlights the matches in the snippet and matches the last word as a prefix', () => {
    ({ mind } = freshMind());
    const m = add(mind, { type: 'episode', content: 'The migration ran overnight and the backups were verified', fields: { outcome: 'clean' } });
    const [hit] = searchMemories(mind, 'backups verif');
    expect(hit?.id).toBe(m.id);
    expect(hit?.snippet).toContain(`${MATCH_OPEN}backups${MATCH_CLOSE}`);
    expect(hit?.snippet).toContain(`${MATCH_OPEN}verified${MATCH_CLOSE}`);
    expect(hit?.score).toBeGreaterThan(0);
    // Type fields are searchable too.
    expect(searchMemories(mind, 'clean').map((r) => r.id)).toEqual([m.id]);
  });

  it('gives each hit what a results list shows, read at the same clock as the list', () => {
    const t = freshMind();
    mind = t.mind;
    const belief = add(mind, { type: 'belief', content: 'the ferry timetable changes in october', confidence: 0.9, fields: { beliefType: 'fact' } });
    const edited = add(mind, { type: 'note', content: 'ferry tickets are cheaper online' });
    editMemory(mind, edited.id, { content: 'ferry tickets are cheaper online and at the kiosk' }, { ...USER, expectedVersion: 1 });
    // Long enough for a belief to decay and go stale.
    t.clock.advance(200 * DAY_MS);
    const hits = searchMemories(mind, 'ferry');
    expect(hits.map((hit) => hit.id).sort()).toEqual([belief.id, edited.id].sort());
    const listed = listMemories(mind, { filter: { text: 'ferry' } }).items;
    for (const hit of hits) {
      expect(Object.keys(hit).sort()).toEqual(['confidence', 'content', 'effectiveConfidence', 'id', 'reviewStatus', 'score', 'snippet', 'stale', 'status', 'tier', 'type', 'version']);
      const summary = listed.find((m) => m.id === hit.id) as MemorySummary;
      const { score, snippet, ...shown } = hit;
      expect(shown).toEqual(Object.fromEntries(Object.keys(shown).map((key) => [key, summary[key as keyof MemorySummary]])));
      expect(score).toBeGreaterThan(0);
      expect(snippet).toContain(`${MATCH_OPEN}ferry${MATCH_CLOSE}`);
    }
    const beliefHit = hits.find((hit) => hit.id === belief.id);
    expect(beliefHit?.stale).toBe(true);
    expect(beliefHit?.effectiveConfidence).toBeLessThan(0.9);
    expect(hits.find((hit) => hit.id === edited.id)?.version).toBe(2);
  });

  it('excludes forgotten memories and keeps archived ones; respects the limit', () => {
    ({ mind } = freshMind());
    const forgotten = add(mind, { type: 'note', content: 'walrus one' });
    const archived = add(mind, { type: 'note', content: 'walrus two' });
    const kept = add(mind, { type: 'note', content: 'walrus three' });
    forgetMemory(mind, forgotten.id, USER);
    archiveMemory(mind, archived.id, USER);
    expect(searchMemories(mind, 'walrus').map((r) => r.id).sort()).toEqual([archived.id, kept.id].sort());
    expect(searchMemories(mind, 'walrus', { limit: 1 })).toHaveLength(1);
  });

  it('treats search operators and punctuation as words, and refuses an empty query or bad limit', () => {
    ({ mind } = freshMind());
    add(mind, { type: 'note', content: 'near the sea' });
    expect(searchMemories(mind, 'NEAR(" AND OR sea')).toEqual([]);
    expect(searchMemories(mind, 'near sea')).toHaveLength(1);
    expect(searchMemories(mind, '***')).toEqual([]);
    expectMindError(() => searchMemories(mind, '  '), 'invalid_input');
    expectMindError(() => searchMemories(mind, 'sea', { limit: 0 }), 'invalid_input');
  });
});

describe('getHistory', () => {
  let mind: Mind;
  afterEach(() => mind?.close());

  it('lists every journal row of one memory, oldest first, with diffs, confidences and ISO times', () => {
    const t = freshMind();
    mind = t.mind;
    const note = add(mind, { type: 'note', content: 'first', sourceType: 'inference' });
    const other = add(mind, { type: 'note', content: 'unrelated' });
    t.clock.advance(DAY_MS);
    editMemory(mind, note.id, { content: 'second' }, { actor: 'agent:writer', expectedVersion: 1, reason: 'clarity' });
    t.clock.advance(DAY_MS);
    verifyMemory(mind, note.id, { evidence: 'checked' }, USER);
    rejectMemory(mind, note.id, { actor: 'user', reason: 'not true' });
    editMemory(mind, other.id, { content: 'still unrelated' }, { actor: 'user', expectedVersion: 1 });

    const history = getHistory(mind, note.id);
    expect(history.map((h) => h.op)).toEqual(['create', 'edit', 'verify', 'reject']);
    expect(history[0]?.at).toBe('2025-01-01T00:00:00.000Z');
    expect(history[1]).toMatchObject({
      at: '2025-01-02T00:00:00.000Z',
      actor: 'agent:writer',
      before: { content: 'first' },
      after: { content: 'second' },
      reason: 'clarity',
      confidenceBefore: 0.8,
      confidenceAfter: 0.8,
    });
    expect(history[2]).toMatchObject({ evidence: 'checked', confidenceBefore: 0.8 });
    // Times inside the diffs read as ISO, like everywhere else a person sees them.
    expect(history[2]?.after).toMatchObject({ lastVerifiedAt: '2025-01-03T00:00:00.000Z', verificationCount: 1 });
    expect(history[2]?.confidenceAfter).toBeCloseTo(0.9, 12);
    expect(history[3]).toMatchObject({ reason: 'not true', after: { status: 'archived', reviewStatus: 'rejected' } });
    // A limit keeps the latest changes; a view asks for them newest first.
    expect(getHistory(mind, note.id, { limit: 2 }).map((h) => h.op)).toEqual(['verify', 'reject']);
    expect(getHistory(mind, note.id, { limit: 3, newestFirst: true }).map((h) => h.op)).toEqual(['reject', 'verify', 'edit']);
  });

  it('refuses an unknown id and a bad limit', () => {
    ({ mind } = freshMind());
    expectRefusedWithoutWrites(mind, () => getHistory(mind, 'nt_missing'), 'not_found');
    const note = add(mind, { type: 'note' });
    expectMindError(() => getHistory(mind, note.id, { limit: 0 }), 'invalid_input');
  });
});

describe('getMemoryView readings and recordAccess', () => {
  let mind: Mind;
  afterEach(() => mind?.close());

  it('reads tier and why, staleness and retrieval strength; an access strengthens without a new version', () => {
    const t = freshMind();
    mind = t.mind;
    const note = add(mind, { type: 'note', sourceType: 'inference' });
    const fresh = getMemoryView(mind, note.id);
    expect(fresh).toMatchObject({ tier: 'inferred', stale: false, retrievalStrength: 0.5, effectiveConfidence: 0.8 });
    expect(fresh.tierWhy).toMatch(/pending review/);

    recordAccess(mind, note.id, { actor: 'agent:claude' });
    t.clock.advance(2 * DAY_MS);
    const accessed = recordAccess(mind, note.id, { actor: 'agent:claude' });
    // stability × (1 + 0.1 × ln(1 + 48h/24h))
    expect(accessed.stability).toBeCloseTo(1 + 0.1 * Math.log(3), 12);
    expect(accessed.accessCount).toBe(2);
    expect(accessed.version).toBe(1);
    expect(lastJournal(mind, note.id)).toMatchObject({ op: 'access', actor: 'agent:claude' });
    t.clock.advance(DAY_MS);
    const view = getMemoryView(mind, note.id);
    expect(view.retrievalStrength).toBeCloseTo(Math.exp(-24 / (accessed.stability * 24)), 12);
    t.clock.advance(40 * DAY_MS);
    expect(getMemoryView(mind, note.id).stale).toBe(true);
  });
});
