import { describe, expect, it } from 'vitest';
import { freshMind, ok } from './cli-test-kit';

describe('mindloom show', () => {
  it('prints JSON with or without --json, with every promised key', async () => {
    const { cli } = await freshMind();
    const id = await ok(cli('add', 'belief', 'Rust is fast', '--field', 'subject=rust'));
    const plain = JSON.parse(await ok(cli('show', id))) as Record<string, unknown>;
    expect(JSON.parse(await ok(cli('show', id, '--json')))).toEqual(plain);
    for (const key of [
      'id', 'type', 'content', 'status', 'reviewStatus', 'sourceType', 'sourceEntity',
      'confidence', 'effectiveConfidence', 'tier', 'version', 'fields',
    ]) {
      expect(plain).toHaveProperty(key);
    }
    expect(plain).toMatchObject({ id, type: 'belief', content: 'Rust is fast', fields: { subject: 'rust' }, version: 1 });
  });

  it('shows why consolidation drafted a belief: its episodes by similarity, the words they share, the threshold', async () => {
    const { cli } = await freshMind();
    const objectives = ['Friday deploy of billing', 'Friday deploy of search', 'Friday evening deploy of checkout'];
    const episodes: string[] = [];
    for (const objective of objectives) {
      episodes.push(await ok(cli('add', 'episode', `${objective} → weekend incident`, '--field', 'lessons=Friday deploys cause weekend incidents')));
    }
    const note = await ok(cli('add', 'note', 'Nothing to explain here'));
    const run = JSON.parse(await ok(cli('consolidate', '--dry-run', '--json'))) as { actions: { op: string }[] };
    expect(run.actions.map((a) => a.op)).toContain('create_belief');
    await ok(cli('consolidate'));
    const history = JSON.parse(await ok(cli('lineage', episodes[0] as string, '--down'))) as { nodes: { id: string; type: string }[] };
    const belief = history.nodes.find((n) => n.type === 'belief')?.id ?? '';
    const shown = JSON.parse(await ok(cli('show', belief))) as { content: string; explanation: Record<string, unknown> & { episodes: { id: string; similarity: number }[]; sharedTerms: { term: string; episodes: number }[] } };
    expect(shown.content).toBe('Friday deploys cause weekend incidents.');
    expect(shown.explanation).toMatchObject({ beliefId: belief, provider: 'offline', embedder: 'offline-lexical-1', threshold: 0.12 });
    expect(shown.explanation.episodes.map((e) => e.id).sort()).toEqual([...episodes].sort());
    for (const e of shown.explanation.episodes) expect(e.similarity).toBeGreaterThan(0.12);
    expect(shown.explanation.sharedTerms).toContainEqual({ term: 'weekend', episodes: 3 });
    expect(shown.explanation.sharedTerms).toContainEqual({ term: 'friday', episodes: 3 });
    expect((JSON.parse(await ok(cli('show', note))) as { explanation: unknown }).explanation).toBeNull();
  });

  it('--as-of shows the memory as it stood then; a time before it existed is not_found', async () => {
    const { cli } = await freshMind();
    const id = await ok(cli('add', 'note', 'Before the change', '--confidence', '0.5'));
    const between = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await ok(cli('verify', id));
    const past = JSON.parse(await ok(cli('show', id, '--as-of', between))) as Record<string, unknown>;
    expect(past).toMatchObject({ confidence: 0.5, version: 1, asOf: between });
    expect(JSON.parse(await ok(cli('show', id)))).toMatchObject({ confidence: 0.6, version: 2 });
    const before = await cli('show', id, '--as-of', '2001-01-01');
    expect(before.code).toBe(1);
    expect(before.stderr).toMatch(/^mindloom: not_found: /);
  });

  it('an invalid --as-of is a usage error', async () => {
    const { cli } = await freshMind();
    const id = await ok(cli('add', 'note', 'x'));
    for (const bad of ['yesterday', '2024-13-45', '1']) {
      const run = await cli('show', id, '--as-of', bad);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^mindloom: --as-of must be an ISO date/);
    }
  });
});

describe('mindloom lineage / history', () => {
  it('lineage gives nodes and typed edges, both ways by default', async () => {
    const { cli } = await freshMind();
    const raw = await ok(cli('add', 'raw', 'Saw the build fail twice'));
    const ep = await ok(cli('promote', raw, '--to', 'episode'));
    const bl = await ok(cli('promote', ep, '--to', 'belief', '--text', 'The build is flaky'));
    const graph = JSON.parse(await ok(cli('lineage', ep))) as {
      nodes: { id: string; type: string; content: string }[];
      edges: { from: string; to: string; kind: string }[];
    };
    expect(graph.nodes.map((n) => n.id).sort()).toEqual([raw, ep, bl].sort());
    expect(graph.nodes.find((n) => n.id === bl)).toMatchObject({ type: 'belief', content: 'The build is flaky' });
    expect(graph.edges).toContainEqual({ from: ep, to: raw, kind: 'derived_from' });
    expect(graph.edges).toContainEqual({ from: bl, to: ep, kind: 'derived_from' });
    expect(graph.edges).toContainEqual({ from: bl, to: ep, kind: 'evidence' });

    const up = JSON.parse(await ok(cli('lineage', bl, '--up', '--depth', '1'))) as { nodes: { id: string }[] };
    expect(up.nodes.map((n) => n.id).sort()).toEqual([bl, ep].sort());
    const down = JSON.parse(await ok(cli('lineage', raw, '--down'))) as { nodes: { id: string }[] };
    expect(down.nodes).toHaveLength(3);
  });

  it('lineage refuses two directions and a non-number depth', async () => {
    const { cli } = await freshMind();
    const id = await ok(cli('add', 'note', 'x'));
    expect((await cli('lineage', id, '--up', '--down')).code).toBe(2);
    expect((await cli('lineage', id, '--depth', 'deep')).code).toBe(2);
    const zero = await cli('lineage', id, '--depth', '0');
    expect(zero.code).toBe(1);
    expect(zero.stderr).toMatch(/^mindloom: invalid_input: depth/);
  });

  it('history lists journal entries with the promised keys', async () => {
    const { cli } = await freshMind();
    const id = await ok(cli('add', 'note', 'x', '--confidence', '0.5'));
    await ok(cli('verify', id));
    const history = JSON.parse(await ok(cli('history', id))) as Record<string, unknown>[];
    expect(history).toHaveLength(2);
    for (const entry of history) {
      for (const key of ['at', 'actor', 'op', 'before', 'after', 'confidenceBefore', 'confidenceAfter', 'reason']) {
        expect(entry).toHaveProperty(key);
      }
    }
    expect(history[1]).toMatchObject({ op: 'verify', actor: 'user', confidenceBefore: 0.5, confidenceAfter: 0.6 });
  });
});

describe('mindloom search / uncertain / orphans', () => {
  it('search prints a table by default and JSON with --json', async () => {
    const { cli } = await freshMind();
    const id = await ok(cli('add', 'note', 'Kubernetes upgrades need a drain first'));
    await ok(cli('add', 'note', 'Lunch is at noon'));
    const table = await ok(cli('search', 'kubernetes'));
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^ID\s+TYPE\s+TIER\s+CONFIDENCE\s+TEXT$/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${id}\\s+note\\s+hypothesis\\s+0\\.80\\s+Kubernetes upgrades need a drain first$`));
    const hits = JSON.parse(await ok(cli('search', 'kubernetes', '--json', '--limit', '5'))) as { id: string }[];
    expect(hits.map((h) => h.id)).toEqual([id]);
    expect(await ok(cli('search', 'zebra'))).toBe('No matches.');
  });

  it('uncertain lists memories below the threshold', async () => {
    const { cli } = await freshMind();
    const low = await ok(cli('add', 'note', 'Maybe the API is rate limited', '--confidence', '0.3'));
    await ok(cli('add', 'note', 'The API has docs', '--confidence', '0.9'));
    const items = JSON.parse(await ok(cli('uncertain', '--json'))) as { id: string }[];
    expect(items.map((i) => i.id)).toEqual([low]);
    expect(JSON.parse(await ok(cli('uncertain', '--threshold', '0.95', '--json')))).toHaveLength(2);
    expect(await ok(cli('uncertain'))).toContain(low);
  });

  it('orphans lists memories with no provenance left', async () => {
    const { cli } = await freshMind();
    const raw = await ok(cli('add', 'raw', 'a capture'));
    const note = await ok(cli('promote', raw, '--to', 'note'));
    // Only memories of a derived kind (inference, consolidation, unknown) need a source.
    const lone = await ok(cli('add', 'belief', 'Unsupported claim', '--source', 'inferred'));
    const lived = await ok(cli('add', 'belief', 'Lived through it'));
    const before = (JSON.parse(await ok(cli('orphans', '--json'))) as { id: string }[]).map((i) => i.id);
    expect(before).toContain(lone);
    expect(before).not.toContain(note);
    expect(before).not.toContain(lived);
    await ok(cli('archive', raw));
    const after = (JSON.parse(await ok(cli('orphans', '--json'))) as { id: string }[]).map((i) => i.id);
    expect(after).toContain(note);
    expect(await ok(cli('orphans'))).toContain(lone);
  });
});

describe('mindloom contradictions / stats', () => {
  it('--scan records rule contradictions and lists them', async () => {
    const { cli } = await freshMind();
    const a = await ok(cli('add', 'belief', 'I always write tests first'));
    const b = await ok(cli('add', 'belief', 'I never write tests first'));
    expect(await ok(cli('contradictions'))).toBe('No open contradictions.');
    const report = await ok(cli('contradictions', '--scan'));
    expect(report.split('\n')[0]).toMatch(/1 new recorded\.$/);
    expect(report).toContain(a);
    const open = JSON.parse(await ok(cli('contradictions', '--json'))) as { a: { id: string }; b: { id: string }; kind: string }[];
    expect(open).toHaveLength(1);
    expect([open[0]?.a.id, open[0]?.b.id].sort()).toEqual([a, b].sort());
    const again = JSON.parse(await ok(cli('contradictions', '--scan', '--json'))) as { recorded: number; contradictions: unknown[] };
    expect(again.recorded).toBe(0);
    expect(again.contradictions).toHaveLength(1);
  });

  it('stats gives the promised counts as JSON', async () => {
    const { cli } = await freshMind();
    await ok(cli('add', 'note', 'one'));
    await ok(cli('add', 'belief', 'two', '--source', 'inferred'));
    const stats = JSON.parse(await ok(cli('stats'))) as Record<string, unknown>;
    expect(stats).toMatchObject({
      total: 2,
      byType: { note: 1, belief: 1 },
      byStatus: { active: 2 },
      pendingReview: 1,
      openContradictions: 0,
      journalEntries: 2,
    });
  });
});
