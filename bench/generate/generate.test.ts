import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_TYPES, TIERS } from '../../shared/model';
import { listOrphans, listUncertain } from '../../src-main/mind/attention';
import { getLineage } from '../../src-main/mind/lineage';
import { listMemories } from '../../src-main/mind/list';
import { getMemoryView } from '../../src-main/mind/memory-view';
import { type Mind, openMind } from '../../src-main/mind/mind';
import { getStats } from '../../src-main/mind/stats';
import { journalSpan } from '../../src-main/store/bulk-queries';
import { readMeta } from '../../src-main/store/meta-repo';
import { generateMind, type GenerateResult, TYPE_MIX } from './generate';
import { DEEP_CHAIN_META_KEY, GENERATION_META_KEY, HUB_META_KEY } from './landmarks';

const DAY_MS = 86_400_000;
const endAt = Date.UTC(2026, 0, 15);
const MEMORIES = 2000;
const HUB_ANCESTORS = 200;

const dir = mkdtempSync(join(tmpdir(), 'mindloom-generate-'));
const generate = (name: string, seed: number) =>
  generateMind({ memories: MEMORIES, out: join(dir, name), seed, hubAncestors: HUB_ANCESTORS, endAt });

/** Every memory's id and content, in creation order. */
function everyMemory(mind: Mind): string[] {
  const out: string[] = [];
  let cursor: string | null = null;
  do {
    const page = listMemories(mind, { sort: 'created', direction: 'asc', limit: 500, cursor });
    out.push(...page.items.map((m) => `${m.id} ${m.content}`));
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

describe('generateMind', () => {
  let result: GenerateResult;
  let mind: Mind;

  beforeAll(() => {
    result = generate('a.mind', 7);
    mind = openMind(result.path, { clock: () => endAt, mustExist: true });
  });
  afterAll(() => {
    mind?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes exactly the memories asked for, of every type in about its share', () => {
    const stats = getStats(mind);
    expect(stats.total).toBe(MEMORIES);
    expect(result.memories).toBe(MEMORIES);
    for (const type of MEMORY_TYPES) {
      const expected = TYPE_MIX[type] * MEMORIES;
      expect(Math.abs((stats.byType[type] ?? 0) - expected), type).toBeLessThanOrEqual(Math.max(15, expected * 0.3));
    }
  });

  it('reaches every tier, and every status a memory can have', () => {
    const stats = getStats(mind);
    for (const tier of TIERS) expect(stats.byTier[tier] ?? 0, tier).toBeGreaterThan(0);
    for (const status of ['active', 'processed', 'superseded', 'archived', 'forgotten']) {
      expect(stats.byStatus[status] ?? 0, status).toBeGreaterThan(0);
    }
    expect(stats.pendingReview).toBeGreaterThan(0);
    expect(listMemories(mind, { filter: { reviewStatuses: ['rejected'] }, limit: 1 }).items).toHaveLength(1);
    expect(listMemories(mind, { filter: { reviewStatuses: ['approved'] }, limit: 1 }).items).toHaveLength(1);
  });

  it('links memories by real derivation and evidence, several per memory', () => {
    expect(result.links / MEMORIES).toBeGreaterThan(1.5);
    expect(result.journalEntries).toBeGreaterThan(MEMORIES);
  });

  it('builds a revision chain ten links deep', () => {
    const top = readMeta(mind.store.db, DEEP_CHAIN_META_KEY) as string;
    const lineage = getLineage(mind, top, { direction: 'up' });
    expect(Math.max(...lineage.nodes.map((n) => n.depth))).toBeGreaterThanOrEqual(10);
    expect(lineage.edges.some((e) => e.kind === 'supersedes')).toBe(true);
    expect(getLineage(mind, top, { direction: 'up', depth: 5 }).nodes.length).toBeLessThan(lineage.nodes.length);
  });

  it('builds a memory with at least the asked-for number of ancestors, named in meta', () => {
    const hub = readMeta(mind.store.db, HUB_META_KEY);
    expect(hub).toBe(result.ancestorHub);
    const lineage = getLineage(mind, hub as string, { direction: 'up' });
    expect(lineage.nodes.length - 1).toBeGreaterThanOrEqual(HUB_ANCESTORS);
    expect(getMemoryView(mind, hub as string).type).toBe('value');
  });

  it('spreads the journal over months, ending at the end of the timeline', () => {
    const span = journalSpan(mind.store.db);
    expect(span).not.toBeNull();
    expect((span?.last ?? 0) - (span?.first ?? 0)).toBeGreaterThan(240 * DAY_MS);
    expect(span?.last ?? Infinity).toBeLessThanOrEqual(endAt + DAY_MS);
  });

  it('has contradictions, orphans and uncertain memories for a person to look at', () => {
    expect(result.contradictionsRecorded).toBeGreaterThan(0);
    expect(getStats(mind).openContradictions).toBe(result.contradictionsRecorded);
    expect(listOrphans(mind).items.length).toBeGreaterThan(0);
    expect(listUncertain(mind, { threshold: 0.5 }).items.length).toBeGreaterThan(0);
  });

  it('records how it was generated', () => {
    const stored = JSON.parse(readMeta(mind.store.db, GENERATION_META_KEY) as string) as GenerateResult;
    expect(stored.memories).toBe(MEMORIES);
    expect(stored.seed).toBe(7);
  });

  it('leaves only the finished file behind', () => {
    expect(readdirSync(dir).filter((f) => f.includes('generating'))).toEqual([]);
  });

  it('writes the same mind for the same seed, and another for another seed', () => {
    const again = generate('b.mind', 7);
    const other = generate('c.mind', 8);
    const read = (path: string) => {
      const m = openMind(path, { mustExist: true });
      try {
        return everyMemory(m);
      } finally {
        m.close();
      }
    };
    const first = everyMemory(mind);
    expect(first).toHaveLength(MEMORIES);
    expect(read(again.path)).toEqual(first);
    const different = read(other.path);
    expect(different).toHaveLength(MEMORIES);
    expect(different.filter((m, i) => m === first[i]).length).toBeLessThan(MEMORIES / 100);
  });

  it('replaces an existing file at the destination', () => {
    const path = join(dir, 'a-copy.mind');
    generateMind({ memories: 50, out: path, seed: 1, hubAncestors: 10, endAt });
    const replaced = generateMind({ memories: 60, out: path, seed: 1, hubAncestors: 10, endAt });
    expect(existsSync(path)).toBe(true);
    const m = openMind(path, { mustExist: true });
    try {
      expect(getStats(m).total).toBe(60);
      expect(replaced.memories).toBe(60);
    } finally {
      m.close();
    }
  });
});
