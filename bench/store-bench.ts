/**
 * The store benchmarks of issue 2 §7, against one generated mind: each operation repeated with
 * varied inputs (random memories, random queries, random past instants) and summarized by median
 * and p95. Writes happen in a copy of the file so the cached mind stays pristine.
 */
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { verifyMemory } from '../src-main/mind/confidence-ops';
import { listOrphans, listUncertain } from '../src-main/mind/attention';
import { getLineage, type LineageGraph } from '../src-main/mind/lineage';
import { listMemories, type ListPage } from '../src-main/mind/list';
import { getMemoryView } from '../src-main/mind/memory-view';
import { type Mind, openMind } from '../src-main/mind/mind';
import { searchMemories } from '../src-main/mind/search';
import { journalSpan, maxMemorySeq, type MemoryAtSeq, memoryAtSeq } from '../src-main/store/bulk-queries';
import { readMeta } from '../src-main/store/meta-repo';
import { TIERS } from '../shared/model';
import { DEEP_CHAIN_META_KEY, HUB_META_KEY } from './generate/landmarks';
import { createRng, type Rng } from './generate/prng';
import { measure, type Timing } from './measure';
import { searchQueries } from './search-queries';

export interface BenchOptions {
  path: string;
  seed: number;
  /** Repetitions of the quick operations; slow ones run a fraction of this. */
  reps: number;
}

export interface StoreBenchResult {
  timings: Timing[];
  ancestorHub: { id: string; ancestors: number } | null;
}

/** Targets the issue names for a million memories, in ms. */
export const TARGETS_AT_1M: Readonly<Record<string, number>> = {
  'open + first list page': 50,
  'lineage up, 1,000-ancestor hub': 20,
  'FTS top-50': 30,
  'journaled write (verify)': 2,
  'uncertain page (< 0.5)': 50,
};

const pagedSize = (page: unknown) => (page as ListPage).items.length;
const graphSize = (graph: unknown) => (graph as LineageGraph).nodes.length;

export function runStoreBench(options: BenchOptions): StoreBenchResult {
  const rng = createRng((options.seed + 1) >>> 0);
  const timings: Timing[] = [];
  const record = (timing: Timing) => {
    timings.push(timing);
  };
  const reps = options.reps;
  const slowReps = Math.max(10, Math.round(reps / 4));

  record(
    measure({
      name: 'open + first list page',
      reps: slowReps,
      input: () => null,
      run: () => {
        const fresh = openMind(options.path, { mustExist: true });
        try {
          return listMemories(fresh, { limit: 50 });
        } finally {
          fresh.close();
        }
      },
      sizeOf: pagedSize,
    }),
  );

  const mind = openMind(options.path, { mustExist: true });
  let ancestorHub: StoreBenchResult['ancestorHub'] = null;
  try {
    const sample = memorySampler(mind, rng);
    const span = journalSpan(mind.store.db);
    const queries = searchQueries(options.seed, maxMemorySeq(mind.store.db), reps);
    const randomId = () => sample().id;

    record(measure({ name: 'get one (memory view)', reps, input: randomId, run: (id) => getMemoryView(mind, id) }));
    for (const [name, direction, depth] of [
      ['lineage up, depth 10', 'up', 10],
      ['lineage down, depth 10', 'down', 10],
      ['lineage up, unbounded', 'up', null],
      ['lineage down, unbounded', 'down', null],
    ] as const) {
      record(measure({ name, reps, input: randomId, run: (id) => getLineage(mind, id, { direction, depth }), sizeOf: graphSize }));
    }
    // Random memories have short lineages (most are raws and episodes), so the depth limit and the
    // long walks are measured on the generator's deep revision chain: up from its top, down from its root.
    const chainTop = readMeta(mind.store.db, DEEP_CHAIN_META_KEY);
    if (chainTop) {
      const chain = getLineage(mind, chainTop, { direction: 'up' }).nodes;
      const chainRoot = chain.reduce((deepest, node) => (node.depth > deepest.depth ? node : deepest)).id;
      for (const [name, id, direction, depth] of [
        ['lineage up, deep chain, depth 10', chainTop, 'up', 10],
        ['lineage up, deep chain, unbounded', chainTop, 'up', null],
        ['lineage down, deep chain root, unbounded', chainRoot, 'down', null],
      ] as const) {
        record(measure({ name, reps, input: () => id, run: (root) => getLineage(mind, root, { direction, depth }), sizeOf: graphSize }));
      }
    }
    const hub = readMeta(mind.store.db, HUB_META_KEY);
    if (hub) {
      const timing = measure({
        name: 'lineage up, 1,000-ancestor hub',
        reps,
        input: () => hub,
        run: (id) => getLineage(mind, id, { direction: 'up' }),
        sizeOf: graphSize,
      });
      record(timing);
      ancestorHub = { id: hub, ancestors: (timing.meanSize ?? 1) - 1 };
    }
    record(
      measure({
        name: 'FTS top-50',
        reps,
        input: (i) => queries[((i % queries.length) + queries.length) % queries.length] as string,
        run: (query) => searchMemories(mind, query, { limit: 50 }),
        sizeOf: (hits) => (hits as unknown[]).length,
      }),
    );
    record(
      measure({
        name: 'filtered list (belief + tier)',
        reps,
        input: () => rng.pick(TIERS),
        run: (tier) => listMemories(mind, { filter: { types: ['belief'], tiers: [tier] }, limit: 50 }),
        sizeOf: pagedSize,
      }),
    );
    record(
      measure({
        name: 'filtered list (review pending)',
        reps,
        input: () => null,
        run: () => listMemories(mind, { filter: { reviewStatuses: ['pending'] }, limit: 50 }),
        sizeOf: pagedSize,
      }),
    );
    record(measure({ name: 'uncertain page (< 0.5)', reps: slowReps, input: () => null, run: () => listUncertain(mind, { threshold: 0.5 }), sizeOf: pagedSize }));
    record(measure({ name: 'orphans page', reps: slowReps, input: () => null, run: () => listOrphans(mind), sizeOf: pagedSize }));
    if (span) {
      record(
        measure({
          name: 'time-travel show (as of)',
          reps,
          input: () => {
            const memory = sample();
            const from = Math.max(memory.createdAt, span.first);
            return { id: memory.id, asOf: from + Math.floor(rng.next() * Math.max(1, span.last - from)) };
          },
          run: ({ id, asOf }) => getMemoryView(mind, id, { asOf }),
        }),
      );
    }
  } finally {
    mind.close();
  }
  record(measureWrites(options.path, rng, reps));
  return { timings, ancestorHub };
}

/** A uniformly random memory (seqs run 1..max without gaps), optionally only active ones. */
function memorySampler(mind: Mind, rng: Rng, activeOnly = false): () => MemoryAtSeq {
  const max = maxMemorySeq(mind.store.db);
  if (max === 0) throw new Error('The mind is empty: nothing to benchmark.');
  return () => {
    for (;;) {
      const memory = memoryAtSeq(mind.store.db, 1 + rng.int(max));
      if (memory && (!activeOnly || memory.status === 'active')) return memory;
    }
  };
}

/** One journaled write per repetition, each its own transaction, in a throwaway copy of the mind. */
function measureWrites(path: string, rng: Rng, reps: number): Timing {
  const copy = `${path}.write-bench`;
  removeMind(copy);
  copyFileSync(path, copy);
  const mind = openMind(copy, { mustExist: true });
  try {
    const sample = memorySampler(mind, rng, true);
    return measure({
      name: 'journaled write (verify)',
      reps,
      warmup: 5,
      input: () => sample().id,
      run: (id) => verifyMemory(mind, id, { evidence: 'benchmark' }, { actor: 'user' }),
    });
  } finally {
    mind.close();
    removeMind(copy);
  }
}

function removeMind(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) rmSync(file, { force: true });
}
