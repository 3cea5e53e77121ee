/**
 * The "Bad input" list, operation by operation: each refusal is a typed MindError, and
 * nothing is written (journal, memories, links, refs, versions, rejections, contradictions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../shared/errors';
import { recordAccess } from './access';
import { addCounterEvidence, linkEvidence, reinforceMemory, verifyMemory } from './confidence-ops';
import { createMemory } from './create';
import { editMemory } from './edit';
import { addEvidenceRef, removeEvidenceRef } from './evidence-refs';
import { getHistory } from './history';
import { archiveMemory, forgetMemory, restoreMemory, setProtected } from './lifecycle';
import { getLineage } from './lineage';
import { getMemoryView } from './memory-view';
import type { Mind } from './mind';
import { promoteMemory } from './promote';
import { approveMemory, rejectMemory } from './review';
import { supersedeBelief } from './supersede';
import type { MemoryRecord } from '../store/memory-record';
import { USER, add, expectRefusedWithoutWrites, freshMind, snapshot } from './test-support';

let mind: Mind;
let note: MemoryRecord;
let belief: MemoryRecord;
let episode: MemoryRecord;
let raw: MemoryRecord;

beforeAll(() => {
  ({ mind } = freshMind());
  note = add(mind, { type: 'note', content: 'a note' });
  belief = add(mind, { type: 'belief', content: 'a belief', sourceType: 'inference' });
  episode = add(mind, { type: 'episode', content: 'an episode' });
  raw = add(mind, { type: 'raw', content: 'a capture' });
  editMemory(mind, note.id, { content: 'a note, edited' }, { actor: 'user', expectedVersion: 1 });
});
afterAll(() => mind.close());

const refused = (code: ErrorCode, work: () => unknown) => () => {
  expectRefusedWithoutWrites(mind, work, code);
};

describe('unknown ids', () => {
  const missing = 'nt_000000000000';
  it.each<[string, () => unknown]>([
    ['edit', () => editMemory(mind, missing, { content: 'x' }, { actor: 'user', expectedVersion: 1 })],
    ['promote', () => promoteMemory(mind, 'raw_000000000000', { to: 'note' }, USER)],
    ['verify', () => verifyMemory(mind, missing, {}, USER)],
    ['reinforce', () => reinforceMemory(mind, missing, {}, USER)],
    ['reinforce with an unknown episode', () => reinforceMemory(mind, note.id, { evidence: 'ep_000000000000' }, USER)],
    ['counter-evidence', () => addCounterEvidence(mind, 'bl_000000000000', {}, USER)],
    ['counter-evidence with an unknown episode', () => addCounterEvidence(mind, belief.id, { episodeId: 'ep_000000000000' }, USER)],
    ['link evidence', () => linkEvidence(mind, belief.id, 'ep_000000000000', USER)],
    ['supersede', () => supersedeBelief(mind, 'bl_000000000000', { content: 'x' }, USER)],
    ['archive', () => archiveMemory(mind, missing, USER)],
    ['restore', () => restoreMemory(mind, missing, USER)],
    ['protect', () => setProtected(mind, missing, true, USER)],
    ['forget', () => forgetMemory(mind, missing, USER)],
    ['approve', () => approveMemory(mind, missing, USER)],
    ['reject', () => rejectMemory(mind, missing, { actor: 'user', reason: 'no' })],
    ['add evidence ref', () => addEvidenceRef(mind, missing, { kind: 'code', ref: 'a.ts' }, USER)],
    ['remove evidence ref', () => removeEvidenceRef(mind, missing, 1, USER)],
    ['access', () => recordAccess(mind, missing, USER)],
    ['create derived from an unknown id', () => add(mind, { type: 'belief', derivedFrom: [missing] })],
    ['create with unknown evidence', () => add(mind, { type: 'belief', evidence: ['ep_000000000000'] })],
    ['show', () => getMemoryView(mind, missing)],
    ['history', () => getHistory(mind, missing)],
    ['lineage', () => getLineage(mind, missing)],
  ])('%s → not_found', (_name, work) => refused('not_found', work)());

  it.each<[string, () => unknown]>([
    ['an empty id', () => archiveMemory(mind, '', USER)],
    ['a blank id', () => verifyMemory(mind, '   ', {}, USER)],
    ['a non-string id', () => getMemoryView(mind, 42 as never)],
  ])('%s → invalid_input', (_name, work) => refused('invalid_input', work)());
});

describe('unknown types and invalid memories', () => {
  it.each<[string, () => unknown]>([
    ['create of an unknown type', () => createMemory(mind, { type: 'dream' as never, content: 'x' }, USER)],
    ['promote to an unknown type', () => promoteMemory(mind, raw.id, { to: 'dream' as never }, USER)],
  ])('%s is refused', (_name, work) => {
    const error = expectRefusedWithoutWrites(mind, work, _name.startsWith('create') ? 'invalid_input' : 'forbidden_promotion');
    expect(error.message).toMatch(/type|dream/);
  });

  it.each<[string, Record<string, unknown>]>([
    ['empty content', { type: 'note', content: '   ' }],
    ['non-string content', { type: 'note', content: 42 }],
    ['missing content', { type: 'note' }],
    ['an unknown source type', { type: 'note', content: 'x', sourceType: 'dream' }],
    ['an empty scope', { type: 'note', content: 'x', scope: '' }],
    ['an unknown evidence ref kind', { type: 'note', content: 'x', evidenceRefs: [{ kind: 'commit', ref: 'abc' }] }],
    ['an empty evidence ref', { type: 'note', content: 'x', evidenceRefs: [{ kind: 'code', ref: ' ' }] }],
    ['an unknown review status', { type: 'belief', content: 'x', reviewStatus: 'maybe' }],
    ['a non-boolean protected flag', { type: 'value', content: 'x', protected: 'yes' }],
    ['a non-string project', { type: 'goal', content: 'x', project: 7 }],
    ['derived-from that is not a list', { type: 'note', content: 'x', derivedFrom: 'nt_1' }],
  ])('create with %s → invalid_input', (_name, input) =>
    refused('invalid_input', () => createMemory(mind, input as never, USER))(),
  );

  it('create with evidence that is not an episode → invalid_input', () =>
    refused('invalid_input', () => createMemory(mind, { type: 'belief', content: 'x', evidence: [note.id] }, USER))());
});

describe('type fields that fail validation → invalid_fields', () => {
  it.each<[string, Record<string, unknown>]>([
    ['an unknown field', { type: 'note', fields: { mood: 'happy' } }],
    ['an enum value outside the list', { type: 'note', fields: { noteType: 'rumour' } }],
    ['a belief timeframe outside the list', { type: 'belief', fields: { timeframe: 'someday' } }],
    ['valence outside [-1, 1]', { type: 'episode', fields: { emotionalValence: -1.5 } }],
    ['arousal outside [0, 1]', { type: 'episode', fields: { emotionalArousal: 2 } }],
    ['a non-numeric intensity', { type: 'drive', fields: { intensity: 'very' } }],
    ['a fractional priority', { type: 'value', fields: { priority: 50.5 } }],
    ['a priority above 100', { type: 'value', fields: { priority: 101 } }],
    ['trust above 1', { type: 'relationship', fields: { trust: 1.2 } }],
    ['a goal priority outside the list', { type: 'goal', fields: { priority: 'urgent' } }],
    ['an unknown key in a raw source', { type: 'raw', fields: { source: { channel: 'x' } } }],
    ['empty lessons', { type: 'episode', fields: { lessons: [''] } }],
  ])('create with %s', (_name, input) => refused('invalid_fields', () => add(mind, input as never))());

  it('edit with fields the type does not have', refused('invalid_fields', () =>
    editMemory(mind, belief.id, { fields: { intensity: 0.5 } }, { actor: 'user', expectedVersion: 1 }),
  ));

  it('promote with fields the new type does not have', refused('invalid_fields', () =>
    promoteMemory(mind, raw.id, { to: 'episode', fields: { noteType: 'idea' } }, USER),
  ));

  it('names the failing field in the error', () => {
    const error = expectRefusedWithoutWrites(mind, () => add(mind, { type: 'drive', fields: { intensity: 3 } }), 'invalid_fields');
    expect(error.message).toContain('intensity');
    expect(error.details).toMatchObject({ type: 'drive' });
  });
});

describe('forbidden promotion, non-beliefs, stale versions', () => {
  it('promotion along a forbidden path → forbidden_promotion', refused('forbidden_promotion', () =>
    promoteMemory(mind, note.id, { to: 'goal' }, USER),
  ));
  it('promotion of a value → forbidden_promotion', () => {
    const value = add(mind, { type: 'value' });
    const error = expectRefusedWithoutWrites(mind, () => promoteMemory(mind, value.id, { to: 'belief' }, USER), 'forbidden_promotion');
    expect(error.message).toMatch(/not promoted further/);
  });
  it('supersede of a non-belief → not_a_belief', refused('not_a_belief', () => supersedeBelief(mind, note.id, { content: 'x' }, USER)));
  it('counter-evidence on a non-belief → not_a_belief', refused('not_a_belief', () => addCounterEvidence(mind, episode.id, {}, USER)));

  it.each<[string, () => unknown]>([
    ['edit', () => editMemory(mind, note.id, { content: 'x' }, { actor: 'user', expectedVersion: 1 })],
    ['edit from the future', () => editMemory(mind, note.id, { content: 'x' }, { actor: 'user', expectedVersion: 3 })],
    ['verify', () => verifyMemory(mind, note.id, {}, { actor: 'user', expectedVersion: 1 })],
    ['archive', () => archiveMemory(mind, note.id, { actor: 'user', expectedVersion: 1 })],
    ['forget', () => forgetMemory(mind, note.id, { actor: 'user', expectedVersion: 1 })],
    ['promote', () => promoteMemory(mind, raw.id, { to: 'note' }, { actor: 'user', expectedVersion: 2 })],
    ['supersede', () => supersedeBelief(mind, belief.id, { content: 'x' }, { actor: 'user', expectedVersion: 2 })],
    ['reject', () => rejectMemory(mind, belief.id, { actor: 'user', reason: 'r', expectedVersion: 5 })],
  ])('a stale version on %s → version_conflict', (_name, work) => refused('version_conflict', work)());
});

describe('confidence outside [0, 1] → invalid_input', () => {
  it.each([-0.01, 1.01, Number.NaN, Number.POSITIVE_INFINITY, 5])('create a note at %s', (confidence) =>
    refused('invalid_input', () => add(mind, { type: 'note', confidence }))(),
  );
  it.each([-1, 1.5])('create a belief at %s', (confidence) => refused('invalid_input', () => add(mind, { type: 'belief', confidence }))());
  it.each([-0.5, 2, Number.NaN])('edit a note to %s', (confidence) =>
    refused('invalid_input', () => editMemory(mind, note.id, { confidence }, { actor: 'user', expectedVersion: 2 }))(),
  );
  it('promote at 1.2', refused('invalid_input', () => promoteMemory(mind, raw.id, { to: 'note', confidence: 1.2 }, USER)));
  it('supersede at -3', refused('invalid_input', () => supersedeBelief(mind, belief.id, { content: 'x', confidence: -3 }, USER)));
});

describe('bad actors → invalid_input', () => {
  const badActors = ['', 'root', 'agent:', 'agent: bob', 'User', 'scheduler', 'import:has space', 42 as unknown as string];
  it.each(badActors)('create as %j', (actor) => refused('invalid_input', () => createMemory(mind, { type: 'note', content: 'x' }, { actor }))());
  it.each<[string, (actor: string) => unknown]>([
    ['edit', (actor) => editMemory(mind, note.id, { content: 'x' }, { actor, expectedVersion: 2 })],
    ['promote', (actor) => promoteMemory(mind, raw.id, { to: 'note' }, { actor })],
    ['verify', (actor) => verifyMemory(mind, note.id, {}, { actor })],
    ['reinforce', (actor) => reinforceMemory(mind, note.id, {}, { actor })],
    ['counter-evidence', (actor) => addCounterEvidence(mind, belief.id, {}, { actor })],
    ['link evidence', (actor) => linkEvidence(mind, belief.id, episode.id, { actor })],
    ['supersede', (actor) => supersedeBelief(mind, belief.id, { content: 'x' }, { actor })],
    ['archive', (actor) => archiveMemory(mind, note.id, { actor })],
    ['protect', (actor) => setProtected(mind, note.id, true, { actor })],
    ['forget', (actor) => forgetMemory(mind, note.id, { actor })],
    ['approve', (actor) => approveMemory(mind, belief.id, { actor })],
    ['reject', (actor) => rejectMemory(mind, belief.id, { actor, reason: 'r' })],
    ['add evidence ref', (actor) => addEvidenceRef(mind, note.id, { kind: 'code', ref: 'z.ts' }, { actor })],
    ['access', (actor) => recordAccess(mind, note.id, { actor })],
  ])('%s as "root"', (_name, work) => refused('invalid_input', () => work('root'))());

  it('accepts each documented actor form', () => {
    const before = snapshot(mind).journal;
    for (const actor of ['user', 'agent:claude', 'scheduler:run_1', 'import:mem0', 'agent:a.b@c-d']) {
      createMemory(mind, { type: 'note', content: `by ${actor}` }, { actor });
    }
    expect(snapshot(mind).journal).toBe(before + 5);
  });
});

describe('the fixture itself was never changed by the refusals', () => {
  it('has its original versions', () => {
    expect(getMemoryView(mind, note.id).version).toBe(2);
    expect(getMemoryView(mind, belief.id)).toMatchObject({ version: 1, status: 'active', alpha: 1, beta: 1 });
    expect(getMemoryView(mind, raw.id)).toMatchObject({ version: 1, status: 'active' });
  });
});
