/**
 * A synthetic but realistic mind of an agent on a software team, written through the domain
 * operations (so its journal and version history are real) over a simulated nine months.
 * Deterministic for a seed. Written to a temporary file, renamed into place when complete.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import type { MemoryType } from '../../shared/model';
import { scanContradictions } from '../../src-main/mind/contradictions';
import { getStats } from '../../src-main/mind/stats';
import { wrapStore } from '../../src-main/mind/mind';
import { countLinks, finishBulkLoad, tuneForBulkLoad } from '../../src-main/store/bulk-queries';
import { openStore } from '../../src-main/store/connection';
import { writeMeta } from '../../src-main/store/meta-repo';
import { batchingStore } from './batching-store';
import type { GenContext } from './context';
import { CREATE_STEP } from './create-steps';
import { runAction } from './follow-ups';
import { uniqueHexSource } from '../../shared/seeded-ids';
import { buildDeepChain, createAncestorHub, deepChainMemories, GENERATION_META_KEY, HUB_MEMORIES } from './landmarks';
import { createRng, weightedPicker } from './prng';
import { catalogFor } from './topics';
import { createWorld } from './world';

export interface GenerateOptions {
  memories: number;
  out: string;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
  /** Ancestors of the hub memory (default 1,000); smaller for quick tests. */
  hubAncestors?: number;
  /** Supersessions in the deep revision chain (default 9: its deepest belief is 10 links down). */
  chainRevisions?: number;
  /** Where the timeline ends (epoch ms); default the start of the current UTC day. */
  endAt?: number;
  /** Length of the timeline in days (default 270, about nine months). */
  spanDays?: number;
  /** Operations per outer transaction. */
  batchSize?: number;
}

export interface GenerateResult {
  /** Which generator wrote the mind: cached minds from another version are regenerated. */
  generatorVersion: number;
  path: string;
  memories: number;
  links: number;
  journalEntries: number;
  durationMs: number;
  seed: number;
  byType: Record<string, number>;
  /** The memory with ≥ hubAncestors ancestors (also in meta `bench_ancestor_hub`), if built. */
  ancestorHub: string | null;
  deepChain: string | null;
  /** Rule contradictions the closing store-wide scan recorded. */
  contradictionsRecorded: number;
}

export const DEFAULT_SEED = 42;
/** Bump whenever what the generator writes changes, so cached benchmark minds are rebuilt. */
export const GENERATOR_VERSION = 2;
const DAY_MS = 86_400_000;

/** Share of each type among the memories written. */
export const TYPE_MIX: Readonly<Record<MemoryType, number>> = {
  raw: 0.25,
  episode: 0.3,
  note: 0.15,
  belief: 0.18,
  value: 0.02,
  goal: 0.04,
  drive: 0.02,
  relationship: 0.04,
};

/** Chance per memory that attention moves to another component (bursts of ~16 memories). */
const TOPIC_SWITCH = 1 / 16;

export function generateMind(options: GenerateOptions): GenerateResult {
  const total = options.memories;
  if (!Number.isInteger(total) || total < 1) throw new Error('memories must be a whole number of at least 1');
  const started = performance.now();
  const seed = (options.seed ?? DEFAULT_SEED) >>> 0;
  const endAt = options.endAt ?? Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const spanMs = (options.spanDays ?? 270) * DAY_MS;
  const startAt = endAt - spanMs;
  const batchSize = options.batchSize ?? 20_000;
  const temp = `${options.out}.generating-${process.pid}`;
  removeMindFile(temp);

  let now = startAt;
  const store = openStore(temp);
  try {
    tuneForBulkLoad(store.db);
    const mind = wrapStore(batchingStore(store), { clock: () => now, randomHex: uniqueHexSource(seed) });
    const rng = createRng(seed);
    const catalog = catalogFor(seed, total);
    const world = createWorld();
    const hub = createAncestorHub(options.hubAncestors ?? 1000);
    const chainRevisions = options.chainRevisions ?? 9;
    const byType: Record<string, number> = {};
    let written = 0;
    let runActor = 'scheduler:run_0';
    const ctx: GenContext = {
      mind,
      rng,
      catalog,
      world,
      step: 0,
      totalSteps: total,
      stepsPerDay: total / (spanMs / DAY_MS),
      tick: () => {
        now += 1 + rng.int(2000);
      },
      nowIso: () => new Date(now).toISOString(),
      schedulerActor: () => runActor,
      count: (type) => {
        byType[type] = (byType[type] ?? 0) + 1;
        written += 1;
      },
      onDerivedEpisode: (episode, raws) => hub.offer(episode, raws),
    };
    const pickType = weightedPicker(TYPE_MIX);
    // Work comes in bursts on one component (a conversation, its follow-up, the lessons drawn),
    // so memories find related ones to derive from, as an agent's do.
    let topic = catalog.pickTopic(rng);
    let ancestorHub: string | null = null;
    let deepChain: string | null = null;

    while (written < total) {
      store.transaction(() => {
        const batchEnd = Math.min(total, written + batchSize);
        while (written < batchEnd) {
          ctx.step = written;
          // The timeline advances with the memories written, so it ends at `endAt`.
          now = Math.max(now + 1, startAt + Math.floor((spanMs * written) / total));
          if (written % 500 === 0) runActor = `scheduler:run_${rng.uint32().toString(36)}`;
          for (const action of world.due(written)) {
            runAction(ctx, action);
            ctx.tick();
          }
          const room = total - written;
          if (deepChain === null && written >= total * 0.3 && room >= deepChainMemories(chainRevisions)) {
            deepChain = buildDeepChain(ctx, catalog.pickTopic(rng), chainRevisions);
          } else if (ancestorHub === null && room >= HUB_MEMORIES && hub.possible() && ((hub.ready() && written >= total * 0.4) || room <= total * 0.05)) {
            ancestorHub = hub.build(ctx);
          } else {
            if (rng.chance(TOPIC_SWITCH)) topic = catalog.pickTopic(rng);
            CREATE_STEP[pickType(rng)](ctx, topic);
          }
          ctx.tick();
        }
      });
      options.onProgress?.(written, total);
    }
    now = Math.max(now, endAt);
    // The real store-wide scan, as the app runs it: the mind arrives with its contradictions recorded.
    const contradictionScan = scanContradictions(mind, { actor: runActor });
    finishBulkLoad(store.db);
    const stats = getStats(mind);
    const result: GenerateResult = {
      generatorVersion: GENERATOR_VERSION,
      path: options.out,
      memories: stats.total,
      links: countLinks(store.db),
      journalEntries: stats.journalEntries,
      durationMs: 0,
      seed,
      byType,
      ancestorHub,
      deepChain,
      contradictionsRecorded: contradictionScan.recorded,
    };
    result.durationMs = Math.round(performance.now() - started);
    writeMeta(store.db, GENERATION_META_KEY, JSON.stringify({ ...result, path: undefined }));
    store.close();
    removeMindFile(options.out);
    renameSync(temp, options.out);
    return result;
  } catch (error) {
    if (store.db.open) store.close();
    removeMindFile(temp);
    throw error;
  }
}

export function removeMindFile(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) rmSync(file, { force: true });
}
