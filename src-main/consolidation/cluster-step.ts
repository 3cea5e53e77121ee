/**
 * One cluster of new episodes, the seed's steps 3–4: synthesize a candidate, drop it if it was
 * rejected before, then match it against the active beliefs:
 * - the cluster's episodes resemble a belief's episodes (average linkage at the attach threshold,
 *   belief-model.ts's profiles), and the
 *   contradiction rules oppose neither the candidate nor any of the episodes to the belief's
 *   statement → it is that belief's lesson again: each
 *   episode reinforces it (this keeps a lesson from being drafted twice when its episodes arrive
 *   in batches);
 * - statement ≥ reinforce threshold, saying the same as the belief (offline/statement-twins.ts: in
 *   the lexical space, not another detail in the same pattern), and the contradiction rules do not
 *   fire (a one-word negation is textually close) → each episode reinforces the belief (α+1,
 *   evidence link);
 * - ≥ related threshold → the closest beliefs that stood before this run (up to the budget's
 *   classifications per cluster) are classified against the candidate: supports → α+1 per episode with evidence links;
 *   contradicts → β+1 per episode with counter-evidence links; partial → recorded per episode
 *   (journal `partial_evidence`, no confidence change; the split gate counts it); irrelevant →
 *   nothing. When every verdict is irrelevant the candidate is novel after all;
 * - otherwise novel → a new belief, α = 1 + N, derived from and supported by its N episodes,
 *   pending review.
 * Planning is async (provider calls) and reads only the run's belief model; committing is
 * synchronous, one transaction per cluster, and marks the cluster's episodes handled.
 */
import { contentTerms, contradictionBetween, detectContradiction, type ReadStatement, readStatement } from '../../shared/rules/contradiction';
import { insertMarks } from '../store/consolidation-repo';
import { appendJournal } from '../store/journal-repo';
import type { MemoryRecord } from '../store/memory-record';
import { writeEmbedding } from '../store/vectors-repo';
import { addCounterEpisodes, reinforceWithEpisodes } from '../mind/confidence-ops';
import { createMemory } from '../mind/create';
import { type BeliefModel, type BeliefState, beliefLabel, confidenceOf, type Profile } from './belief-model';
import type { BeliefCandidate, Classification, SourceText } from './provider';
import type { RunContext } from './run-context';
import { embedChecked } from './reembed';
import { explainCluster, recordExplanation } from './explanation';
import type { RejectionFilter } from './rejection-filter';
import { clusterItems } from './cluster';
import { meanDirection, type Vector } from './vector-math';

export interface EpisodeItem {
  record: MemoryRecord;
  source: SourceText;
  /** Its text as the contradiction rules read it. */
  read: ReadStatement;
  vector: Vector;
}

/**
 * The episodes' clusters (indexes into `episodes`): average linkage at `threshold`, never joining
 * two episodes the contradiction rules oppose (cluster.ts). The offline run and `reflect` group alike.
 */
export function clusterEpisodes(episodes: readonly EpisodeItem[], threshold: number): number[][] {
  const at = (i: number) => episodes[i] as EpisodeItem;
  return clusterItems(
    episodes.map((e) => ({ vector: e.vector, terms: e.read.terms })),
    threshold,
    { opposed: (a, b) => contradictionBetween(at(a).read, at(b).read) !== null, takesSide: (i) => at(i).read.takesSide },
  );
}

interface Verdict {
  belief: BeliefState;
  classification: Classification;
  reasoning: string;
}

export type ClusterDecision =
  | { kind: 'skipped' }
  | { kind: 'rejected'; statement: string; why: string }
  | { kind: 'reinforce'; belief: BeliefState; why: string }
  | { kind: 'classified'; verdicts: Verdict[] }
  /** `captures`: raw captures the belief also rests on (an agent's reflection may cite them): lineage, not evidence. */
  | { kind: 'novel'; candidate: BeliefCandidate; vector: Vector; profile: Profile; captures?: readonly string[] };

export async function planCluster(
  ctx: RunContext,
  model: BeliefModel,
  rejections: RejectionFilter,
  episodes: readonly EpisodeItem[],
): Promise<ClusterDecision> {
  const label = clusterLabel(episodes);
  const candidate = await ctx.call(label, (signal) => ctx.provider.synthesize(episodes.map((e) => e.source), signal));
  if (candidate === null) return { kind: 'skipped' };
  const statement = typeof candidate.statement === 'string' ? candidate.statement.trim() : '';
  if (statement === '') {
    ctx.skip(label, 'malformed: the synthesized statement is empty');
    return { kind: 'skipped' };
  }
  if (rejections.byFingerprint(statement)) return { kind: 'rejected', statement, why: 'same text as a rejected statement' };
  const vectors = await ctx.call(label, (signal) => embedChecked(ctx.provider.embedder, [statement], signal));
  const vector = vectors?.[0];
  if (!vector) return { kind: 'skipped' };
  const rejected = rejections.bySimilarity(statement, vector, ctx.thresholds.rejection);
  if (rejected !== null) return { kind: 'rejected', statement, why: `close to the rejected "${rejected}"` };

  const fits = fitsPlacement(placementOf(episodes));
  const profile = meanDirection(episodes.map((e) => e.vector));
  const terms = [...new Set(episodes.flatMap((e) => contentTerms(e.source.text)))];
  const kin = model.profileMatches(profile, terms, ctx.thresholds.attach, fits)[0];
  const opposed = (belief: BeliefState) => {
    const read = readStatement(belief.statement);
    return [readStatement(statement), ...episodes.map((e) => e.read)].some((text) => contradictionBetween(text, read) !== null);
  };
  if (kin && !opposed(kin.belief)) {
    return { kind: 'reinforce', belief: kin.belief, why: `its episodes resemble this belief's (average similarity ${kin.average.toFixed(2)})` };
  }
  const near = model.index.near(vector, contentTerms(statement), ctx.thresholds.related, (slot) => fits(model.at(slot)));
  const twin = near.find((neighbour) => neighbour.score >= ctx.thresholds.reinforce && ctx.twins(statement, model.at(neighbour.slot).statement));
  if (twin && !detectContradiction(statement, model.at(twin.slot).statement)) {
    return { kind: 'reinforce', belief: model.at(twin.slot), why: `similarity ${twin.score.toFixed(2)}` };
  }
  // Only a belief that stood before this run is classified against: two lessons met in one batch
  // are drafted side by side (the scan then records their contradiction), neither judged by the other.
  const standing = near.filter((neighbour) => model.at(neighbour.slot).newKey === null);
  const verdicts: Verdict[] = [];
  for (const neighbour of standing.slice(0, ctx.budget.maxClassificationsPerCluster)) {
    const belief = model.at(neighbour.slot);
    ctx.counts.classifications += 1;
    const result = await ctx.call(`classify ${beliefLabel(belief)} against ${label}`, (signal) =>
      ctx.provider.classify({ id: belief.id ?? 'new', text: belief.statement }, { id: 'candidate', text: statement }, signal),
    );
    if (result !== null && result.classification !== 'irrelevant') {
      verdicts.push({ belief, classification: result.classification, reasoning: result.reasoning });
    }
  }
  if (verdicts.length > 0) return { kind: 'classified', verdicts };
  return { kind: 'novel', candidate: { ...candidate, statement }, vector, profile };
}

/** Whether a belief may take episodes placed here: a global one, or one of the same scope and project. */
export function fitsPlacement(placement: { scope: string; project: string | null }): (belief: BeliefState) => boolean {
  return (belief) => belief.active && (belief.scope === 'global' || (belief.scope === placement.scope && belief.project === placement.project));
}

/** Where a new belief belongs: the episodes' project when they all share one, else global. */
export function placementOf(episodes: readonly EpisodeItem[]): { scope: string; project: string | null } {
  const first = episodes[0]?.record;
  if (first && episodes.every((e) => e.record.scope === first.scope && e.record.project === first.project)) {
    return { scope: first.scope, project: first.project };
  }
  return { scope: 'global', project: null };
}

const clusterLabel = (episodes: readonly EpisodeItem[]) => `cluster of ${episodes.map((e) => e.record.id).join(', ')}`;

/** The existing beliefs a decision changes. */
function targetsOf(decision: ClusterDecision): BeliefState[] {
  if (decision.kind === 'reinforce') return [decision.belief];
  if (decision.kind === 'classified') return decision.verdicts.map((v) => v.belief);
  return [];
}

export function commitCluster(ctx: RunContext, model: BeliefModel, episodes: readonly EpisodeItem[], decision: ClusterDecision): void {
  if (decision.kind === 'skipped') return;
  // The marks and the belief changes stand or fall together: episodes are never marked handled
  // without what they taught. A belief another writer archived meanwhile skips the cluster (its
  // episodes wait, unmarked, for the next run) instead of failing the run.
  ctx.atomically(() => {
    const gone = ctx.dryRun ? null : model.leftPlay(targetsOf(decision));
    if (gone !== null) ctx.skip(clusterLabel(episodes), gone);
    else applyCluster(ctx, model, episodes, decision);
  });
}

function applyCluster(ctx: RunContext, model: BeliefModel, episodes: readonly EpisodeItem[], decision: Exclude<ClusterDecision, { kind: 'skipped' }>): void {
  ctx.commit(() => insertMarks(ctx.mind.store.db, episodes.map((e) => e.record.seq), 'cluster', ctx.runId));
  if (decision.kind === 'rejected') {
    ctx.counts.droppedByRejection += 1;
    ctx.act('drop_rejected', null, `Dropped "${decision.statement}": ${decision.why}`);
    return;
  }
  const ids = episodes.map((e) => e.record.id);
  switch (decision.kind) {
    case 'reinforce':
      support(ctx, model, decision.belief, ids, decision.why);
      break;
    case 'novel':
      createBelief(ctx, model, episodes, decision);
      break;
    case 'classified':
      for (const verdict of decision.verdicts) {
        if (verdict.classification === 'supports') support(ctx, model, verdict.belief, ids, verdict.reasoning);
        else if (verdict.classification === 'contradicts') contradict(ctx, model, verdict.belief, ids, verdict.reasoning);
        else partial(ctx, model, verdict.belief, ids, verdict.reasoning);
      }
      break;
  }
}

/** The model follows the store: one change, one new version. */
function touch(ctx: RunContext, belief: BeliefState): void {
  belief.touched = true;
  belief.updatedAt = ctx.mind.now();
  belief.version += 1;
}

export function support(ctx: RunContext, model: BeliefModel, belief: BeliefState, episodeIds: readonly string[], why: string): void {
  const evidence = model.evidenceOf(belief);
  const fresh = episodeIds.filter((id) => !evidence.supporting.includes(id));
  if (fresh.length === 0) return;
  const before = confidenceOf(belief);
  ctx.commit(() => reinforceWithEpisodes(ctx.mind, belief.id as string, fresh, { ...ctx.write, reason: why }));
  belief.alpha += fresh.length;
  belief.lastReinforcedAt = ctx.mind.now();
  evidence.supporting.push(...fresh);
  evidence.peakConfidence = Math.max(evidence.peakConfidence, confidenceOf(belief));
  touch(ctx, belief);
  ctx.counts.reinforced += 1;
  ctx.act('reinforce', belief.id, `+${fresh.length} supporting episodes for "${belief.statement}" (confidence ${before.toFixed(2)} → ${confidenceOf(belief).toFixed(2)})`);
}

export function contradict(ctx: RunContext, model: BeliefModel, belief: BeliefState, episodeIds: readonly string[], why: string): void {
  const evidence = model.evidenceOf(belief);
  const fresh = episodeIds.filter((id) => !evidence.counter.includes(id));
  if (fresh.length === 0) return;
  const before = confidenceOf(belief);
  ctx.commit(() => addCounterEpisodes(ctx.mind, belief.id as string, fresh, { ...ctx.write, reason: why }));
  belief.beta += fresh.length;
  evidence.counter.push(...fresh);
  evidence.recentAgainst.unshift(...fresh.map(() => 'counter_evidence'));
  touch(ctx, belief);
  ctx.counts.contradicted += 1;
  ctx.act('counter_evidence', belief.id, `+${fresh.length} contradicting episodes for "${belief.statement}" (confidence ${before.toFixed(2)} → ${confidenceOf(belief).toFixed(2)})`);
}

export function partial(ctx: RunContext, model: BeliefModel, belief: BeliefState, episodeIds: readonly string[], why: string): void {
  const evidence = model.evidenceOf(belief);
  const fresh = episodeIds.filter((id) => !evidence.partial.includes(id));
  if (fresh.length === 0) return;
  ctx.commit(() =>
    appendJournal(ctx.mind.store.db, {
      at: ctx.mind.now(),
      actor: ctx.actor,
      op: 'partial_evidence',
      memoryId: belief.id,
      runId: ctx.runId,
      after: { classification: 'partial', episodes: fresh },
      reason: why,
      evidence: fresh,
    }),
  );
  evidence.partial.push(...fresh);
  evidence.recentAgainst.unshift(...fresh.map(() => 'partial_evidence'));
  belief.touched = true;
  ctx.counts.partial += 1;
  ctx.act('partial_evidence', belief.id, `${fresh.length} episodes support "${belief.statement}" only in part`);
}

function createBelief(ctx: RunContext, model: BeliefModel, episodes: readonly EpisodeItem[], decision: Extract<ClusterDecision, { kind: 'novel' }>): void {
  const { candidate, vector, profile } = decision;
  const ids = episodes.map((e) => e.record.id);
  const { scope, project } = placementOf(episodes);
  const fields = beliefFields(candidate);
  const state = model.addNew({ statement: candidate.statement, fields, vector, profile, scope, project, episodes: ids, at: ctx.mind.now() });
  const explanation = explainCluster(ctx, episodes, profile.direction, candidate.citations ?? []);
  ctx.commit(() => {
    const created = createMemory(
      ctx.mind,
      { type: 'belief', content: candidate.statement, fields, sourceType: 'consolidation', derivedFrom: [...ids, ...(decision.captures ?? [])], evidence: ids, scope, project },
      ctx.write,
    );
    if (vector instanceof Float32Array) writeEmbedding(ctx.mind.store.db, created.seq, vector);
    recordExplanation(ctx, created.seq, explanation);
    model.bind(state, created);
  });
  ctx.counts.created += 1;
  ctx.act('create_belief', state.id, `New belief from ${ids.length} episodes: "${candidate.statement}" (confidence ${confidenceOf(state).toFixed(2)}, pending review)`);
}

/** The candidate's structured fields, as the belief's validated type fields. */
export function beliefFields(candidate: BeliefCandidate): Record<string, unknown> {
  const fields: Record<string, unknown> = { timeframe: candidate.timeframe };
  for (const key of ['subject', 'predicate', 'context'] as const) {
    const value = candidate[key];
    if (typeof value === 'string' && value.trim() !== '') fields[key] = value.trim();
  }
  return fields;
}
