/**
 * The demo mind, loaded into a real file with the real migrations and read back through the
 * mind's own queries: everything the app shows must have something to show.
 */
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVIDENCE_REF_KINDS, MEMORY_STATUSES, MEMORY_TYPES, TIERS } from '../../../shared/model';
import { journalSpan } from '../../store/bulk-queries';
import { listRuns } from '../../store/consolidation-runs-repo';
import { listUncertain } from '../attention';
import { listContradictionCases } from '../contradiction-workbench';
import { getContradictions } from '../contradictions';
import { getHistory } from '../history';
import { getLineage } from '../lineage';
import { type MemorySummary, listMemories } from '../list';
import { getMemoryView } from '../memory-view';
import { getLastRun, getRunChangeset, listRunHistory } from '../run-history';
import { type Mind, openMind } from '../mind';
import { getStats } from '../stats';
import { getTimeline } from '../timeline';
import { DAY_MS, expectMindError } from '../test-support';
import { type DemoLoadResult, loadDemoMind } from './load-demo';
import { expandTimeline } from '../../../shared/timeline-events';

/** The story's present (DEMO_FINAL_SCAN): reading at this instant makes decay and staleness stable. */
const PRESENT = Date.UTC(2026, 10, 15, 23, 30);
const WEEK_MS = 7 * DAY_MS;

let dir: string;
let path: string;
let loaded: DemoLoadResult;
let mind: Mind;
let all: MemorySummary[];

function everything(m: Mind): MemorySummary[] {
  const page = listMemories(m, { sort: 'created', direction: 'asc', limit: 500, filter: { statuses: [...MEMORY_STATUSES] } });
  expect(page.nextCursor).toBeNull();
  return page.items;
}

const countBy = <K extends string>(items: readonly MemorySummary[], key: (m: MemorySummary) => K) =>
  items.reduce<Record<string, number>>((acc, m) => ({ ...acc, [key(m)]: (acc[key(m)] ?? 0) + 1 }), {});

const byContent = (fragment: string) => {
  const found = all.filter((m) => m.content.includes(fragment));
  expect(found, `exactly one memory containing "${fragment}"`).toHaveLength(1);
  return found[0] as MemorySummary;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mindloom-demo-'));
  path = join(dir, 'demo.mind');
  const started = performance.now();
  loaded = loadDemoMind(path);
  // Reported, never asserted: the loader runs when a person clicks "Open demo mind".
  console.log(`loadDemoMind: ${loaded.memories} memories, ${loaded.journalRows} journal rows in ${(performance.now() - started).toFixed(0)} ms`);
  mind = openMind(path, { clock: () => PRESENT, mustExist: true });
  all = everything(mind);
});

afterAll(() => {
  mind.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the demo mind', () => {
  it('holds about 300 memories of all eight types, and reports what it wrote', () => {
    const stats = getStats(mind);
    expect(loaded).toEqual({ memories: stats.total, journalRows: stats.journalEntries });
    expect(all).toHaveLength(stats.total);
    expect(stats.total).toBeGreaterThanOrEqual(280);
    expect(stats.total).toBeLessThanOrEqual(330);
    const types = countBy(all, (m) => m.type);
    console.log('by type', types, 'by status', stats.byStatus, 'by tier', stats.byTier);
    for (const type of MEMORY_TYPES) expect(types[type], type).toBeGreaterThanOrEqual(5);
    expect(types.raw).toBeGreaterThanOrEqual(60);
    expect(types.belief).toBeGreaterThanOrEqual(50);
  });

  it('has every status, tier and review state', () => {
    const statuses = countBy(all, (m) => m.status);
    for (const status of MEMORY_STATUSES) expect(statuses[status], status).toBeGreaterThan(0);
    const tiers = countBy(all, (m) => m.tier);
    for (const tier of TIERS) expect(tiers[tier], tier).toBeGreaterThan(0);
    const reviews = countBy(all, (m) => m.reviewStatus ?? 'none');
    console.log('by review', reviews);
    for (const review of ['pending', 'approved', 'rejected', 'none']) expect(reviews[review], review).toBeGreaterThan(0);
  });

  it('has an inbox of unprocessed captures and a review queue of consolidation inferences', () => {
    const inbox = all.filter((m) => m.type === 'raw' && m.status === 'active');
    expect(inbox.length).toBeGreaterThanOrEqual(20);
    const pending = all.filter((m) => m.reviewStatus === 'pending');
    expect(getStats(mind).pendingReview).toBe(pending.length);
    expect(pending.length).toBeGreaterThanOrEqual(10);
    const fromConsolidation = pending.filter((m) => m.sourceType === 'consolidation');
    expect(fromConsolidation.length).toBeGreaterThanOrEqual(12);
    // Some stand on evidence episodes (observed), some on nothing yet (inferred).
    expect(fromConsolidation.some((m) => m.tier === 'observed')).toBe(true);
    expect(fromConsolidation.some((m) => m.tier === 'inferred')).toBe(true);
  });

  it('keeps the reasons of rejected inferences, and rejected ones are archived', () => {
    const rejected = all.filter((m) => m.reviewStatus === 'rejected');
    expect(rejected.length).toBeGreaterThanOrEqual(3);
    for (const memory of rejected) {
      expect(memory.status).toBe('archived');
      const rejection = getHistory(mind, memory.id).find((h) => h.op === 'reject');
      expect(rejection?.reason?.length ?? 0).toBeGreaterThan(20);
      expect(rejection?.actor).toBe('user');
    }
  });

  it('has a contradiction settled by scoping each side to where it holds', () => {
    const settled = listContradictionCases(mind, { which: 'settled' }).items;
    expect(settled).toHaveLength(1);
    const [sharding] = settled;
    expect(sharding).toMatchObject({ status: 'resolved', resolution: 'scope' });
    expect(sharding?.a.memory.fields.context).toMatch(/days/);
    expect(sharding?.b.memory.fields.context).toMatch(/days/);
    expect(sharding?.a.memory.fields.context).not.toBe(sharding?.b.memory.fields.context);
  });

  it('records open contradictions of every rule kind', () => {
    const open = getContradictions(mind);
    expect(open.length).toBeGreaterThanOrEqual(3);
    expect(getStats(mind).openContradictions).toBe(open.length);
    expect(new Set(open.map((c) => c.kind))).toEqual(new Set(['negation', 'comparative', 'preference']));
    const claire = open.find((c) => c.a.content.startsWith('Claire') && c.b.content.startsWith('Claire'));
    expect(claire?.kind).toBe('preference');
    // Some were found by Ada's scan in September, the rest by the nightly scan that ends the story.
    const detected = new Set(open.map((c) => c.detectedAt.slice(0, 10)));
    expect(detected.size).toBeGreaterThanOrEqual(2);
  });

  it('walks the supersession chain of the CI time, 4 → 11 → 7 minutes', () => {
    const current = byContent('runs in about 7 minutes');
    expect(current.status).toBe('active');
    const lineage = getLineage(mind, current.id, { direction: 'up' });
    const supersedes = lineage.edges.filter((e) => e.kind === 'supersedes');
    expect(supersedes).toHaveLength(2);
    const eleven = byContent('runs in about 11 minutes');
    const four = byContent('runs in about 4 minutes');
    expect(supersedes).toContainEqual({ from: current.id, to: eleven.id, kind: 'supersedes' });
    expect(supersedes).toContainEqual({ from: eleven.id, to: four.id, kind: 'supersedes' });
    expect([eleven.status, four.status, eleven.supersededBy, four.supersededBy]).toEqual(['superseded', 'superseded', current.id, eleven.id]);
    // The chain reaches down to the CI log the first belief was promoted from.
    expect(lineage.nodes.some((n) => n.type === 'raw' && n.content.includes('Total 4:11'))).toBe(true);
  });

  it('walks a lineage from a value down to the raw capture it grew from', () => {
    const value = byContent('comes before delivery speed');
    expect(value.type).toBe('value');
    const lineage = getLineage(mind, value.id, { direction: 'up' });
    const step = (from: string) => {
      const edge = lineage.edges.find((e) => e.from === from && e.kind === 'derived_from');
      return lineage.nodes.find((n) => n.id === edge?.to);
    };
    const belief = step(value.id);
    const episode = belief && step(belief.id);
    const raw = episode && step(episode.id);
    expect([belief?.type, episode?.type, raw?.type]).toEqual(['belief', 'episode', 'raw']);
    expect(raw?.status).toBe('processed');
    expect(raw?.content).toContain('PAGE harbor-api');
  });

  it('has a belief whose confidence moved at least eight times over weeks, each move with its cause', () => {
    const belief = byContent('socket pool: bursts of shipment imports');
    const timeline = expandTimeline(getTimeline(mind, belief.id));
    const moves = timeline.events.filter((e) => e.confidenceBefore !== null && e.confidenceAfter !== e.confidenceBefore);
    expect(moves.length).toBeGreaterThanOrEqual(8);
    expect(new Set(moves.map((e) => e.cause))).toEqual(new Set(['reinforced', 'contradicted', 'verified']));
    // Every reinforcement and contradiction names the episode behind it.
    expect(moves.filter((e) => e.cause !== 'verified').every((e) => e.linkedId?.startsWith('ep_'))).toBe(true);
    expect(Date.parse(moves.at(-1)?.at ?? '') - Date.parse(moves[0]?.at ?? '')).toBeGreaterThanOrEqual(6 * WEEK_MS);
    // Its words were sharpened by a person: the history has the text before and after.
    const edit = getHistory(mind, belief.id).find((h) => h.op === 'edit');
    expect(edit?.before?.content).toMatch(/queue behind it\.$/);
    expect(edit?.after?.content).toContain('batch endpoint');
  });

  it('has a chain of three supersessions, overlaid from the newest belief', () => {
    const newest = byContent('socket pool: bursts of shipment imports');
    const timeline = getTimeline(mind, newest.id);
    expect(timeline.predecessors).toHaveLength(3);
    const contents = timeline.predecessors.map((id) => getMemoryView(mind, id).content);
    expect(contents).toEqual([expect.stringContaining('new TLS connection'), expect.stringContaining('DNS lookups'), expect.stringContaining('rate-limiting')]);
    expect(getTimeline(mind, timeline.predecessors[2] as string).successors).toEqual([...timeline.predecessors.slice(0, 2).reverse(), newest.id]);
  });

  it('has a lineage seven levels deep, from a goal down to the pager alert', () => {
    const goal = byContent('Move geocoding off the shipment request path');
    const lineage = getLineage(mind, goal.id, { direction: 'up', depth: 10 });
    const chain: string[] = [];
    let at: string | undefined = goal.id;
    while (at !== undefined) {
      const node = lineage.nodes.find((n) => n.id === at);
      chain.push(node?.type ?? '?');
      at = lineage.edges.find((e) => e.from === at && e.kind === 'derived_from')?.to;
    }
    expect(chain).toEqual(['goal', 'value', 'belief', 'belief', 'belief', 'belief', 'episode', 'raw']);
  });

  it('has months of history by every kind of actor', () => {
    const span = journalSpan(mind.store.db);
    expect(span).not.toBeNull();
    expect((span?.last ?? 0) - (span?.first ?? 0)).toBeGreaterThanOrEqual(150 * DAY_MS);
    expect(new Date(span?.first ?? 0).toISOString()).toBe('2026-05-01T08:00:00.000Z');
    const actors = new Set(all.flatMap((m) => getHistory(mind, m.id).map((h) => h.actor)));
    for (const actor of ['user', 'agent:ada', 'import:slack-export', 'import:github']) expect(actors).toContain(actor);
    expect([...actors].filter((a) => a.startsWith('scheduler:run_')).length).toBeGreaterThanOrEqual(5);
    // Changes come later than creation: a verification months after the memory was made.
    const lockTimeout = byContent('must set a lock_timeout');
    const history = getHistory(mind, lockTimeout.id);
    const verified = history.filter((h) => h.op === 'verify').map((h) => h.at);
    expect(verified.at(-1)?.slice(0, 7)).toBe('2026-11');
    expect(history[0]?.at.slice(0, 7)).toBe('2026-06');
    expect(history.every((h, i) => i === 0 || h.at >= (history[i - 1]?.at ?? ''))).toBe(true);
  });

  it('lists the scripted nightly consolidation runs as runs, each with the journal rows it wrote', () => {
    const runs = listRuns(mind.store.db, 50);
    const runActors = new Set(all.flatMap((m) => getHistory(mind, m.id).map((h) => h.actor)).filter((a) => a.startsWith('scheduler:run_')));
    expect(new Set(runs.map((r) => `scheduler:${r.id}`))).toEqual(runActors);
    expect(runs.every((r) => r.status === 'completed' && r.finishedAt !== null && r.finishedAt >= r.startedAt)).toBe(true);
    expect(getLastRun(mind)?.id).toBe('run_20261114');
  });

  it('reports for each scripted run what its changes show, as a real run reports it', () => {
    const history = listRunHistory(mind).items;
    expect(history.length).toBeGreaterThan(0);
    for (const run of history) {
      const ops = getRunChangeset(mind, run.id, { limit: 500 }).items.map((c) => c.op);
      const count = (...names: string[]) => ops.filter((op) => names.includes(op)).length;
      expect(run.changes).toBe(ops.length);
      expect(run.counts.created).toBe(count('create', 'promote', 'supersede'));
      expect(run.counts.reinforced).toBe(count('reinforce', 'link_evidence'));
      expect(run.counts.contradicted).toBe(count('counter_evidence'));
    }
    expect(history.some((run) => run.counts.created > 0 && run.counts.reinforced > 0)).toBe(true);
  });

  it('has verified, protected, stale, uncertain and counter-evidenced memories', () => {
    expect(all.filter((m) => m.verificationCount > 0).length).toBeGreaterThanOrEqual(10);
    expect(all.filter((m) => m.protected).length).toBeGreaterThanOrEqual(5);
    expect(all.filter((m) => m.stale).length).toBeGreaterThanOrEqual(10);
    expect(listUncertain(mind, { limit: 500 }).items.length).toBeGreaterThanOrEqual(3);
    const countered = all.filter((m) => m.type === 'belief' && (m.beta ?? 1) > 1);
    expect(countered.length).toBeGreaterThanOrEqual(3);
    const seedTheory = byContent('seed data sometimes loads');
    expect(getMemoryView(mind, seedTheory.id).provenance.counterEvidence).toHaveLength(2);
    expect(seedTheory.confidence).toBeLessThan(0.5);
  });

  it('carries evidence references of every kind, and grounded memories stand on code', () => {
    const kinds = new Set(all.flatMap((m) => (m.status === 'forgotten' ? [] : getMemoryView(mind, m.id).evidenceRefs.map((r) => r.kind))));
    for (const kind of EVIDENCE_REF_KINDS) expect(kinds).toContain(kind);
    const grounded = all.filter((m) => m.tier === 'grounded');
    expect(grounded.length).toBeGreaterThanOrEqual(5);
    for (const memory of grounded) expect(memory.codeRefCount).toBeGreaterThan(0);
  });

  it('forgot the capture with a pasted password: no words left anywhere', () => {
    const forgotten = all.filter((m) => m.status === 'forgotten');
    expect(forgotten).toHaveLength(1);
    expect(forgotten[0]?.content).toBe('');
    expect(readFileSync(path).includes('harbor_app:Xk9')).toBe(false);
  });
});

describe('loading the demo mind', () => {
  it('gives the same ids and contents on every load', () => {
    const again = join(dir, 'again.mind');
    expect(loadDemoMind(again)).toEqual(loaded);
    const second = openMind(again, { clock: () => PRESENT, mustExist: true });
    try {
      expect(everything(second)).toEqual(all);
      expect(getContradictions(second)).toEqual(getContradictions(mind));
      const sample = byContent('comes before delivery speed').id;
      expect(getHistory(second, sample)).toEqual(getHistory(mind, sample));
    } finally {
      second.close();
    }
  });

  it('moves the history by whole weeks to end at a given present, keeping ids', () => {
    const shifted = join(dir, 'shifted.mind');
    const now = PRESENT + 3 * WEEK_MS + 2 * DAY_MS;
    loadDemoMind(shifted, { now });
    const moved = openMind(shifted, { clock: () => now, mustExist: true });
    try {
      const items = everything(moved);
      expect(items.map((m) => m.id)).toEqual(all.map((m) => m.id));
      const shift = (iso: string) => new Date(Date.parse(iso) + 3 * WEEK_MS).toISOString();
      expect(items.map((m) => m.createdAt)).toEqual(all.map((m) => shift(m.createdAt)));
      expect(journalSpan(moved.store.db)?.first).toBe(Date.UTC(2026, 4, 22, 8, 0));
    } finally {
      moved.close();
    }
  });

  it('refuses a path that already exists and leaves it untouched', () => {
    const existing = join(dir, 'existing.mind');
    writeFileSync(existing, 'keep me');
    expectMindError(() => loadDemoMind(existing), 'invalid_input');
    expect(readFileSync(existing, 'utf8')).toBe('keep me');
    expectMindError(() => loadDemoMind(path), 'invalid_input');
    expect(getStats(mind).total).toBe(all.length);
  });
});
