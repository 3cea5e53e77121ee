import { afterEach, describe, expect, it } from 'vitest';
import { insertLink } from '../store/links-repo';
import { findMemoryById } from '../store/memories-repo';
import type { MemoryRecord } from '../store/memory-record';
import { getLineage } from './lineage';
import type { Mind } from './mind';
import { promoteMemory } from './promote';
import { supersedeBelief } from './supersede';
import { DAY_MS, USER, add, expectMindError, freshMind } from './test-support';

let mind: Mind;
afterEach(() => mind?.close());

const depthsOf = (graph: ReturnType<typeof getLineage>) => Object.fromEntries(graph.nodes.map((n) => [n.id, n.depth]));
const edgeSet = (graph: ReturnType<typeof getLineage>) => graph.edges.map((e) => `${e.from}>${e.kind}>${e.to}`).sort();

/** m0 ← m1 ← … ← m{n}: each derived from the one before. */
function chain(m: Mind, length: number): MemoryRecord[] {
  const nodes = [add(m, { type: 'note', content: 'link 0' })];
  for (let i = 1; i <= length; i++) {
    nodes.push(add(m, { type: 'note', content: `link ${i}`, derivedFrom: [(nodes[i - 1] as MemoryRecord).id] }));
  }
  return nodes;
}

describe('getLineage', () => {
  it('walks a promotion chain up, down and both ways with typed edges', () => {
    ({ mind } = freshMind());
    const raw = add(mind, { type: 'raw', content: 'capture' });
    const episode = promoteMemory(mind, raw.id, { to: 'episode' }, USER).created;
    const belief = promoteMemory(mind, episode.id, { to: 'belief' }, USER).created;
    const value = promoteMemory(mind, belief.id, { to: 'value' }, USER).created;

    const up = getLineage(mind, belief.id, { direction: 'up' });
    expect(up.root).toBe(belief.id);
    expect(depthsOf(up)).toEqual({ [belief.id]: 0, [episode.id]: 1, [raw.id]: 2 });
    expect(edgeSet(up)).toEqual(
      [
        `${belief.id}>derived_from>${episode.id}`,
        `${belief.id}>evidence>${episode.id}`,
        `${episode.id}>derived_from>${raw.id}`,
      ].sort(),
    );
    expect(up.nodes.map((n) => n.id)).toEqual([belief.id, episode.id, raw.id]);
    const rawNode = up.nodes.find((n) => n.id === raw.id);
    expect(rawNode).toMatchObject({ type: 'raw', content: 'capture', status: 'processed', tier: 'hypothesis', confidence: 0.8, effectiveConfidence: 0.8 });

    const down = getLineage(mind, belief.id, { direction: 'down' });
    expect(depthsOf(down)).toEqual({ [belief.id]: 0, [value.id]: -1 });
    expect(edgeSet(down)).toEqual([`${value.id}>derived_from>${belief.id}`]);

    const both = getLineage(mind, belief.id);
    expect(depthsOf(both)).toEqual({ [value.id]: -1, [belief.id]: 0, [episode.id]: 1, [raw.id]: 2 });
    expect(both.nodes.map((n) => n.depth)).toEqual([-1, 0, 1, 2]);
    expect(both.edges).toHaveLength(4);
  });

  it('shows effective (decayed) confidence on each node', () => {
    const t = freshMind();
    mind = t.mind;
    const [root] = chain(mind, 1);
    t.clock.advance(60 * DAY_MS);
    const node = getLineage(mind, (root as MemoryRecord).id).nodes.find((n) => n.depth === 0);
    expect(node?.confidence).toBe(0.8);
    expect(node?.effectiveConfidence).toBeCloseTo(0.77, 12);
  });

  it('stops at the depth limit: a chain of depth 12 read with depth 10', () => {
    ({ mind } = freshMind());
    const nodes = chain(mind, 12);
    const leaf = nodes[12] as MemoryRecord;
    const limited = getLineage(mind, leaf.id, { direction: 'up', depth: 10 });
    expect(limited.nodes).toHaveLength(11);
    expect(Math.max(...limited.nodes.map((n) => n.depth))).toBe(10);
    expect(limited.nodes.map((n) => n.id)).not.toContain((nodes[0] as MemoryRecord).id);
    expect(limited.nodes.map((n) => n.id)).not.toContain((nodes[1] as MemoryRecord).id);
    expect(limited.edges).toHaveLength(10);

    const full = getLineage(mind, leaf.id, { direction: 'up' });
    expect(full.nodes).toHaveLength(13);
    expect(depthsOf(full)[(nodes[0] as MemoryRecord).id]).toBe(12);
    expect(full.edges).toHaveLength(12);

    const fromTop = getLineage(mind, (nodes[0] as MemoryRecord).id, { direction: 'down', depth: 10 });
    expect(fromTop.nodes).toHaveLength(11);
    expect(Math.min(...fromTop.nodes.map((n) => n.depth))).toBe(-10);
    expect(getLineage(mind, (nodes[0] as MemoryRecord).id, { direction: 'down', depth: 1 }).nodes).toHaveLength(2);
  });

  it('walks a diamond once per node, at the shortest distance', () => {
    ({ mind } = freshMind());
    const d = add(mind, { type: 'episode', content: 'd' });
    const b = add(mind, { type: 'note', content: 'b', derivedFrom: [d.id] });
    const c = add(mind, { type: 'note', content: 'c', derivedFrom: [d.id] });
    const a = add(mind, { type: 'belief', content: 'a', derivedFrom: [b.id, c.id], evidence: [d.id] });

    const up = getLineage(mind, a.id, { direction: 'up' });
    expect(up.nodes).toHaveLength(4);
    // d is both a grandparent (through b and c) and direct evidence: distance 1.
    expect(depthsOf(up)).toEqual({ [a.id]: 0, [b.id]: 1, [c.id]: 1, [d.id]: 1 });
    expect(up.edges).toHaveLength(5);

    const down = getLineage(mind, d.id, { direction: 'down' });
    expect(depthsOf(down)).toEqual({ [d.id]: 0, [b.id]: -1, [c.id]: -1, [a.id]: -1 });
    expect(edgeSet(down)).toEqual(edgeSet(up));

    const throughNotes = getLineage(mind, b.id, { direction: 'both' });
    expect(depthsOf(throughNotes)).toEqual({ [b.id]: 0, [d.id]: 1, [a.id]: -1 });
  });

  it('terminates on a cycle (made at store level: links are normally acyclic)', () => {
    ({ mind } = freshMind());
    const nodes = chain(mind, 3);
    const [first, , , last] = nodes as [MemoryRecord, MemoryRecord, MemoryRecord, MemoryRecord];
    // first now also "derives from" last: first → last → … → first.
    expect(insertLink(mind.store.db, { fromSeq: first.seq, toSeq: last.seq, kind: 'derived_from' }, Date.now())).toBe(true);
    for (const direction of ['up', 'down', 'both'] as const) {
      for (const depth of [null, 3, 50, 1000]) {
        const graph = getLineage(mind, last.id, { direction, depth });
        expect(graph.nodes.length).toBeLessThanOrEqual(4);
        expect(new Set(graph.nodes.map((n) => n.id)).size).toBe(graph.nodes.length);
      }
    }
    const up = getLineage(mind, last.id, { direction: 'up' });
    expect(up.nodes).toHaveLength(4);
    expect(up.edges).toHaveLength(4);
    expect(depthsOf(up)[first.id]).toBe(3);
    expect(getLineage(mind, last.id, { direction: 'down' }).nodes.find((n) => n.id === first.id)?.depth).toBe(-1);
  });

  it('a self-link terminates too', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note' });
    insertLink(mind.store.db, { fromSeq: note.seq, toSeq: note.seq, kind: 'derived_from' }, 0);
    const graph = getLineage(mind, note.id, { depth: 20 });
    expect(graph.nodes).toHaveLength(1);
    expect(graph.nodes[0]?.depth).toBe(0);
  });

  it('follows supersession and evidence edges', () => {
    ({ mind } = freshMind());
    const episode = add(mind, { type: 'episode' });
    const old = add(mind, { type: 'belief', evidence: [episode.id] });
    const { created } = supersedeBelief(mind, old.id, { content: 'new' }, USER);
    const up = getLineage(mind, created.id, { direction: 'up' });
    expect(edgeSet(up)).toEqual(
      [
        `${created.id}>supersedes>${old.id}`,
        `${created.id}>derived_from>${old.id}`,
        `${created.id}>evidence>${episode.id}`,
        `${old.id}>evidence>${episode.id}`,
      ].sort(),
    );
    expect(up.nodes.find((n) => n.id === old.id)?.status).toBe('superseded');
  });

  it('refuses a bad depth and an unknown id', () => {
    ({ mind } = freshMind());
    const note = add(mind, { type: 'note' });
    for (const depth of [0, -1, 1.5, 1001]) expectMindError(() => getLineage(mind, note.id, { depth }), 'invalid_input');
    expectMindError(() => getLineage(mind, 'nt_000000000000'), 'not_found');
    expectMindError(() => getLineage(mind, ''), 'invalid_input');
    expect(findMemoryById(mind.store.db, note.id)?.version).toBe(1);
  });

  it('both ways, draws a link from a dependent straight to an ancestor', () => {
    ({ mind } = freshMind());
    const ancestor = add(mind, { type: 'episode', content: 'ancestor' });
    const middle = add(mind, { type: 'belief', content: 'middle', derivedFrom: [ancestor.id] });
    const dependent = add(mind, { type: 'value', content: 'dependent', derivedFrom: [middle.id, ancestor.id] });
    const graph = getLineage(mind, middle.id, { direction: 'both' });
    expect(graph.nodes.map((n) => n.id).sort()).toEqual([ancestor.id, middle.id, dependent.id].sort());
    expect(graph.edges).toContainEqual({ from: dependent.id, to: ancestor.id, kind: 'derived_from' });
    expect(graph.edges).toHaveLength(3);
  });
});
