import { afterEach, describe, expect, it } from 'vitest';
import { addCounterEvidence, reinforceMemory, verifyMemory } from './confidence-ops';
import { editMemory } from './edit';
import { getChanges } from './history';
import type { Mind } from './mind';
import { revertField } from './revert-field';
import { supersedeBelief } from './supersede';
import { expandTimeline } from '../../shared/timeline-events';
import { getTimeline } from './timeline';
import { DAY_MS, T0, USER, add, expectRefusedWithoutWrites, freshMind, journalRows } from './test-support';

let mind: Mind;
/** The timeline with one object per event (its columns read back), as the CLI prints it. */
const timelineOf = (...args: Parameters<typeof getTimeline>) => expandTimeline(getTimeline(...args));
afterEach(() => mind?.close());

describe('getTimeline', () => {
  it('lists every change to the stored state, oldest first, with its cause, α/β and the memory behind it', () => {
    const t = freshMind();
    mind = t.mind;
    const episode = add(mind, { type: 'episode', content: 'the deploy broke on Friday' });
    const counter = add(mind, { type: 'episode', content: 'the Friday deploy went fine' });
    const belief = add(mind, { type: 'belief', content: 'Friday deploys break', fields: { subject: 'deploys' } });
    t.clock.advance(DAY_MS);
    reinforceMemory(mind, belief.id, { evidence: episode.id }, { actor: 'agent:claude', reason: 'seen again' });
    t.clock.advance(DAY_MS);
    addCounterEvidence(mind, belief.id, { episodeId: counter.id }, USER);
    t.clock.advance(DAY_MS);
    verifyMemory(mind, belief.id, { evidence: 'src/deploy.ts:12' }, USER);
    t.clock.advance(DAY_MS);
    const { created } = supersedeBelief(mind, belief.id, { content: 'Friday deploys without a canary break' }, { actor: 'user', reason: 'sharper' });

    const timeline = timelineOf(mind, belief.id);
    expect(timeline.events.map((e) => [e.cause, e.linkedId])).toEqual([
      ['created', null],
      ['reinforced', episode.id],
      ['contradicted', counter.id],
      ['verified', null],
      ['superseded', created.id],
    ]);
    // Every journal row about the belief is one event (no access happened).
    expect(timeline.events).toHaveLength(journalRows(mind, belief.id).length);
    expect(timeline.events.map((e) => [e.alpha, e.beta])).toEqual([
      [1, 1],
      [2, 1],
      [2, 2],
      [3, 2],
      [3, 2],
    ]);
    expect(timeline.events[1]).toMatchObject({ actor: 'agent:claude', reason: 'seen again', confidenceBefore: 0.5, confidenceAfter: 2 / 3 });
    expect(timeline.events[3]).toMatchObject({ evidence: 'src/deploy.ts:12', decayFrom: new Date(T0 + 3 * DAY_MS).toISOString() });
    expect(timeline.successors).toEqual([created.id]);
    expect(timelineOf(mind, created.id)).toMatchObject({ predecessors: [belief.id], successors: [] });
    expect(timelineOf(mind, created.id).events[0]).toMatchObject({ cause: 'supersedes', linkedId: belief.id });
  });

  it('ships the events as columns, each text once', () => {
    const t = freshMind();
    mind = t.mind;
    const note = add(mind, { type: 'note', content: 'coffee helps', confidence: 0.5 });
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(DAY_MS);
      reinforceMemory(mind, note.id, { evidence: 'the morning log' }, { actor: 'agent:claude' });
    }
    const { events } = getTimeline(mind, note.id);
    expect(events.seq).toHaveLength(4);
    expect(events.at).toEqual([T0, T0 + DAY_MS, T0 + 2 * DAY_MS, T0 + 3 * DAY_MS]);
    expect(events.strings.filter((s) => s === 'the morning log' || s === 'agent:claude')).toHaveLength(2);
    expect(events.evidence.slice(1).every((p) => p !== null && events.strings[p] === 'the morning log')).toBe(true);
  });

  it('stops at asOf and keeps only the newest events past the limit', () => {
    const t = freshMind();
    mind = t.mind;
    const note = add(mind, { type: 'note', content: 'coffee helps', confidence: 0.5 });
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(DAY_MS);
      reinforceMemory(mind, note.id, {}, USER);
    }
    const past = timelineOf(mind, note.id, { asOf: T0 + 2 * DAY_MS });
    expect(past.events.map((e) => e.cause)).toEqual(['created', 'reinforced', 'reinforced']);
    expect(past.asOf).toBe(new Date(T0 + 2 * DAY_MS).toISOString());
    const newest = timelineOf(mind, note.id, { limit: 2 });
    expect(newest.truncated).toBe(true);
    expect(newest.events.map((e) => e.version)).toEqual([5, 6]);
    expect(newest.events[0]?.confidenceBefore).toBeLessThan(newest.events[1]?.confidenceAfter as number);
  });

  it('refuses an unknown memory and a bad limit', () => {
    mind = freshMind().mind;
    expect(() => timelineOf(mind, 'nt_missing')).toThrow(/No memory/);
    const note = add(mind, { type: 'note' });
    expect(() => timelineOf(mind, note.id, { limit: 0 })).toThrow(/limit/);
  });
});

describe('revertField', () => {
  it('takes the text back to a past version as a new journal entry, leaving history as it was', () => {
    const t = freshMind();
    mind = t.mind;
    const note = add(mind, { type: 'note', content: 'standup is at nine' });
    t.clock.advance(DAY_MS);
    const edited = editMemory(mind, note.id, { content: 'standup is at ten' }, { ...USER, expectedVersion: 1 });
    const before = journalRows(mind, note.id);

    const reverted = revertField(mind, note.id, { field: 'content', toVersion: 1 }, { ...USER, expectedVersion: edited.version });
    expect(reverted).toMatchObject({ content: 'standup is at nine', version: 3 });
    const rows = journalRows(mind, note.id);
    expect(rows.slice(0, before.length)).toEqual(before);
    const last = rows.at(-1);
    expect(last).toMatchObject({ op: 'revert_field', reason: 'Reverted content to version 1' });
    expect(JSON.parse(last?.before as string)).toEqual({ content: 'standup is at ten' });
    expect(JSON.parse(last?.after as string)).toEqual({ content: 'standup is at nine', revertedToVersion: 1 });
    const changes = getChanges(mind, note.id);
    expect(changes.items.map((c) => [c.op, c.memoryVersion])).toEqual([
      ['revert_field', 3],
      ['edit', 2],
      ['create', 1],
    ]);
    expect(timelineOf(mind, note.id).events.at(-1)?.cause).toBe('reverted');
  });

  it('refuses a stale version, a belief confidence, the current version and a value already there, writing nothing', () => {
    const t = freshMind();
    mind = t.mind;
    const note = add(mind, { type: 'note', content: 'one' });
    editMemory(mind, note.id, { content: 'two' }, { ...USER, expectedVersion: 1 });
    expectRefusedWithoutWrites(mind, () => revertField(mind, note.id, { field: 'content', toVersion: 1 }, { ...USER, expectedVersion: 1 }), 'version_conflict');
    expectRefusedWithoutWrites(mind, () => revertField(mind, note.id, { field: 'content', toVersion: 2 }, { ...USER, expectedVersion: 2 }), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => revertField(mind, note.id, { field: 'scope', toVersion: 1 }, { ...USER, expectedVersion: 2 }), 'invalid_input');
    const belief = add(mind, { type: 'belief', content: 'b', fields: { subject: 's' } });
    reinforceMemory(mind, belief.id, {}, USER);
    expectRefusedWithoutWrites(mind, () => revertField(mind, belief.id, { field: 'confidence', toVersion: 1 }, { ...USER, expectedVersion: 2 }), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => revertField(mind, note.id, { field: 'status' as 'scope', toVersion: 1 }, { ...USER, expectedVersion: 2 }), 'invalid_input');
  });
});
