/** The contradiction workbench: both sides in full, flagging by hand, each resolution, reopening, conflicts. */
import { afterEach, describe, expect, it } from 'vitest';
import { findContradiction } from '../store/contradictions-repo';
import { findMemoryById } from '../store/memories-repo';
import {
  flagContradiction,
  listContradictionCases,
  reopenContradiction,
  resolveContradictionCase,
} from './contradiction-workbench';
import { scanContradictions, scanContradictionsInSteps } from './contradictions';
import { editMemory } from './edit';
import { forgetMemory } from './lifecycle';
import { getMemoryView } from './memory-view';
import type { Mind } from './mind';
import { supersedeAndSettle } from './supersede';
import { undoAction } from './undo';
import { USER, add, expectRefusedWithoutWrites, freshMind } from './test-support';

let mind: Mind;
afterEach(() => mind?.close());

function pair() {
  mind = freshMind().mind;
  const episode = add(mind, { type: 'episode', content: 'Wrote the tests first on the payments fix' });
  const a = add(mind, { type: 'belief', content: 'Always write tests first', evidence: [episode.id] });
  const b = add(mind, { type: 'belief', content: 'Never write tests first' });
  return { a, b, episode, c: flagContradiction(mind, a.id, b.id, { ...USER, note: 'found in review' }) };
}

describe('the contradiction workbench', () => {
  it('lists open contradictions with both sides, their evidence, confidence and tier; settled ones separately', () => {
    const { a, b, episode, c } = pair();
    const [item] = listContradictionCases(mind).items;
    expect(item).toMatchObject({ id: c.id, kind: 'flagged', detector: 'user', status: 'open', note: 'found in review' });
    expect(item?.a).toMatchObject({ memory: { id: a.id, tier: 'observed' }, evidence: [{ id: episode.id }], evidenceCount: 1 });
    expect(item?.b).toMatchObject({ memory: { id: b.id, confidence: 0.5 }, evidenceCount: 0 });
    resolveContradictionCase(mind, c.id, { as: 'tension', note: 'depends on the change' }, USER);
    expect(listContradictionCases(mind).items).toEqual([]);
    expect(listContradictionCases(mind, { which: 'settled' }).items.map((i) => [i.id, i.status, i.resolution])).toEqual([[c.id, 'acknowledged', 'tension']]);
  });

  it('pages by cursor, newest first', () => {
    mind = freshMind().mind;
    const ids = Array.from({ length: 5 }, (_, i) => {
      const x = add(mind, { type: 'note', content: `x${i}` });
      const y = add(mind, { type: 'note', content: `y${i}` });
      return flagContradiction(mind, x.id, y.id, USER).id;
    });
    const first = listContradictionCases(mind, { limit: 3 });
    const second = listContradictionCases(mind, { limit: 3, cursor: first.nextCursor });
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual([...ids].reverse());
    expect(second.nextCursor).toBeNull();
  });

  it('supersede A by B: B stays and supersedes A, linked both ways', () => {
    const { a, b, c } = pair();
    resolveContradictionCase(mind, c.id, { as: 'supersede', keep: b.id }, USER);
    expect(findMemoryById(mind.store.db, a.id)).toMatchObject({ status: 'superseded', supersededBy: b.id });
    expect(getMemoryView(mind, b.id).provenance.supersedes.map((r) => r.id)).toEqual([a.id]);
    expect(findContradiction(mind.store.db, c.id)).toMatchObject({ status: 'resolved', resolution: 'supersede' });
  });

  it('reconcile: a new belief, standing on both sides evidence, supersedes both', () => {
    const { a, b, episode, c } = pair();
    const { changed } = resolveContradictionCase(mind, c.id, { as: 'reconcile', text: 'Write tests first for risky changes' }, USER);
    const created = getMemoryView(mind, changed[0] ?? '');
    expect(created).toMatchObject({ type: 'belief', content: 'Write tests first for risky changes', reviewStatus: 'approved' });
    expect(created.provenance.supersedes.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(created.provenance.evidence.map((r) => r.id)).toEqual([episode.id]);
    for (const side of [a, b]) expect(findMemoryById(mind.store.db, side.id)).toMatchObject({ status: 'superseded', supersededBy: created.id });
  });

  it('scope: each side gets its own context; archive: the other side is archived', () => {
    const { a, b, c } = pair();
    resolveContradictionCase(mind, c.id, { as: 'scope', contexts: { [a.id]: 'risky changes', [b.id]: 'spikes' } }, USER);
    expect(findMemoryById(mind.store.db, a.id)?.fields.context).toBe('risky changes');
    expect(findMemoryById(mind.store.db, b.id)?.fields.context).toBe('spikes');
    reopenContradiction(mind, c.id, USER);
    expect(findContradiction(mind.store.db, c.id)).toMatchObject({ status: 'open', resolution: null, resolvedAt: null });
    resolveContradictionCase(mind, c.id, { as: 'archive', keep: a.id }, USER);
    expect(findMemoryById(mind.store.db, b.id)?.status).toBe('archived');
    expect(findMemoryById(mind.store.db, a.id)?.status).toBe('active');
  });

  it('keeps who settled each contradiction: the resolver, the one who superseded or forgot a side; reopening and undo clear it', () => {
    const { a, b, c } = pair();
    const agent = { actor: 'agent:ada' };
    resolveContradictionCase(mind, c.id, { as: 'tension', note: 'both hold' }, agent);
    expect(listContradictionCases(mind, { which: 'settled' }).items[0]).toMatchObject({ id: c.id, resolvedBy: 'agent:ada' });
    reopenContradiction(mind, c.id, USER);
    expect(listContradictionCases(mind).items[0]).toMatchObject({ id: c.id, resolvedBy: null });
    expect(undoAction(mind, null, USER).summary).toBe(`contradiction reopened of ${a.id}`);
    expect(findContradiction(mind.store.db, c.id)).toMatchObject({ status: 'acknowledged', resolvedBy: 'agent:ada' });
    undoAction(mind, null, agent);
    expect(findContradiction(mind.store.db, c.id)).toMatchObject({ status: 'open', resolvedBy: null });

    supersedeAndSettle(mind, a.id, { content: 'Write tests first for risky changes' }, USER);
    expect(findContradiction(mind.store.db, c.id)).toMatchObject({ status: 'resolved', resolution: 'supersede', resolvedBy: 'user' });
    const d = add(mind, { type: 'belief', content: 'Tests first is a waste' });
    const forgotten = flagContradiction(mind, b.id, d.id, USER);
    forgetMemory(mind, d.id, { actor: 'agent:claude' });
    expect(findContradiction(mind.store.db, forgotten.id)).toMatchObject({ resolution: 'forgotten', resolvedBy: 'agent:claude' });
  });

  it('refuses, changing nothing: a tension without a note, a missing --keep, a side changed meanwhile, a settled one', () => {
    const { a, b, c } = pair();
    expectRefusedWithoutWrites(mind, () => resolveContradictionCase(mind, c.id, { as: 'tension' }, USER), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => resolveContradictionCase(mind, c.id, { as: 'supersede' }, USER), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => resolveContradictionCase(mind, c.id, { as: 'scope', contexts: { [a.id]: 'x' } }, USER), 'invalid_input');
    editMemory(mind, b.id, { content: 'Never write tests first, mostly' }, { actor: 'agent:claude', expectedVersion: b.version });
    const conflict = expectRefusedWithoutWrites(
      mind,
      () => resolveContradictionCase(mind, c.id, { as: 'archive', keep: a.id, expectedVersions: { [a.id]: a.version, [b.id]: b.version } }, USER),
      'version_conflict',
    );
    expect(conflict.message).toContain(`${b.id} changed since you saw it`);
    resolveContradictionCase(mind, c.id, { as: 'tension', note: 'fine' }, USER);
    expectRefusedWithoutWrites(mind, () => resolveContradictionCase(mind, c.id, { as: 'tension', note: 'again' }, USER), 'invalid_state');
    expectRefusedWithoutWrites(mind, () => flagContradiction(mind, b.id, a.id, USER), 'invalid_state');
  });

  it('scans in steps with progress, recording what the one-shot scan records', async () => {
    mind = freshMind().mind;
    add(mind, { type: 'belief', content: 'Always review pull requests' });
    add(mind, { type: 'belief', content: 'Never review pull requests' });
    const progress: number[] = [];
    const stepped = await scanContradictionsInSteps(mind, { ...USER, onProgress: (p) => progress.push(p.fraction) });
    expect(stepped).toMatchObject({ recorded: 1, cancelled: false });
    expect(progress.at(-1)).toBe(1);
    expect(scanContradictions(mind, USER).recorded).toBe(0);
  });
});
