/**
 * The gates (the seed's steps 5–6) over the run's belief model: revision, split and archive for
 * the beliefs the run touched (and archive for every other active belief the store finds stale or
 * weak), merge for settled near-duplicate pairs. A gate that fires makes a proposal, never a
 * change; under auto-apply the run applies it at once. One proposal per belief per run; a belief
 * with a pending proposal waits for that decision, and a proposal rejected while the belief stood
 * at the same version is not made again.
 */
import { contentTerms } from '../../shared/rules/contradiction';
import { archiveCandidates, mergeEligibleBeliefs } from '../store/consolidation-repo';
import { listProposals } from '../store/proposals-repo';
import { findMemoryById } from '../store/memories-repo';
import { type BeliefModel, type BeliefState, beliefLabel, confidenceOf, RECENT_VERDICTS } from './belief-model';
import { beliefFields } from './cluster-step';
import {
  ARCHIVE_CONFIDENCE,
  ARCHIVE_MIN_EVIDENCE,
  ARCHIVE_STALE_DAYS,
  archiveGate,
  type GateFacts,
  MERGE_COOLDOWN_DAYS,
  MERGE_MIN_CONFIDENCE,
  mergeGate,
  revisionGate,
  splitGate,
} from './gates';
import { autoApplyProposal, type ProposalDraft, type ProposalKind, type ProposedBelief, recordProposal } from './proposals';
import type { RunContext } from './run-context';
import { SimilarityIndex } from './similarity-index';
import { sourceTextOf } from './source-text';

const DAY_MS = 86_400_000;

interface PlannedProposal {
  draft: ProposalDraft;
  beliefs: BeliefState[];
}

/** Which beliefs already have a pending proposal, and which proposals were rejected at which version. */
class ProposalHistory {
  private readonly pending = new Set<string>();
  private readonly rejected = new Set<string>();

  constructor(ctx: RunContext) {
    const db = ctx.mind.store.db;
    for (const p of listProposals(db, 'pending', 1_000_000)) for (const t of p.targets) this.pending.add(t);
    for (const p of listProposals(db, 'rejected', 1_000_000)) {
      p.targets.forEach((t, i) => this.rejected.add(`${p.kind}:${t}:${p.targetVersions[i]}`));
    }
  }

  blocks(belief: BeliefState, kind: ProposalKind): boolean {
    if (belief.id === null) return false;
    return this.pending.has(belief.id) || this.rejected.has(`${kind}:${belief.id}:${belief.version}`);
  }
}

function factsOf(model: BeliefModel, belief: BeliefState): GateFacts {
  const evidence = model.evidenceOf(belief);
  return {
    confidence: confidenceOf(belief),
    peakConfidence: evidence.peakConfidence,
    supporting: evidence.supporting.length,
    contradicting: evidence.counter.length + evidence.partial.length,
    recentPartials: evidence.recentAgainst.slice(0, RECENT_VERDICTS).filter((op) => op === 'partial_evidence').length,
    lastReinforcedAt: belief.lastReinforcedAt ?? belief.createdAt,
    protected: belief.protected,
  };
}

export async function planGates(ctx: RunContext, model: BeliefModel): Promise<PlannedProposal[]> {
  const history = new ProposalHistory(ctx);
  const now = ctx.mind.now();
  const planned: PlannedProposal[] = [];
  const claimed = new Set<number>();
  const propose = (beliefs: BeliefState[], payload: ProposalDraft['payload'], reason: string) => {
    for (const b of beliefs) claimed.add(b.slot);
    planned.push({
      beliefs,
      draft: { targets: beliefs.map((b) => b.id ?? ''), targetVersions: beliefs.map((b) => b.version), payload, reason },
    });
  };
  const free = (belief: BeliefState, kind: ProposalKind) => belief.active && !claimed.has(belief.slot) && !history.blocks(belief, kind);

  // Revision, split, archive: the beliefs the run touched, from the run's own picture of them.
  for (const belief of model.all().filter((b) => b.touched)) {
    ctx.checkpoint();
    const facts = factsOf(model, belief);
    const revision = revisionGate(facts);
    const split = revision === null ? splitGate(facts) : null;
    const archive = revision === null && split === null ? archiveGate(facts, now) : null;
    if (revision !== null && free(belief, 'revise')) {
      const revised = await synthesizeFrom(ctx, model.evidenceOf(belief).counter, `revision of ${beliefLabel(belief)}`);
      if (revised) propose([belief], { kind: 'revise', ...revised }, revision);
    } else if (split !== null && free(belief, 'split')) {
      const evidence = model.evidenceOf(belief);
      const holds = await synthesizeFrom(ctx, evidence.supporting, `split of ${beliefLabel(belief)} (holds)`);
      const fails = await synthesizeFrom(ctx, [...evidence.counter, ...evidence.partial], `split of ${beliefLabel(belief)} (fails)`);
      if (holds && fails) propose([belief], { kind: 'split', parts: [holds, fails] }, split);
    } else if (archive !== null && free(belief, 'archive')) {
      propose([belief], { kind: 'archive' }, archive);
    }
  }

  // Archive: every other active belief the store finds weak or stale (the gate re-checks exactly).
  for (const record of archiveCandidates(ctx.mind.store.db, ARCHIVE_CONFIDENCE, now - ARCHIVE_STALE_DAYS * DAY_MS, ARCHIVE_MIN_EVIDENCE)) {
    const belief = model.find(record.id);
    if (!belief || belief.touched || !free(belief, 'archive')) continue;
    const reason = archiveGate(factsOf(model, belief), now);
    if (reason !== null) propose([belief], { kind: 'archive' }, reason);
  }

  // Merge: settled, confident near-duplicates in the same scope.
  const eligible = mergeEligibleBeliefs(ctx.mind.store.db, MERGE_MIN_CONFIDENCE, now - MERGE_COOLDOWN_DAYS * DAY_MS)
    .map((r) => model.find(r.id))
    .filter((b): b is BeliefState => b !== undefined && !b.touched);
  const pairs = new SimilarityIndex();
  for (const belief of eligible) pairs.add(belief.vector, contentTerms(belief.statement));
  for (const [i, a] of eligible.entries()) {
    if (!free(a, 'merge')) continue;
    for (const { slot, score } of pairs.near(a.vector, contentTerms(a.statement), ctx.thresholds.merge, (s) => s > i)) {
      const b = eligible[slot] as BeliefState;
      const reason = mergeGate(asMergeSide(a), asMergeSide(b), score, ctx.thresholds.merge, now);
      if (reason === null || !free(b, 'merge')) continue;
      propose([a, b], mergePayload(model, a, b), reason);
      break;
    }
  }
  return planned;
}

const asMergeSide = (b: BeliefState) => ({ confidence: confidenceOf(b), scope: b.scope, project: b.project, updatedAt: b.updatedAt });

/** The merged belief keeps the more confident statement (the older on a tie) and both beliefs' evidence. */
function mergePayload(model: BeliefModel, a: BeliefState, b: BeliefState): ProposalDraft['payload'] {
  const keep = confidenceOf(b) > confidenceOf(a) ? b : a;
  const ea = model.evidenceOf(a);
  const eb = model.evidenceOf(b);
  return {
    kind: 'merge',
    statement: keep.statement,
    fields: keep.fields,
    evidence: [...new Set([...ea.supporting, ...eb.supporting])],
    counterEvidence: [...new Set([...ea.counter, ...eb.counter])],
  };
}

/** A belief synthesized by the provider from some of the belief's episodes (null if the call failed). */
async function synthesizeFrom(ctx: RunContext, episodeIds: readonly string[], item: string): Promise<ProposedBelief | null> {
  const sources = episodeIds
    .map((id) => findMemoryById(ctx.mind.store.db, id))
    .filter((r) => r !== null && r.status !== 'forgotten')
    .map((r) => sourceTextOf(r as NonNullable<typeof r>));
  if (sources.length === 0) return null;
  const candidate = await ctx.call(item, (signal) => ctx.provider.synthesize(sources, signal));
  if (candidate === null || typeof candidate.statement !== 'string' || candidate.statement.trim() === '') return null;
  return { statement: candidate.statement.trim(), fields: beliefFields(candidate), evidence: sources.map((s) => s.id) };
}

export function commitProposal(ctx: RunContext, model: BeliefModel, planned: PlannedProposal): void {
  const { draft, beliefs } = planned;
  const auto = ctx.options.settings.autoApplyProposals;
  let gone: string | null = null;
  ctx.commit(() => {
    gone = model.leftPlay(beliefs);
    if (gone !== null) return;
    const id = recordProposal(ctx.mind, draft, ctx.write);
    if (auto) autoApplyProposal(ctx.mind, id, ctx.write);
  });
  if (gone !== null) {
    ctx.skip(`${draft.payload.kind} proposal for ${beliefs.map(beliefLabel).join(' and ')}`, gone);
    return;
  }
  const labels = beliefs.map((b) => `"${b.statement}"`).join(' and ');
  ctx.counts.proposals += 1;
  ctx.act(`propose_${draft.payload.kind}`, beliefs[0]?.id ?? null, `Propose to ${draft.payload.kind} ${labels}: ${draft.reason}`);
  if (auto) {
    for (const belief of beliefs) model.deactivate(belief);
    ctx.counts.applied += 1;
    ctx.act('apply_proposal', beliefs[0]?.id ?? null, `Auto-applied: ${draft.payload.kind} ${labels}`);
  }
}
