import { afterEach, describe, expect, it } from 'vitest';
import { ID_PREFIX, MEMORY_TYPES, type MemoryType } from '../../shared/model';
import { DEFAULT_CONFIDENCE, createMemory } from './create';
import { getMemoryView } from './memory-view';
import type { Mind } from './mind';
import { T0, USER, add, freshMind, journalCount, lastJournal, memoryCount } from './test-support';

/** Valid type fields for each of the 8 types. */
const VALID_FIELDS: Record<MemoryType, Record<string, unknown>> = {
  raw: { source: { conversationId: 'c1', turnId: 't7', role: 'user', at: '2025-01-01T00:00:00Z' } },
  episode: { outcome: 'shipped', outcomeType: 'success', lessons: ['test first'], emotionalValence: -0.2, emotionalArousal: 0.6 },
  note: { noteType: 'decision', speaker: 'claire' },
  belief: { subject: 'tests', predicate: 'catch bugs', context: 'work', timeframe: 'current', beliefType: 'pattern' },
  value: { name: 'honesty', priority: 90 },
  goal: { description: 'ship v1', goalStatus: 'active', priority: 'high' },
  drive: { driveType: 'curiosity', intensity: 0.7 },
  relationship: { entityType: 'person', relationshipType: 'colleague', sentiment: 0.5, trust: 0.8 },
};

let mind: Mind;
afterEach(() => mind?.close());

describe('createMemory', () => {
  it.each(MEMORY_TYPES)('creates a %s with valid fields, its id prefix, and a create journal row', (type) => {
    ({ mind } = freshMind());
    const created = createMemory(mind, { type, content: `  the ${type}  `, fields: VALID_FIELDS[type] }, { actor: 'agent:claude', reason: 'because' });
    expect(created.id.startsWith(ID_PREFIX[type])).toBe(true);
    expect(created.id).toMatch(/^[a-z]+_[0-9a-f]{12}$/);
    expect(created.type).toBe(type);
    expect(created.content).toBe(`the ${type}`);
    expect(created.fields).toEqual(VALID_FIELDS[type]);
    expect(created.status).toBe('active');
    expect(created.version).toBe(1);
    expect(created.createdAt).toBe(T0);
    expect(created.sourceType).toBe('direct_experience');
    expect(created.reviewStatus).toBeNull();
    if (type === 'belief') {
      expect([created.alpha, created.beta, created.confidence]).toEqual([1, 1, 0.5]);
    } else {
      expect([created.alpha, created.beta, created.confidence]).toEqual([null, null, DEFAULT_CONFIDENCE]);
    }
    expect(memoryCount(mind)).toBe(1);
    expect(journalCount(mind)).toBe(1);
    const row = lastJournal(mind, created.id);
    expect(row.actor).toBe('agent:claude');
    expect(row.op).toBe('create');
    expect(row.reason).toBe('because');
    expect(row.before).toBeNull();
    expect(row.after).toMatchObject({ type, content: `the ${type}`, fields: VALID_FIELDS[type], confidence: created.confidence });
    expect(row.confidence_before).toBeNull();
    expect(row.confidence_after).toBe(created.confidence);
  });

  it('coerces text values where a number is expected (CLI --field k=v)', () => {
    ({ mind } = freshMind());
    const drive = add(mind, { type: 'drive', fields: { intensity: '0.25' } });
    expect(drive.fields).toEqual({ intensity: 0.25 });
    const episode = add(mind, { type: 'episode', fields: { lessons: 'one lesson' } });
    expect(episode.fields).toEqual({ lessons: ['one lesson'] });
  });

  it('infers an external source and its entity from "told by Claire"', () => {
    ({ mind } = freshMind());
    const m = add(mind, { type: 'note', source: 'told by Claire' });
    expect(m.sourceType).toBe('external');
    expect(m.sourceEntity).toBe('claire');
    expect(m.reviewStatus).toBeNull();
    const view = getMemoryView(mind, m.id);
    expect(view.provenance.sourceType).toBe('external');
    expect(view.provenance.sourceEntity).toBe('claire');
  });

  it('lets explicit provenance win over what the source text implies', () => {
    ({ mind } = freshMind());
    const m = add(mind, { type: 'note', source: 'told by Claire', sourceType: 'seed', sourceEntity: null });
    expect(m.sourceType).toBe('seed');
    expect(m.sourceEntity).toBeNull();
  });

  it.each([
    ['consolidation', { sourceType: 'consolidation' as const }],
    ['inference', { sourceType: 'inference' as const }],
    ['inferred from text', { source: 'inferred from the logs' }],
    ['during consolidation text', { source: 'during consolidation' }],
  ])('queues %s-sourced memories for review (pending, inferred tier)', (_name, extra) => {
    ({ mind } = freshMind());
    const m = add(mind, { type: 'belief', ...extra });
    expect(m.reviewStatus).toBe('pending');
    expect(m.tier).toBe('inferred');
    expect(lastJournal(mind, m.id).after).toMatchObject({ reviewStatus: 'pending' });
  });

  it('does not queue directly experienced or told memories', () => {
    ({ mind } = freshMind());
    expect(add(mind, { type: 'belief' }).reviewStatus).toBeNull();
    expect(add(mind, { type: 'belief', source: 'Claire said so' }).reviewStatus).toBeNull();
  });

  it('starts a belief at α = 1 + N from N supporting episodes', () => {
    ({ mind } = freshMind());
    const episodes = [1, 2, 3].map((i) => add(mind, { type: 'episode', content: `episode ${i}` }));
    const belief = add(mind, { type: 'belief', evidence: episodes.map((e) => e.id) });
    expect(belief.alpha).toBe(4);
    expect(belief.beta).toBe(1);
    expect(belief.confidence).toBeCloseTo(4 / 5, 12);
    // Three episodes are event evidence: the belief is observed.
    expect(belief.eventEvidenceCount).toBe(3);
    expect(belief.tier).toBe('observed');
    const row = lastJournal(mind, belief.id);
    expect(row.after).toMatchObject({ evidence: episodes.map((e) => e.id), alpha: 4, beta: 1 });
    expect(row.evidence).toEqual(episodes.map((e) => e.id));
  });

  it('counts each supporting episode once even when named twice', () => {
    ({ mind } = freshMind());
    const episode = add(mind, { type: 'episode' });
    const belief = add(mind, { type: 'belief', evidence: [episode.id, episode.id] });
    expect(belief.alpha).toBe(2);
    expect(getMemoryView(mind, belief.id).provenance.evidence).toHaveLength(1);
  });

  it('encodes an explicit belief confidence as pseudo-counts (α = 2C + N, β = 2(1 − C))', () => {
    ({ mind } = freshMind());
    const plain = add(mind, { type: 'belief', confidence: 0.9 });
    expect(plain.alpha).toBeCloseTo(1.8, 12);
    expect(plain.beta).toBeCloseTo(0.2, 12);
    expect(plain.confidence).toBeCloseTo(0.9, 12);
    const episode = add(mind, { type: 'episode' });
    const withEvidence = add(mind, { type: 'belief', confidence: 0.5, evidence: [episode.id] });
    expect(withEvidence.alpha).toBeCloseTo(2, 12);
    expect(withEvidence.beta).toBeCloseTo(1, 12);
    expect(withEvidence.confidence).toBeCloseTo(2 / 3, 12);
  });

  it('stores an explicit confidence on a non-belief as given', () => {
    ({ mind } = freshMind());
    expect(add(mind, { type: 'goal', confidence: 0.35 }).confidence).toBe(0.35);
    expect(add(mind, { type: 'goal', confidence: 0 }).confidence).toBe(0);
    expect(add(mind, { type: 'goal', confidence: 1 }).confidence).toBe(1);
  });

  it('records derived_from and evidence links, visible from both ends in the provenance', () => {
    ({ mind } = freshMind());
    const raw = add(mind, { type: 'raw', content: 'the capture' });
    const episode = add(mind, { type: 'episode', content: 'what happened' });
    const belief = add(mind, { type: 'belief', content: 'the lesson', derivedFrom: [raw.id], evidence: [episode.id] });
    const view = getMemoryView(mind, belief.id);
    expect(view.provenance.derivedFrom).toEqual([{ id: raw.id, type: 'raw', content: 'the capture', status: 'processed' }]);
    expect(view.provenance.evidence).toEqual([{ id: episode.id, type: 'episode', content: 'what happened', status: 'active' }]);
    expect(view.provenance.processedInto).toEqual([]);
    expect(getMemoryView(mind, raw.id).provenance.processedInto.map((r) => r.id)).toEqual([belief.id]);
    expect(lastJournal(mind, belief.id).after).toMatchObject({ derivedFrom: [raw.id], evidence: [episode.id] });
  });

  it('attaches evidence references and counts them for the tier', () => {
    ({ mind } = freshMind());
    const m = add(mind, {
      type: 'note',
      evidenceRefs: [
        { kind: 'code', ref: 'src/a.ts:10' },
        { kind: 'file', ref: 'README.md' },
        { kind: 'event', ref: 'evt_1' },
        { kind: 'url', ref: 'https://example.org' },
        { kind: 'code', ref: 'src/a.ts:10' },
      ],
    });
    expect(m.codeRefCount).toBe(2);
    expect(m.eventEvidenceCount).toBe(1);
    expect(m.tier).toBe('observed');
    expect(getMemoryView(mind, m.id).evidenceRefs.map((r) => `${r.kind}:${r.ref}`)).toEqual([
      'code:src/a.ts:10',
      'file:README.md',
      'event:evt_1',
      'url:https://example.org',
    ]);
  });

  it('trims evidence references, so the same reference is attached once', () => {
    ({ mind } = freshMind());
    const m = add(mind, { type: 'note', evidenceRefs: [{ kind: 'code', ref: ' src/a.ts ' }, { kind: 'code', ref: 'src/a.ts' }] });
    expect(m.codeRefCount).toBe(1);
    expect(getMemoryView(mind, m.id).evidenceRefs.map((r) => r.ref)).toEqual(['src/a.ts']);
  });

  it('keeps scope, project and protection', () => {
    ({ mind } = freshMind());
    const m = add(mind, { type: 'value', scope: 'project', project: 'mindloom', protected: true });
    expect([m.scope, m.project, m.protected]).toEqual(['project', 'mindloom', true]);
    expect(add(mind, { type: 'value' }).scope).toBe('global');
  });

  it('refuses evidence that is not an episode, writing nothing', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note' });
    const before = journalCount(mind);
    expect(() => add(mind, { type: 'belief', evidence: [note.id] })).toThrow(/Evidence must be episodes/);
    expect(journalCount(mind)).toBe(before);
    expect(memoryCount(mind)).toBe(1);
  });

  it('takes the id from the mind and the time from its clock', () => {
    let n = 0;
    ({ mind } = freshMind());
    const seeded = { ...mind, newId: (type: MemoryType) => `${ID_PREFIX[type]}${String(++n).padStart(12, '0')}` };
    const m = createMemory(seeded, { type: 'goal', content: 'g' }, USER);
    expect(m.id).toBe('gl_000000000001');
  });

  it('creating from a raw capture is promoting it: the paths apply and the raw becomes processed', () => {
    ({ mind } = freshMind());
    const raw = add(mind, { type: 'raw', content: 'Claire: we should version the export format' });
    const before = journalCount(mind);
    expect(() => createMemory(mind, { type: 'value', content: 'Stable formats', derivedFrom: [raw.id] }, USER)).toThrow(
      expect.objectContaining({ code: 'forbidden_promotion' }),
    );
    expect(journalCount(mind)).toBe(before);
    const note = createMemory(mind, { type: 'note', content: 'Version the export format', derivedFrom: [raw.id] }, USER);
    expect(getMemoryView(mind, raw.id).status).toBe('processed');
    expect(lastJournal(mind, raw.id)).toMatchObject({ op: 'processed' });
    expect(lastJournal(mind, raw.id).after).toMatchObject({ processedInto: note.id });
  });
});
