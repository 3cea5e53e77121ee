/**
 * The quality benchmark: each split of each planted corpus goes into a fresh mind (episodes
 * written over two weeks in a seeded random order, as an agent would write them), consolidation
 * runs to completion, every belief it created is traced through its lineage to the planted
 * episodes (metrics.ts scores it), then the topics' later episodes arrive and consolidation runs
 * again, and we check where they landed. The provider is the one a person would configure:
 * offline, or an OpenAI-compatible endpoint.
 */
import { countPendingEpisodes } from '../../src-main/store/consolidation-repo';
import { linksTo } from '../../src-main/store/links-repo';
import { findMemoryById, findMemoryBySeq } from '../../src-main/store/memories-repo';
import { readCheckpoint } from '../../src-main/consolidation/checkpoint';
import { getBeliefExplanation } from '../../src-main/consolidation/explanation';
import type { ConsolidationProvider } from '../../src-main/consolidation/provider';
import { runConsolidation } from '../../src-main/consolidation/run';
import type { RunSummary } from '../../src-main/consolidation/run-types';
import { getContradictions } from '../../src-main/mind/contradictions';
import { createMemory } from '../../src-main/mind/create';
import { getLineage } from '../../src-main/mind/lineage';
import { listMemories } from '../../src-main/mind/list';
import { type Mind, openMind } from '../../src-main/mind/mind';
import { DEFAULT_SETTINGS, mergeSettings, type MindSettings } from '../../shared/settings';
import { createRng } from '../generate/prng';
import { type Corpus, episodeFields, type PlantedEpisode, type SplitName } from './corpus';
import {
  type PairScores,
  type ReinforcementScores,
  scorePairs,
  scoreReinforcement,
  scoreStructure,
  SINGLETON,
  type StructureScores,
  type TracedBelief,
} from './metrics';

const DAY_MS = 86_400_000;
/** 2025-03-03, a Monday: every mind starts here. */
const START = Date.UTC(2025, 2, 3);
const WRITING_DAYS = 14;
/** Runs until no episode waits; a provider that keeps stopping early is cut off here. */
const MAX_RUNS = 20;

export interface SplitMeasurement {
  corpus: string;
  split: SplitName;
  provider: string;
  episodes: number;
  /** After the first consolidation (topics' episodes and singletons). */
  structure: Omit<StructureScores, 'perBelief'>;
  pairs: PairScores;
  /** The later episodes of each topic, consolidated in a second pass. */
  reinforcement: ReinforcementScores;
  /** The structure once the later episodes were consolidated too. */
  afterReinforcement: Pick<StructureScores, 'beliefs' | 'recovered' | 'recall' | 'impure' | 'duplicates' | 'singletonBuilt'>;
  /** Beliefs whose statement is one episode's whole text, word for word. */
  statementsCopyingAnEpisode: number;
  runs: { phase: 'first' | 'later'; status: string; clusters: number; created: number; reinforced: number; durationMs: number; skipped: number }[];
  consolidationMs: number;
  /** Each belief with its planted labels and what its recorded explanation says (cohesion, most shared word). */
  beliefs: {
    id: string;
    statement: string;
    purity: number;
    majority: string;
    labels: Record<string, number>;
    cohesion: number | null;
    topSharedTerm: { term: string; episodes: number } | null;
  }[];
}

export interface MeasureOptions {
  provider: () => ConsolidationProvider;
  settings?: MindSettings;
  seed?: number;
}

/** A budget that never stops a run early, so a split is consolidated in as few runs as it needs. */
export function benchSettings(base: MindSettings): MindSettings {
  return mergeSettings(base, { scheduler: { enabled: false }, budget: { maxClustersPerCycle: 100_000, maxCycleMs: 24 * 3_600_000 } });
}

export async function measureSplit(corpus: Corpus, splitName: SplitName, options: MeasureOptions): Promise<SplitMeasurement> {
  const split = corpus.splits[splitName];
  const rng = createRng(options.seed ?? 42);
  let now = START;
  const mind = openMind(':memory:', { clock: () => now });
  const settings = benchSettings(options.settings ?? DEFAULT_SETTINGS);
  const labels = new Map<string, string>();
  const runs: SplitMeasurement['runs'] = [];
  try {
    const first = shuffled(rng, [
      ...split.topics.flatMap((t) => t.episodes.map((e) => ({ episode: e, label: t.id }))),
      ...split.singletons.map((e) => ({ episode: e, label: SINGLETON })),
    ]);
    const step = (WRITING_DAYS * DAY_MS) / first.length;
    for (const { episode, label } of first) {
      now += step;
      labels.set(write(mind, episode), label);
    }
    now += 3_600_000;
    await consolidateFully(mind, options.provider, settings, 'first', runs);
    const traced = traceBeliefs(mind, labels);
    const topicIds = split.topics.map((t) => t.id);
    const structure = scoreStructure(topicIds, traced);
    const contradictions = getContradictions(mind, { status: null, limit: 100_000 });
    const pairs = scorePairs(split.pairs, structure, traced, (a, b) =>
      contradictions.some((c) => (c.a.id === a && c.b.id === b) || (c.a.id === b && c.b.id === a)),
    );

    const later = shuffled(rng, split.topics.flatMap((t) => t.later.map((e) => ({ episode: e, label: t.id }))));
    const laterIds: { episodeId: string; topic: string }[] = [];
    now += DAY_MS;
    for (const { episode, label } of later) {
      now += (2 * DAY_MS) / later.length;
      const id = write(mind, episode);
      labels.set(id, label);
      laterIds.push({ episodeId: id, topic: label });
    }
    now += 3_600_000;
    await consolidateFully(mind, options.provider, settings, 'later', runs);
    const beliefsFrom = (episodeId: string, kind: 'evidence' | 'derived_from') => {
      const record = findMemoryById(mind.store.db, episodeId);
      if (!record) return [];
      return linksTo(mind.store.db, record.seq, [kind]).flatMap((l) => {
        const from = findMemoryBySeq(mind.store.db, l.fromSeq);
        return from?.type === 'belief' && from.status === 'active' ? [from.id] : [];
      });
    };
    const reinforcement = scoreReinforcement(laterIds, structure, (id) => beliefsFrom(id, 'evidence'), (id) => beliefsFrom(id, 'derived_from'));
    const after = scoreStructure(topicIds, traceBeliefs(mind, labels));
    const { perBelief, ...summary } = structure;
    return {
      corpus: corpus.name,
      split: splitName,
      provider: options.provider().id,
      episodes: first.length,
      structure: summary,
      pairs,
      reinforcement,
      afterReinforcement: {
        beliefs: after.beliefs,
        recovered: after.recovered,
        recall: after.recall,
        impure: after.impure,
        duplicates: after.duplicates,
        singletonBuilt: after.singletonBuilt,
      },
      statementsCopyingAnEpisode: traced.filter((b) => copiesAnEpisode(mind, b.id, b.statement)).length,
      runs,
      consolidationMs: runs.reduce((n, r) => n + r.durationMs, 0),
      beliefs: perBelief.map((b) => {
        const explanation = getBeliefExplanation(mind, b.id);
        return {
          id: b.id,
          statement: b.statement,
          purity: round(b.purity),
          majority: b.majority,
          labels: b.labels,
          cohesion: explanation?.cohesion ?? null,
          topSharedTerm: explanation?.sharedTerms[0] ?? null,
        };
      }),
    };
  } finally {
    mind.close();
  }
}

function write(mind: Mind, episode: PlantedEpisode): string {
  return createMemory(mind, { type: 'episode', ...episodeFields(episode) }, { actor: 'agent:bench' }).id;
}

function shuffled<T>(rng: ReturnType<typeof createRng>, items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

async function consolidateFully(
  mind: Mind,
  provider: () => ConsolidationProvider,
  settings: MindSettings,
  phase: 'first' | 'later',
  runs: SplitMeasurement['runs'],
): Promise<void> {
  for (let i = 0; i < MAX_RUNS; i++) {
    const summary: RunSummary = await runConsolidation(mind, { trigger: 'manual', provider: provider(), settings });
    runs.push({
      phase,
      status: summary.status,
      clusters: summary.clustersFound,
      created: summary.created,
      reinforced: summary.reinforced,
      durationMs: summary.durationMs,
      skipped: summary.skipped.length,
    });
    if (summary.status === 'completed' && countPendingEpisodes(mind.store.db, readCheckpoint(mind), 1) === 0) return;
  }
}

/** Every active belief consolidation created, with the planted labels of the episodes it derives from. */
function traceBeliefs(mind: Mind, labels: ReadonlyMap<string, string>): TracedBelief[] {
  const beliefs: TracedBelief[] = [];
  let cursor: string | null = null;
  do {
    const page = listMemories(mind, {
      filter: { types: ['belief'], sourceTypes: ['consolidation'], statuses: ['active'] },
      sort: 'created',
      direction: 'asc',
      limit: 500,
      cursor,
    });
    for (const belief of page.items) {
      const lineage = getLineage(mind, belief.id, { direction: 'up', depth: 1 });
      const episodes = new Set(lineage.nodes.filter((n) => n.type === 'episode').map((n) => n.id));
      const linked = (kinds: readonly string[]) =>
        [...new Set(lineage.edges.filter((e) => e.from === belief.id && kinds.includes(e.kind) && episodes.has(e.to)).map((e) => e.to))].map(
          (id) => labels.get(id) ?? SINGLETON,
        );
      beliefs.push({ id: belief.id, statement: belief.content, labels: linked(['derived_from', 'evidence']), against: linked(['counter_evidence']) });
    }
    cursor = page.nextCursor;
  } while (cursor !== null);
  return beliefs;
}

const normalized = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

function copiesAnEpisode(mind: Mind, beliefId: string, statement: string): boolean {
  const lineage = getLineage(mind, beliefId, { direction: 'up', depth: 1 });
  const target = normalized(statement);
  return lineage.nodes.some((n) => n.type === 'episode' && normalized(n.content) === target);
}

const round = (x: number) => Math.round(x * 1000) / 1000;
