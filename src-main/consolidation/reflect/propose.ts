/**
 * Reflection by the agent, second half (`propose_beliefs`): the agent's answer to a batch
 * (reflect-batch.ts), checked before anything is written, then written as one consolidation run
 * by the agent.
 *
 * Each proposed belief must cite ids its batch handed out (episodes are its evidence, raw captures
 * its lineage only) and is then decided as the offline run decides a cluster's candidate
 * (cluster-step.ts), in the same lexical space and at its thresholds: a statement a person rejected
 * (same text, or close to it) is dropped; one close to an active belief (the reinforce threshold,
 * and the contradiction rules do not oppose them) reinforces that belief with its episodes; the
 * rest become new beliefs, pending review, drafted from their episodes, with their explanation.
 * Two proposals of one answer that say the same thing become one belief. Reinforcements of
 * existing beliefs name an active belief and episodes of the batch.
 *
 * What passes is written as one run (trigger `agent`, actor `agent:NAME`), in one transaction:
 * the changeset on `#/runs`, reverted like any run. The new beliefs' rule contradictions with the
 * active beliefs are recorded under the run. Every episode of the batch is then handled: cited
 * ones marked as clustered, the rest as unclustered (the offline look-back may still group them),
 * and the batch's captures as seen by triage; the checkpoint advances. An answer whose every
 * proposal fails its citations writes nothing and keeps the batch, so the agent can correct it.
 */
import { contentTerms, detectContradiction } from '../../../shared/rules/contradiction';
import { MindError } from '../../../shared/errors';
import { insertMarks } from '../../store/consolidation-repo';
import { findMemoriesBySeqs, findMemoryById } from '../../store/memories-repo';
import type { MemoryRecord } from '../../store/memory-record';
import { deleteBatch, findBatch } from '../../store/reflect-batches-repo';
import { claimRun } from '../../mind/run-lease';
import type { Mind } from '../../mind/mind';
import { recordContradictionsOf } from '../../mind/contradictions';
import { BeliefModel, type BeliefState } from '../belief-model';
import { advanceCheckpoint } from '../checkpoint';
import { type ClusterDecision, commitCluster, type EpisodeItem, fitsPlacement, placementOf } from '../cluster-step';
import type { LexicalEmbedder } from '../offline/lexical-embedder';
import { createOfflineProvider } from '../offline/offline-provider';
import type { BeliefCandidate, ConsolidationProvider } from '../provider';
import { RejectionFilter } from '../rejection-filter';
import { RunContext } from '../run-context';
import { closeRun } from '../run';
import { readSettings } from '../settings-store';
import { twinTestFor } from '../offline/statement-twins';
import { thresholdsFor } from '../thresholds';
import { meanDirection } from '../vector-math';
import { beliefsBearingOn, episodeItems, learnedSpace } from './reflect-batch';

export interface ProposedBelief {
  readonly statement: string;
  readonly subject?: string | undefined;
  readonly predicate?: string | undefined;
  readonly context?: string | undefined;
  readonly timeframe?: 'current' | 'past' | 'always' | undefined;
  /** The ids (episodes, raw captures) of the batch it rests on. */
  readonly cites: readonly string[];
}

export interface ProposedReinforcement {
  readonly belief: string;
  readonly cites: readonly string[];
  readonly reason?: string | undefined;
}

export interface BeliefProposals {
  readonly batch: string;
  readonly beliefs: readonly ProposedBelief[];
  readonly reinforcements: readonly ProposedReinforcement[];
}

export interface AcceptedProposal {
  readonly proposal: 'belief' | 'reinforcement';
  /** Its place in the answer's list. */
  readonly index: number;
  /** `created`: a new belief; `reinforced`: an existing one (asked for, or the statement was a near-duplicate). */
  readonly outcome: 'created' | 'reinforced' | 'merged';
  readonly beliefId: string;
  readonly statement: string;
  readonly episodes: string[];
  readonly why: string;
}

export interface DroppedProposal {
  readonly proposal: 'belief' | 'reinforcement';
  readonly index: number;
  readonly statement: string;
  readonly reason: string;
}

export interface ProposalOutcome {
  /** The run the answer was written as; null when nothing was written. */
  readonly runId: string | null;
  readonly accepted: AcceptedProposal[];
  readonly dropped: DroppedProposal[];
  readonly contradictions: { readonly beliefId: string; readonly with: string; readonly kind: string }[];
  /** Episodes of the batch now consolidated (cited or not). */
  readonly episodesHandled: number;
}

/** Active beliefs compared with each statement: the closest of those sharing its telling words. */
const CANDIDATES_PER_STATEMENT = 10;
/** The offline embedder answers at once; the signal only satisfies its interface. */
const REJECTION_LOAD_MS = 60_000;

/** The agent's reasoning, measured in the offline space: only its id and embedder are read by the run. */
function agentProvider(): ConsolidationProvider {
  return { ...createOfflineProvider(), id: 'agent' };
}

interface Cited {
  readonly episodes: EpisodeItem[];
  readonly captures: string[];
}

type Plan =
  | { kind: 'create'; index: number; candidate: BeliefCandidate; cited: Cited; state: BeliefState; merged: { index: number; episodes: string[] }[] }
  | { kind: 'reinforce'; proposal: 'belief' | 'reinforcement'; index: number; statement: string; belief: BeliefState; cited: Cited; why: string };

export async function proposeBeliefs(mind: Mind, answer: BeliefProposals, options: { actor: string }): Promise<ProposalOutcome> {
  const db = mind.store.db;
  const batch = findBatch(db, answer.batch);
  if (batch === null) {
    throw new MindError(
      'not_found',
      `No batch "${answer.batch}" is waiting for an answer: call reflect for one (a batch is closed once answered, and only the newest are kept).`,
      { batch: answer.batch },
    );
  }
  const handedOut = findMemoriesBySeqs(db, [...batch.episodes, ...batch.raws]);
  const byId = new Map(handedOut.map((record) => [record.id, record]));
  const episodes = handedOut.filter((r) => r.type === 'episode');
  const statements = answer.beliefs.map((b) => b.statement.trim());
  // The batch's space (as reflect learned it, with the statements): a candidate's rarer words weigh as unseen ones.
  const embedder = learnedSpace(mind, episodes, statements);
  const candidates = candidateBeliefs(mind, embedder, answer, statements);
  const items = new Map(episodeItems(episodes, embedder).map((item) => [item.record.id, item]));
  const rejections = await RejectionFilter.load(mind, (texts) => embedder.embed(texts, AbortSignal.timeout(REJECTION_LOAD_MS)));
  const model = new BeliefModel(mind);
  for (const record of candidates) model.addExisting(record, embedder.vectorOf(record.content), null);
  const thresholds = thresholdsFor(embedder.id);
  const twins = twinTestFor(embedder.id);

  const plans: Plan[] = [];
  const dropped: DroppedProposal[] = [];
  let citationFailures = 0;
  let rejectedCount = 0;
  const cite = (ids: readonly string[]): Cited | string => {
    const unique = [...new Set(ids.map((id) => id.trim()))];
    if (unique.length === 0) return 'it cites nothing: name the episodes of the batch it rests on';
    const cited: Cited = { episodes: [], captures: [] };
    for (const id of unique) {
      const record = byId.get(id);
      if (record === undefined) return findMemoryById(db, id) === null ? `it cites ${id}, which does not exist` : `it cites ${id}, which batch ${answer.batch} did not hand out`;
      if (record.status !== 'active') return `it cites ${id}, which is ${record.status} since the batch was handed out`;
      if (record.type === 'episode') cited.episodes.push(items.get(id) as EpisodeItem);
      else cited.captures.push(id);
    }
    if (cited.episodes.length === 0) return 'it cites no episode: a belief rests on at least one episode of the batch';
    return cited;
  };

  answer.beliefs.forEach((proposal, index) => {
    const statement = statements[index] as string;
    const cited = cite(proposal.cites);
    if (typeof cited === 'string') {
      citationFailures += 1;
      dropped.push({ proposal: 'belief', index, statement, reason: cited });
      return;
    }
    if (rejections.byFingerprint(statement)) {
      rejectedCount += 1;
      dropped.push({ proposal: 'belief', index, statement, reason: 'a person rejected this statement before; it is not learned again' });
      return;
    }
    const vector = embedder.vectorOf(statement);
    const rejected = rejections.bySimilarity(statement, vector, thresholds.rejection);
    if (rejected !== null) {
      rejectedCount += 1;
      dropped.push({ proposal: 'belief', index, statement, reason: `it is close to "${rejected}", which a person rejected; it is not learned again` });
      return;
    }
    const fits = fitsPlacement(placementOf(cited.episodes));
    const closest = model.index.near(vector, contentTerms(statement), thresholds.reinforce, (slot) => fits(model.at(slot)) && twins(statement, model.at(slot).statement))[0];
    const twin = closest && !detectContradiction(statement, model.at(closest.slot).statement) ? model.at(closest.slot) : null;
    if (twin !== null && twin.newKey !== null) {
      const first = plans.find((p): p is Extract<Plan, { kind: 'create' }> => p.kind === 'create' && p.state === twin) as Extract<Plan, { kind: 'create' }>;
      first.cited.episodes.push(...cited.episodes.filter((e) => !first.cited.episodes.includes(e)));
      first.cited.captures.push(...cited.captures.filter((c) => !first.cited.captures.includes(c)));
      first.merged.push({ index, episodes: cited.episodes.map((e) => e.record.id) });
      return;
    }
    if (twin !== null) {
      const why = `a near-duplicate of ${twin.id} "${twin.statement}" (similarity ${(closest?.score ?? 0).toFixed(2)}): its episodes reinforce it`;
      plans.push({ kind: 'reinforce', proposal: 'belief', index, statement, belief: twin, cited, why });
      return;
    }
    const candidate: BeliefCandidate = {
      statement,
      subject: proposal.subject?.trim() ?? '',
      predicate: proposal.predicate?.trim() ?? '',
      context: proposal.context?.trim() ?? '',
      timeframe: proposal.timeframe ?? 'current',
      citations: cited.episodes.map((e) => e.record.id),
    };
    const { scope, project } = placementOf(cited.episodes);
    const profile = meanDirection(cited.episodes.map((e) => e.vector));
    const state = model.addNew({ statement, fields: {}, vector, profile, scope, project, episodes: candidate.citations ?? [], at: mind.now() });
    plans.push({ kind: 'create', index, candidate, cited, state, merged: [] });
  });

  answer.reinforcements.forEach((proposal, index) => {
    const statement = proposal.belief;
    const belief = model.find(proposal.belief.trim());
    const cited = cite(proposal.cites);
    if (belief === undefined || !belief.active) {
      dropped.push({ proposal: 'reinforcement', index, statement, reason: `${proposal.belief} is not an active belief` });
      return;
    }
    if (typeof cited === 'string') {
      citationFailures += 1;
      dropped.push({ proposal: 'reinforcement', index, statement: belief.statement, reason: cited });
      return;
    }
    const why = proposal.reason?.trim() || `the agent found its episodes bear it out`;
    plans.push({ kind: 'reinforce', proposal: 'reinforcement', index, statement: belief.statement, belief, cited, why });
  });

  const total = answer.beliefs.length + answer.reinforcements.length;
  if (citationFailures > 0 && plans.length === 0 && dropped.length === total) {
    return { runId: null, accepted: [], dropped, contradictions: [], episodesHandled: 0 };
  }
  const handed = { episodes, raws: handedOut.filter((r) => r.type === 'raw') };
  return write(mind, answer.batch, handed, plans, dropped, rejectedCount, options.actor, model);
}

/** Active beliefs a statement may repeat (the closest few of each), and the beliefs the reinforcements name. */
function candidateBeliefs(mind: Mind, embedder: LexicalEmbedder, answer: BeliefProposals, statements: readonly string[]): MemoryRecord[] {
  const found = new Map<number, MemoryRecord>();
  for (const near of beliefsBearingOn(mind, embedder, statements)) for (const record of near.slice(0, CANDIDATES_PER_STATEMENT)) found.set(record.seq, record);
  for (const { belief } of answer.reinforcements) {
    const record = findMemoryById(mind.store.db, belief.trim());
    if (record?.type === 'belief' && record.status === 'active') found.set(record.seq, record);
  }
  return [...found.values()];
}

function write(
  mind: Mind,
  batchId: string,
  handedOut: { episodes: readonly MemoryRecord[]; raws: readonly MemoryRecord[] },
  plans: readonly Plan[],
  dropped: DroppedProposal[],
  rejectedCount: number,
  actor: string,
  model: BeliefModel,
): ProposalOutcome {
  const db = mind.store.db;
  const runId = mind.newRecordId('run');
  claimRun(mind, { id: runId, trigger: 'agent', provider: 'agent' });
  const ctx = new RunContext(mind, runId, { trigger: 'agent', provider: agentProvider(), settings: readSettings(mind), actor });
  const accepted: AcceptedProposal[] = [];
  const contradictions: ProposalOutcome['contradictions'] = [];
  try {
    ctx.atomically(() => {
      for (const plan of plans) {
        const ids = plan.cited.episodes.map((e) => e.record.id);
        if (plan.kind === 'reinforce') {
          const decision: ClusterDecision = { kind: 'reinforce', belief: plan.belief, why: plan.why };
          const skipped = ctx.skipped.length;
          commitCluster(ctx, model, plan.cited.episodes, decision);
          if (ctx.skipped.length > skipped) {
            dropped.push({ proposal: plan.proposal, index: plan.index, statement: plan.statement, reason: ctx.skipped.at(-1)?.reason ?? 'its belief left play' });
            continue;
          }
          const beliefId = plan.belief.id as string;
          accepted.push({ proposal: plan.proposal, index: plan.index, outcome: 'reinforced', beliefId, statement: plan.statement, episodes: ids, why: plan.why });
          continue;
        }
        model.deactivate(plan.state);
        const profile = meanDirection(plan.cited.episodes.map((e) => e.vector));
        const decision: ClusterDecision = { kind: 'novel', candidate: plan.candidate, vector: plan.state.vector, profile, captures: plan.cited.captures };
        commitCluster(ctx, model, plan.cited.episodes, decision);
        const created = ctx.actions.at(-1)?.memoryId as string;
        const why = `new belief, pending review, drafted from ${ids.length} episode${ids.length === 1 ? '' : 's'}`;
        accepted.push({ proposal: 'belief', index: plan.index, outcome: 'created', beliefId: created, statement: plan.candidate.statement, episodes: ids, why });
        for (const merged of plan.merged) {
          accepted.push({ proposal: 'belief', index: merged.index, outcome: 'merged', beliefId: created, statement: plan.candidate.statement, episodes: merged.episodes, why: `says what proposal ${plan.index} says: one belief, drafted from both` });
        }
      }
      for (const entry of accepted.filter((a) => a.outcome === 'created')) {
        const record = findMemoryById(db, entry.beliefId) as MemoryRecord;
        for (const match of recordContradictionsOf(mind, record, { actor, runId })) {
          contradictions.push({ beliefId: entry.beliefId, with: match.belief.id, kind: match.kind });
          ctx.counts.contradictionsRecorded += 1;
        }
      }
      const cited = new Set(plans.flatMap((p) => p.cited.episodes.map((e) => e.record.seq)));
      ctx.commit(() => {
        insertMarks(db, handedOut.episodes.filter((e) => !cited.has(e.seq)).map((e) => e.seq), 'unclustered', runId);
        insertMarks(db, handedOut.raws.map((r) => r.seq), 'triage', runId);
        advanceCheckpoint(mind, { compact: false });
        deleteBatch(db, batchId);
      });
    });
  } catch (error) {
    closeRun(ctx, 'failed', error instanceof Error ? error.message : String(error));
    throw error;
  }
  ctx.counts.droppedByRejection = rejectedCount;
  ctx.counts.clustersFound = plans.length;
  ctx.counts.clustersHandled = plans.length;
  closeRun(ctx, 'completed', null);
  return { runId, accepted: accepted.sort((a, b) => a.proposal.localeCompare(b.proposal) || a.index - b.index), dropped, contradictions, episodesHandled: handedOut.episodes.length };
}
