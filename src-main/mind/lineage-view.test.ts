import { afterEach, describe, expect, it } from 'vitest';
import type { LineageGraphView } from '../../shared/contract/lineage';
import type { MemoryRecord } from '../store/memory-record';
import { expandLineage, getLineageView, type LineageViewOptions } from './lineage';
import type { Mind } from './mind';
import { supersedeBelief } from './supersede';
import { DAY_MS, T0, USER, add, expectMindError, freshMind } from './test-support';
import { undoAction } from './undo';

let mind: Mind;
afterEach(() => mind?.close());

const ALL: LineageViewOptions = { direction: 'both', depth: null, nodeCap: 5000 };
const nodeOf = (graph: Pick<LineageGraphView, 'nodes'>, id: string) => graph.nodes.find((n) => n.id === id);
const idsOf = (graph: Pick<LineageGraphView, 'nodes'>) => graph.nodes.map((n) => n.id).sort();

/** m0 ← m1 ← … ← m{n}: each derived from the one before, a day apart. */
function chain(m: Mind, advance: () => void, length: number): MemoryRecord[] {
  const nodes = [add(m, { type: 'raw', content: 'capture 0' })];
  for (let i = 1; i <= length; i++) {
    advance();
    nodes.push(add(m, { type: 'note', content: `link ${i}`, derivedFrom: [(nodes[i - 1] as MemoryRecord).id] }));
  }
  return nodes;
}

describe('getLineageView', () => {
  it('walks a deep chain to every depth and says what the depth hid', () => {
    const t = freshMind();
    mind = t.mind;
    const nodes = chain(mind, () => t.clock.advance(DAY_MS), 40);
    const top = nodes[40] as MemoryRecord;

    const all = getLineageView(mind, top.id, { ...ALL, direction: 'up' });
    expect(all.focus).toBe(top.id);
    expect(all.nodes).toHaveLength(41);
    expect(all.edges).toHaveLength(40);
    expect(all.cut).toBe(0);
    expect(nodeOf(all, (nodes[0] as MemoryRecord).id)).toMatchObject({ depth: 40, type: 'raw', side: 'up', neighbours: 0, hidden: 0 });
    expect(all.nodes.every((n) => n.hidden === 0)).toBe(true);

    const three = getLineageView(mind, top.id, { ...ALL, direction: 'up', depth: 3 });
    expect(three.nodes.map((n) => n.depth).sort((a, b) => a - b)).toEqual([0, 1, 2, 3]);
    // The deepest shown node has one more ancestor, hidden by the depth; the rest hide nothing.
    expect(nodeOf(three, (nodes[37] as MemoryRecord).id)).toMatchObject({ depth: 3, neighbours: 1, hidden: 1 });
    expect(three.nodes.filter((n) => n.hidden > 0)).toHaveLength(1);
    expect(three.cut).toBe(0);

    const fromBottom = getLineageView(mind, (nodes[0] as MemoryRecord).id, { ...ALL, direction: 'down', depth: 5 });
    expect(fromBottom.nodes.map((n) => n.depth).sort((a, b) => a - b)).toEqual([-5, -4, -3, -2, -1, 0]);
    expect(nodeOf(fromBottom, (nodes[5] as MemoryRecord).id)).toMatchObject({ side: 'down', hidden: 1 });
    expect(nodeOf(fromBottom, (nodes[0] as MemoryRecord).id)).toMatchObject({ side: 'down', text: 'capture 0', status: 'processed' });
  });

  it('cuts to the cap nearest first and counts what it cut', () => {
    ({ mind } = freshMind());
    const hub = add(mind, { type: 'episode', content: 'hub' });
    const children = Array.from({ length: 30 }, (_, i) => add(mind, { type: 'note', content: `child ${i}`, derivedFrom: [hub.id] }));
    const grandchild = add(mind, { type: 'belief', content: 'grandchild', derivedFrom: [(children[0] as MemoryRecord).id] });

    const capped = getLineageView(mind, hub.id, { ...ALL, direction: 'down', nodeCap: 10 });
    expect(capped.nodes).toHaveLength(10);
    expect(capped.cut).toBe(32 - 10);
    // The focus and its nearest (oldest first) are kept; the grandchild, two steps away, is cut.
    expect(idsOf(capped)).toEqual([hub.id, ...children.slice(0, 9).map((c) => c.id)].sort());
    expect(nodeOf(capped, hub.id)).toMatchObject({ depth: 0, neighbours: 30, hidden: 21 });
    expect(nodeOf(capped, (children[0] as MemoryRecord).id)).toMatchObject({ neighbours: 1, hidden: 1 });
    expect(capped.edges).toHaveLength(9);

    const whole = getLineageView(mind, hub.id, { ...ALL, direction: 'down' });
    expect(whole.cut).toBe(0);
    expect(nodeOf(whole, grandchild.id)?.depth).toBe(-2);
  });

  it('as of an instant: only the links made by then, each memory as it stood then', () => {
    const t = freshMind();
    mind = t.mind;
    const episode = add(mind, { type: 'episode', content: 'what happened' });
    const old = add(mind, { type: 'belief', content: 'old view', evidence: [episode.id] });
    const beforeSupersession = t.clock.advance(DAY_MS);
    t.clock.advance(DAY_MS);
    const { created } = supersedeBelief(mind, old.id, { content: 'new view' }, USER);
    t.clock.advance(60 * DAY_MS);

    const now = getLineageView(mind, old.id, ALL);
    expect(idsOf(now)).toEqual([episode.id, old.id, created.id].sort());
    expect(nodeOf(now, old.id)?.status).toBe('superseded');
    expect(now.asOf).toBeNull();

    const then = getLineageView(mind, old.id, { ...ALL, asOf: beforeSupersession });
    expect(then.asOf).toBe(new Date(beforeSupersession).toISOString());
    expect(idsOf(then)).toEqual([episode.id, old.id].sort());
    expect(nodeOf(then, old.id)).toMatchObject({ status: 'active', text: 'old view' });
    // Confidence decays to the instant seen at, not to now.
    expect(nodeOf(then, old.id)?.effectiveConfidence).toBeGreaterThan(nodeOf(now, old.id)?.effectiveConfidence ?? 1);

    expectMindError(() => getLineageView(mind, created.id, { ...ALL, asOf: beforeSupersession }), 'not_found');
    expectMindError(() => getLineageView(mind, old.id, { ...ALL, asOf: Number.NaN }), 'invalid_input');
    expectMindError(() => getLineageView(mind, old.id, { ...ALL, asOf: T0 - DAY_MS }), 'not_found');
  });

  it('leaves out links an undo voided, but shows them as of while they stood', () => {
    const t = freshMind();
    mind = t.mind;
    const old = add(mind, { type: 'belief', content: 'old view' });
    t.clock.advance(DAY_MS);
    const { created } = supersedeBelief(mind, old.id, { content: 'new view' }, USER);
    const whileStanding = t.clock.advance(DAY_MS);
    t.clock.advance(DAY_MS);
    undoAction(mind, null, USER);

    const now = getLineageView(mind, old.id, ALL);
    expect(idsOf(now)).toEqual([old.id]);
    expect(now.edges).toEqual([]);
    expect(nodeOf(now, old.id)).toMatchObject({ status: 'active', neighbours: 0, hidden: 0 });

    const then = getLineageView(mind, old.id, { ...ALL, asOf: whileStanding });
    expect(idsOf(then)).toEqual([old.id, created.id].sort());
    expect(then.edges.map((e) => e.kind).sort()).toEqual(['derived_from', 'supersedes']);
    expect(nodeOf(then, old.id)?.status).toBe('superseded');
  });
});

describe('expandLineage', () => {
  it('brings in the hidden neighbours of one node and the links to what is shown', () => {
    ({ mind } = freshMind());
    const hub = add(mind, { type: 'episode', content: 'hub' });
    const children = Array.from({ length: 6 }, (_, i) => add(mind, { type: 'note', content: `child ${i}`, derivedFrom: [hub.id] }));
    const [first, second] = children as [MemoryRecord, MemoryRecord];
    const joint = add(mind, { type: 'belief', content: 'joint', derivedFrom: [first.id, second.id] });

    const shown = getLineageView(mind, joint.id, { ...ALL, direction: 'up', depth: 1 });
    expect(idsOf(shown)).toEqual([joint.id, first.id, second.id].sort());
    expect(nodeOf(shown, first.id)?.hidden).toBe(1);

    const known = shown.nodes.map((n) => n.id);
    const up = expandLineage(mind, first.id, { direction: 'up', known, depth: 1, nodeCap: 500 });
    expect(up.nodes.map((n) => n.id)).toEqual([hub.id]);
    expect(up.nodes[0]).toMatchObject({ depth: 2, side: 'up', neighbours: 0, hidden: 0 });
    // The hub joins both shown children.
    expect(up.edges.map((e) => `${e.from}>${e.to}`).sort()).toEqual([`${first.id}>${hub.id}`, `${second.id}>${hub.id}`].sort());
    expect(up.cut).toBe(0);

    const down = expandLineage(mind, hub.id, { direction: 'down', known: [...known, hub.id], depth: 2, nodeCap: 3 });
    expect(down.nodes).toHaveLength(3);
    expect(down.cut).toBe(1);
    expect(down.nodes.every((n) => n.depth === 1 && !known.includes(n.id))).toBe(true);
    expect(down.edges.every((e) => e.to === hub.id && e.kind === 'derived_from')).toBe(true);

    expectMindError(() => expandLineage(mind, 'nt_000000000000', { direction: 'up', known: [], depth: 0, nodeCap: 5 }), 'not_found');
  });
});
