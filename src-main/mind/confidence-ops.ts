/**
 * Operations that move confidence: verification, reinforcement, evidence for and against.
 * Beliefs follow Beta-Bernoulli (α supports, β contradicts); other types use the seed's boosts.
 */
import { MindError } from '../../shared/errors';
import { isEpisodeId, withArticle } from '../../shared/model';
import { betaConfidence, reinforcedConfidence, verifiedConfidence } from '../../shared/rules/confidence';
import { insertLink } from '../store/links-repo';
import type { MemoryPatch, MemoryRecord } from '../store/memory-record';
import { applyChange, loadMemory, loadWritable } from './change';
import type { Mind } from './mind';
import type { WriteOptions } from './write-options';

function requireActiveForEvidence(record: MemoryRecord): void {
  if (record.status !== 'active') {
    throw new MindError('invalid_state', `${record.id} is ${record.status}; only active memories take new evidence or verification.`, {
      id: record.id,
      status: record.status,
    });
  }
}

function requireBelief(record: MemoryRecord): void {
  if (record.type !== 'belief') {
    throw new MindError('not_a_belief', `${record.id} is ${withArticle(record.type)}; only beliefs take counter-evidence.`, { id: record.id });
  }
}

/** A belief's α/β/confidence patch after `supports` observations for it and `contradicts` against. */
function observeBelief(record: MemoryRecord, supports: number, contradicts: number): MemoryPatch {
  const alpha = (record.alpha ?? 1) + supports;
  const beta = (record.beta ?? 1) + contradicts;
  return { alpha, beta, confidence: betaConfidence(alpha, beta) };
}

export function verifyMemory(mind: Mind, id: string, input: { evidence?: string | undefined }, options: WriteOptions): MemoryRecord {
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    requireActiveForEvidence(current);
    const confidencePatch = current.type === 'belief' ? observeBelief(current, 1, 0) : { confidence: verifiedConfidence(current.confidence) };
    return applyChange(
      mind,
      current,
      { ...confidencePatch, verificationCount: current.verificationCount + 1, lastVerifiedAt: mind.now() },
      { op: 'verify', options, evidence: input.evidence ?? null },
    );
  });
}

/**
 * Reinforcement with the evidence that triggered it. When the evidence names an episode, it is
 * linked as supporting evidence (once).
 */
export function reinforceMemory(mind: Mind, id: string, input: { evidence?: string | undefined }, options: WriteOptions): MemoryRecord {
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    requireActiveForEvidence(current);
    const episode = linkableEpisode(mind, input.evidence, current);
    const linked = episode !== null && insertLink(mind.store.db, { fromSeq: current.seq, toSeq: episode.seq, kind: 'evidence' }, mind.now());
    const confidencePatch =
      current.type === 'belief'
        ? observeBelief(current, 1, 0)
        : { confidence: reinforcedConfidence(current.confidence, current.timesReinforced) };
    return applyChange(
      mind,
      current,
      {
        ...confidencePatch,
        timesReinforced: current.timesReinforced + 1,
        lastReinforcedAt: mind.now(),
        ...(linked ? { eventEvidenceCount: current.eventEvidenceCount + 1 } : {}),
      },
      { op: 'reinforce', options, evidence: input.evidence ?? null, note: linked ? { evidenceLinked: episode?.id } : undefined },
    );
  });
}

/** A supporting episode for a memory (beliefs: α+1). */
export function linkEvidence(mind: Mind, id: string, episodeId: string, options: WriteOptions): MemoryRecord {
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    requireActiveForEvidence(current);
    const episode = requireEpisode(mind, episodeId, current);
    if (!insertLink(mind.store.db, { fromSeq: current.seq, toSeq: episode.seq, kind: 'evidence' }, mind.now())) {
      throw new MindError('invalid_input', `${episodeId} is already evidence for ${id}.`, { id, episodeId });
    }
    return applyChange(
      mind,
      current,
      { ...(current.type === 'belief' ? observeBelief(current, 1, 0) : {}), eventEvidenceCount: current.eventEvidenceCount + 1 },
      { op: 'link_evidence', options, evidence: episodeId, note: { evidenceLinked: episodeId } },
    );
  });
}

/**
 * Several supporting episodes at once (consolidation: a cluster of episodes bearing out a belief):
 * each episode not yet linked is linked as evidence and counts as one reinforcement (beliefs: α+1
 * each). One change and one journal row for the lot; episodes already linked are left out.
 */
export function reinforceWithEpisodes(mind: Mind, id: string, episodeIds: readonly string[], options: WriteOptions): MemoryRecord {
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    requireActiveForEvidence(current);
    const linked = newlyLinked(mind, current, episodeIds, 'evidence');
    let confidencePatch: MemoryPatch;
    if (current.type === 'belief') {
      confidencePatch = observeBelief(current, linked.length, 0);
    } else {
      let confidence = current.confidence;
      for (let i = 0; i < linked.length; i += 1) confidence = reinforcedConfidence(confidence, current.timesReinforced + i);
      confidencePatch = { confidence };
    }
    return applyChange(
      mind,
      current,
      {
        ...confidencePatch,
        timesReinforced: current.timesReinforced + linked.length,
        lastReinforcedAt: mind.now(),
        eventEvidenceCount: current.eventEvidenceCount + linked.length,
      },
      { op: 'reinforce', options, evidence: linked, note: { evidenceLinked: linked } },
    );
  });
}

/** Several contradicting episodes for a belief at once: β+1 each, counter-evidence links, one journal row. */
export function addCounterEpisodes(mind: Mind, id: string, episodeIds: readonly string[], options: WriteOptions): MemoryRecord {
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    requireBelief(current);
    requireActiveForEvidence(current);
    const linked = newlyLinked(mind, current, episodeIds, 'counter_evidence');
    return applyChange(
      mind,
      current,
      observeBelief(current, 0, linked.length),
      { op: 'counter_evidence', options, evidence: linked, note: { counterEvidenceLinked: linked } },
    );
  });
}

/** Links the episodes not yet linked this way; returns their ids. Refuses when none is new. */
function newlyLinked(mind: Mind, target: MemoryRecord, episodeIds: readonly string[], kind: 'evidence' | 'counter_evidence'): string[] {
  const linked = [...new Set(episodeIds)].filter((episodeId) => {
    const episode = requireEpisode(mind, episodeId, target);
    return insertLink(mind.store.db, { fromSeq: target.seq, toSeq: episode.seq, kind }, mind.now());
  });
  if (linked.length === 0) {
    throw new MindError('invalid_input', `Every episode given is already ${kind === 'evidence' ? 'evidence' : 'counter-evidence'} for ${target.id}.`, {
      id: target.id,
    });
  }
  return linked;
}

/** Contradicting evidence for a belief: β+1, with the contradicting episode linked when named. */
export function addCounterEvidence(
  mind: Mind,
  id: string,
  input: { episodeId?: string | undefined; evidence?: string | undefined },
  options: WriteOptions,
): MemoryRecord {
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    requireBelief(current);
    requireActiveForEvidence(current);
    if (input.episodeId !== undefined) {
      const episode = requireEpisode(mind, input.episodeId, current);
      if (!insertLink(mind.store.db, { fromSeq: current.seq, toSeq: episode.seq, kind: 'counter_evidence' }, mind.now())) {
        throw new MindError('invalid_input', `${input.episodeId} is already counter-evidence for ${id}.`, { id });
      }
    }
    return applyChange(
      mind,
      current,
      observeBelief(current, 0, 1),
      {
        op: 'counter_evidence',
        options,
        evidence: input.episodeId ?? input.evidence ?? null,
        note: input.episodeId ? { counterEvidenceLinked: input.episodeId } : undefined,
      },
    );
  });
}

function requireEpisode(mind: Mind, episodeId: string, target: MemoryRecord): MemoryRecord {
  const episode = loadMemory(mind, episodeId);
  if (episode.type !== 'episode') {
    throw new MindError('invalid_input', `Evidence must be an episode; ${episodeId} is ${withArticle(episode.type)}.`, { episodeId });
  }
  if (episode.seq === target.seq) throw new MindError('invalid_input', 'A memory cannot be its own evidence.');
  if (episode.status === 'forgotten') throw new MindError('invalid_state', `${episodeId} was forgotten.`, { episodeId });
  return episode;
}

/** The episode an evidence string names, if it names one; any other text is journaled as is. */
function linkableEpisode(mind: Mind, evidence: string | undefined, target: MemoryRecord): MemoryRecord | null {
  if (evidence === undefined || !isEpisodeId(evidence)) return null;
  return requireEpisode(mind, evidence, target);
}
