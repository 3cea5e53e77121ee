import { describe, expect, it } from 'vitest';
import type { LineageNodeView } from '../../../shared/contract/lineage';
import type { LinkKind } from '../../../shared/model';
import { layeredLayout, NODE_HEIGHT, NODE_WIDTH } from '../../../shared/lineage-layout';
import { displayGraph, GROUP_THRESHOLD, groupIdsOf, linkSlotOffset, mergeExpansion, nodeInDirection, nodeNear, rootsOf, type ShownGraph, whyPaths } from './graph-model';

const node = (id: string, depth: number, extra: Partial<LineageNodeView> = {}): LineageNodeView => ({
  id,
  type: 'note',
  text: id,
  status: 'active',
  tier: 'inferred',
  effectiveConfidence: 0.5,
  depth,
  side: depth > 0 ? 'up' : depth < 0 ? 'down' : 'both',
  neighbours: 0,
  hidden: 0,
  ...extra,
});

/** value → focus → {a, b}; a → raw1; b → raw2; a dependent d of the focus too. */
const graph: ShownGraph = {
  nodes: [node('d', -1), node('focus', 0), node('a', 1), node('b', 1), node('raw1', 2, { type: 'raw' }), node('raw2', 2, { type: 'raw' })],
  edges: [
    { from: 'd', to: 'focus', kind: 'derived_from' },
    { from: 'focus', to: 'a', kind: 'derived_from' },
    { from: 'focus', to: 'b', kind: 'evidence' },
    { from: 'a', to: 'raw1', kind: 'derived_from' },
    { from: 'b', to: 'raw2', kind: 'derived_from' },
  ],
};

describe('the lineage graph model', () => {
  it('lights every path from the focus to its roots, and nothing above it', () => {
    const paths = whyPaths(graph, 'focus');
    expect([...paths.nodes].sort()).toEqual(['a', 'b', 'focus', 'raw1', 'raw2']);
    expect(paths.edges.size).toBe(4);
    expect(rootsOf(graph, paths).map((n) => n.id).sort()).toEqual(['raw1', 'raw2']);
  });

  it('merges an expansion and recounts hidden neighbours', () => {
    const before: ShownGraph = { nodes: [node('focus', 0, { side: 'up', neighbours: 1 }), node('a', 1, { neighbours: 2, hidden: 2 })], edges: [{ from: 'focus', to: 'a', kind: 'derived_from' }] };
    const merged = mergeExpansion(before, {
      nodes: [node('x', 2), node('focus', 0)],
      edges: [
        { from: 'a', to: 'x', kind: 'derived_from' },
        { from: 'focus', to: 'a', kind: 'derived_from' },
      ],
    });
    expect(merged.nodes.map((n) => n.id)).toEqual(['focus', 'a', 'x']);
    expect(merged.edges).toHaveLength(2);
    expect(merged.nodes.find((n) => n.id === 'a')?.hidden).toBe(1);
  });

  it('groups a graph above the threshold by depth and type, keeping the focus and opened groups', () => {
    const many: ShownGraph = {
      nodes: [node('focus', 0), ...Array.from({ length: GROUP_THRESHOLD }, (_, i) => node(`n${i}`, 1 + (i % 2), { type: i % 3 === 0 ? 'raw' : 'note' }))],
      edges: Array.from({ length: GROUP_THRESHOLD }, (_, i) => ({ from: 'focus', to: `n${i}`, kind: 'derived_from' as const })),
    };
    const grouped = displayGraph(many, 'focus', new Set());
    expect(grouped.grouped).toBe(true);
    expect(grouped.nodes).toHaveLength(5);
    const counts = grouped.nodes.flatMap((n) => (n.kind === 'group' ? [n.group.count] : []));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(GROUP_THRESHOLD);
    expect(grouped.edges).toHaveLength(4);
    const opened = displayGraph(many, 'focus', new Set(['group:1:note']));
    const depthOneNotes = many.nodes.filter((n) => n.depth === 1 && n.type === 'note').length;
    expect(opened.nodes.filter((n) => n.kind === 'memory')).toHaveLength(1 + depthOneNotes);
    expect(opened.nodes.filter((n) => n.kind === 'group')).toHaveLength(3);
    // Opening every group shows every memory, and the graph is no longer grouped.
    const all = displayGraph(many, 'focus', new Set(groupIdsOf(grouped)));
    expect(all.grouped).toBe(false);
    expect(all.nodes.filter((n) => n.kind === 'memory')).toHaveLength(many.nodes.length);
    expect(all.edges).toHaveLength(many.edges.length);
    expect(displayGraph(graph, 'focus', new Set()).grouped).toBe(false);
  });

  it('gives links between the same two nodes their own slots, so they are drawn side by side', () => {
    const fromBelief = (to: string, kind: LinkKind) => ({ from: 'belief', to, kind });
    const doubled: ShownGraph = {
      nodes: [node('belief', 0), node('episode', 1), node('other', 1)],
      edges: [
        fromBelief('episode', 'derived_from'),
        fromBelief('other', 'derived_from'),
        fromBelief('episode', 'evidence'),
        fromBelief('episode', 'counter_evidence'),
        fromBelief('episode', 'supersedes'),
      ],
    };
    const slots = displayGraph(doubled, 'belief', new Set()).edges.map((e) => [e.to, e.kind, e.slot, linkSlotOffset(e.slot)]);
    expect(slots).toEqual([
      ['episode', 'derived_from', 0, 0],
      ['other', 'derived_from', 0, 0],
      ['episode', 'evidence', 1, 8],
      ['episode', 'counter_evidence', 2, -8],
      // Past the last slot, links share it.
      ['episode', 'supersedes', 3, -8],
    ]);
  });

  it('lays out one layer per depth without overlaps, and moves the selection by arrows', () => {
    const positions = layeredLayout({ nodes: graph.nodes, edges: graph.edges });
    const ys = Object.fromEntries(graph.nodes.map((n) => [n.id, positions[n.id]?.y]));
    expect(ys.d).toBeLessThan(ys.focus as number);
    expect(ys.focus).toBeLessThan(ys.a as number);
    expect(ys.a).toBe(ys.b);
    expect(ys.raw1).toBe(ys.raw2);
    expect(positions.a?.x).not.toBe(positions.b?.x);
    // a's root sits under a, b's under b: the barycentre order keeps the lines from crossing.
    expect(Math.sign((positions.a?.x ?? 0) - (positions.b?.x ?? 0))).toBe(Math.sign((positions.raw1?.x ?? 0) - (positions.raw2?.x ?? 0)));
    expect(nodeInDirection(positions, 'focus', 'ArrowUp')).toBe('d');
    expect(['a', 'b']).toContain(nodeInDirection(positions, 'focus', 'ArrowDown'));
    expect(nodeInDirection(positions, 'd', 'ArrowUp')).toBeNull();
  });

  it('finds the node under a click, or the nearest within the slack, or none', () => {
    const positions = { a: { x: 0, y: 0 }, b: { x: 1000, y: 0 } };
    expect(nodeNear(positions, { x: NODE_WIDTH / 2, y: NODE_HEIGHT / 2 }, 0)).toBe('a');
    expect(nodeNear(positions, { x: 990, y: NODE_HEIGHT + 5 }, 20)).toBe('b');
    expect(nodeNear(positions, { x: 600, y: 0 }, 20)).toBeNull();
  });
});
