/**
 * One consolidation run (the belief seed's pipeline): episodes since the checkpoint (with those
 * lately left unclustered, lookback.ts) → embed → attach episodes of known lessons to their
 * beliefs (attach-step.ts) → cluster the rest → per cluster synthesize, match and commit →
 * triage raw captures → gates (proposals) → contradiction scan → checkpoint. A run is a changeset: a `consolidation_runs` row and the
 * journal rows carrying its id, actor `scheduler:<runId>`.
 *
 * Plan, then apply: provider calls are async, and no write transaction is held across them.
 * Each cluster is planned from the run's belief model (belief-model.ts) and then committed in one
 * transaction; the model is updated the same way whether or not anything is written, so a dry run
 * (which writes nothing: no run row, no vectors, no marks) returns the actions a real run takes.
 * On its budget (clusters per cycle, cycle time) or a cancel, a run commits what it finished,
 * moves the checkpoint past fully handled episodes only, and ends `aborted_budget` / `cancelled`.
 */
import { readStatement } from '../../shared/rules/contradiction';
import { activeBeliefs, evidenceEpisodesOfActiveBeliefs, insertMarks, pendingEpisodes, recentEpisodes } from '../store/consolidation-repo';
import { finishRun } from '../store/consolidation-runs-repo';
import type { MemoryRecord } from '../store/memory-record';
import { clearVectorTable, readEmbedderInfo, readEmbeddings, writeEmbedding } from '../store/vectors-repo';
import type { Mind } from '../mind/mind';
import { claimRun } from '../mind/run-lease';
import { HEARTBEAT_MS } from '../mind/run-owner';
import { BeliefModel } from './belief-model';
import { advanceCheckpoint, readCheckpoint } from './checkpoint';
import { lookBackEpisodes } from './lookback';
import { commitAttachment, planAttachments } from './attach-step';
import { clusterEpisodes, commitCluster, type EpisodeItem, planCluster } from './cluster-step';
import { commitProposal, planGates } from './gate-step';
import { embedChecked, learnDimension, reembedAll } from './reembed';
import { RejectionFilter } from './rejection-filter';
import { RunContext, RunStop } from './run-context';
import type { RunOptions, RunStatus, RunSummary } from './run-types';
import { scanStep } from './scan-step';
import { sourceTextOf } from './source-text';
import { triageRaws } from './triage-step';
import { meanDirection, type Vector } from './vector-math';

/** Episodes read per run; a larger backlog is left for the next run (which the run's status says). */
export const MAX_EPISODES_PER_RUN = 50_000;
const EMBED_BATCH = 256;
/**
 * An unstored (offline) embedder learns how rare each word is from the texts a run compares and,
 * so that a small batch is not judged by itself alone, from up to this many of the mind's latest
 * other episodes.
 */
export const STATISTICS_SAMPLE = 2_000;
/** A belief's profile is drawn from its latest supporting episodes, this many at most … */
const PROFILE_EPISODES = 20;
/** … and this many in all (newest beliefs first), so a huge mind's run stays bounded. */
const MAX_PROFILE_EPISODES = 20_000;

export async function runConsolidation(mind: Mind, options: RunOptions): Promise<RunSummary> {
  const runId = mind.newRecordId('run');
  const ctx = new RunContext(mind, runId, options);
  // The run's row is its lease: refused while another process runs one on this mind (run-lease.ts).
  if (!ctx.dryRun) claimRun(mind, { id: runId, trigger: options.trigger, provider: options.provider.id });
  let status: RunStatus = ctx.dryRun ? 'dry_run' : 'completed';
  let error: string | null = null;
  const beating = setInterval(() => ctx.beat(), HEARTBEAT_MS);
  beating.unref();
  try {
    const stopped = await pipeline(ctx);
    if (stopped && !ctx.dryRun) status = stopped;
  } catch (caught) {
    if (ctx.dryRun) throw caught;
    status = 'failed';
    error = caught instanceof Error ? caught.message : String(caught);
    closeRun(ctx, status, error);
    throw caught;
  } finally {
    clearInterval(beating);
  }
  closeRun(ctx, status, error);
  return {
    runId,
    status,
    clustersFound: ctx.counts.clustersFound,
    created: ctx.counts.created,
    reinforced: ctx.counts.reinforced,
    contradicted: ctx.counts.contradicted,
    proposals: ctx.counts.proposals,
    droppedByRejection: ctx.counts.droppedByRejection,
    skipped: ctx.skipped,
    durationMs: ctx.elapsedMs(),
    actions: ctx.actions,
  };
}

/** Closes the run's row: its status, the budget it used and its counts. */
export function closeRun(ctx: RunContext, status: RunStatus, error: string | null): void {
  ctx.commit(() =>
    finishRun(ctx.mind.store.db, ctx.runId, {
      status,
      finishedAt: ctx.mind.now(),
      budgetUsed: {
        clusters: ctx.counts.clustersHandled,
        classifications: ctx.counts.classifications,
        providerCalls: ctx.counts.providerCalls,
        elapsedMs: ctx.elapsedMs(),
      },
      stats: { ...ctx.counts, skipped: ctx.skipped.length, actions: ctx.actions.length },
      error,
    }),
  );
}

/** Returns how the run stopped early, or null when it went through every stage. */
async function pipeline(ctx: RunContext): Promise<'aborted_budget' | 'cancelled' | null> {
  const mind = ctx.mind;
  ctx.progress('extract', 0, 1);
  const fresh = pendingEpisodes(mind.store.db, readCheckpoint(mind), MAX_EPISODES_PER_RUN);
  const records = [...lookBackEpisodes(mind, fresh.length), ...fresh].sort((a, b) => a.seq - b.seq);
  ctx.progress('extract', 1, 1);
  let stopped: 'aborted_budget' | 'cancelled' | null = fresh.length === MAX_EPISODES_PER_RUN ? 'aborted_budget' : null;
  const unclustered = new Set<number>();
  try {
    const { episodes: embedded, model } = await embedStage(ctx, records);
    const rejections = await RejectionFilter.load(mind, (texts) => embedAll(ctx, texts));

    const { attachments, rest: episodes } = planAttachments(ctx, model, embedded);
    for (const [done, attachment] of attachments.entries()) {
      ctx.progress('match', done, attachments.length);
      ctx.checkpoint();
      commitAttachment(ctx, model, attachment);
    }

    ctx.progress('cluster', 0, 1);
    const clusters = clusterEpisodes(episodes, ctx.thresholds.cluster);
    ctx.counts.clustersFound = clusters.length;
    ctx.progress('cluster', 1, 1);
    const clustered = new Set(clusters.flat());
    episodes.forEach((e, i) => {
      if (!clustered.has(i)) unclustered.add(e.record.seq);
    });

    for (const [done, members] of clusters.entries()) {
      ctx.progress('synthesize', done, clusters.length);
      if (done >= ctx.budget.maxClustersPerCycle) {
        throw new RunStop('aborted_budget', `at most ${ctx.budget.maxClustersPerCycle} clusters per cycle`);
      }
      ctx.checkpoint();
      const items = members.map((i) => episodes[i] as EpisodeItem);
      const decision = await planCluster(ctx, model, rejections, items);
      ctx.progress('match', done, clusters.length);
      commitCluster(ctx, model, items, decision);
      ctx.counts.clustersHandled += 1;
    }
    ctx.progress('synthesize', clusters.length, clusters.length);

    await triageRaws(ctx);

    const proposals = await planGates(ctx, model);
    ctx.progress('gates', 0, proposals.length);
    for (const [done, proposal] of proposals.entries()) {
      ctx.checkpoint();
      commitProposal(ctx, model, proposal);
      ctx.progress('gates', done + 1, proposals.length);
    }

    ctx.checkpoint();
    scanStep(ctx, model);
  } catch (caught) {
    if (!(caught instanceof RunStop)) throw caught;
    ctx.skip('run', caught.message);
    stopped = caught.status;
  }
  ctx.progress('checkpoint', 0, 1);
  ctx.commit(() => {
    insertMarks(mind.store.db, [...unclustered], 'unclustered', ctx.runId);
    advanceCheckpoint(mind);
  });
  ctx.progress('checkpoint', 1, 1);
  return stopped;
}

async function embedAll(ctx: RunContext, texts: readonly string[]): Promise<Vector[]> {
  const vectors: Vector[] = [];
  for (let start = 0; start < texts.length; start += EMBED_BATCH) {
    ctx.checkpoint();
    const batch = texts.slice(start, start + EMBED_BATCH);
    ctx.counts.providerCalls += 1;
    vectors.push(...(await embedChecked(ctx.provider.embedder, batch, ctx.callSignal().signal)));
  }
  return vectors;
}

/**
 * Vectors for the new episodes and every active belief. A stored embedder's are read from the
 * vector table when it holds this embedder's vectors and computed (and stored) otherwise: a real
 * run first rebuilds the table for a new embedder; a dry run keeps what it computes in memory.
 * An unstored embedder's are computed, after it learned from the run's texts.
 */
async function embedStage(ctx: RunContext, records: readonly MemoryRecord[]): Promise<{ episodes: EpisodeItem[]; model: BeliefModel }> {
  const db = ctx.mind.store.db;
  const beliefs = activeBeliefs(db);
  const evidence = evidenceEpisodesOfActiveBeliefs(db, PROFILE_EPISODES, MAX_PROFILE_EPISODES);
  const all = [...new Map([...records, ...beliefs, ...evidence.map((e) => e.episode)].map((r) => [r.seq, r])).values()];
  const vectors = ctx.provider.embedder.stored ? await storedVectors(ctx, all) : await computedVectors(ctx, all, records);
  const behind = new Map<number, Vector[]>();
  for (const { beliefSeq, episode } of evidence) {
    const list = behind.get(beliefSeq) ?? [];
    list.push(vectors.get(episode.seq) as Vector);
    behind.set(beliefSeq, list);
  }
  const model = new BeliefModel(ctx.mind);
  for (const belief of beliefs) {
    const episodes = behind.get(belief.seq);
    model.addExisting(belief, vectors.get(belief.seq) as Vector, episodes ? meanDirection(episodes) : null);
  }
  const episodes = records.map((record) => {
    const source = sourceTextOf(record);
    return { record, source, read: readStatement(source.text), vector: vectors.get(record.seq) as Vector };
  });
  return { episodes, model };
}

async function storedVectors(ctx: RunContext, all: readonly MemoryRecord[]): Promise<Map<number, Vector>> {
  const mind = ctx.mind;
  const db = mind.store.db;
  const embedder = ctx.provider.embedder;
  await learnDimension(embedder, ctx.callSignal().signal);
  const info = readEmbedderInfo(db);
  let sameSpace = info?.id === embedder.id && info.dimension === embedder.dimension;
  if (!sameSpace && !ctx.dryRun) {
    await reembedAll(mind, embedder, { signal: ctx.options.signal, onProgress: (done, total) => ctx.progress('embed', done, total) });
    sameSpace = true;
  }
  const vectors = new Map<number, Vector>(sameSpace ? readEmbeddings(db, all.map((r) => r.seq)) : []);
  const missing = all.filter((r) => !vectors.has(r.seq));
  ctx.progress('embed', 0, missing.length);
  const computed = await embedAll(ctx, missing.map((r) => sourceTextOf(r).text));
  ctx.commit(() => missing.forEach((r, i) => writeEmbedding(db, r.seq, computed[i] as Float32Array)));
  missing.forEach((r, i) => vectors.set(r.seq, computed[i] as Vector));
  ctx.progress('embed', missing.length, missing.length);
  return vectors;
}

async function computedVectors(ctx: RunContext, all: readonly MemoryRecord[], records: readonly MemoryRecord[]): Promise<Map<number, Vector>> {
  const db = ctx.mind.store.db;
  const embedder = ctx.provider.embedder;
  if (readEmbedderInfo(db)?.id !== embedder.id) ctx.commit(() => clearVectorTable(db, embedder.id));
  const texts = all.map((r) => sourceTextOf(r).text);
  // The run's episodes (in seq order) are the newest; the sample is of those before them (some of
  // which may be among the beliefs' evidence: counted once).
  const seen = new Set(all.map((r) => r.seq));
  const before = records[0]?.seq ?? Number.MAX_SAFE_INTEGER;
  const others = recentEpisodes(db, before, STATISTICS_SAMPLE).filter((r) => !seen.has(r.seq));
  embedder.learn?.([...texts, ...others.map((r) => sourceTextOf(r).text)]);
  ctx.progress('embed', 0, all.length);
  const computed = await embedAll(ctx, texts);
  ctx.progress('embed', all.length, all.length);
  return new Map(all.map((r, i) => [r.seq, computed[i] as Vector]));
}
