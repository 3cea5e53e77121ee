/**
 * A context pack: what an agent should have in mind before it starts a task (the tiers seed's
 * context pack, grouped the mind's way). One recall over the task finds what touches it; from that:
 * the most relevant beliefs, the values and goals that bear on it (values and open goals that stand
 * whatever the task fill in when few match), the open contradictions among what was found, and the
 * memories that touch the task but are uncertain (doubted, or inferred and not yet reviewed).
 */
import { MindError } from '../../shared/errors';
import { MIN_BELIEF_CONFIDENCE_FOR_RECALL } from '../../shared/rules/recall';
import { standingByPriority } from '../store/recall-query';
import { recordAccesses } from './access';
import { type ContradictionView, contradictionsTouching } from './contradictions';
import { type MemorySummary, summarizeMemory } from './list';
import type { Mind } from './mind';
import { MAX_RECALL_LIMIT, type RecallHit, type RecallMeaning, recall } from './recall';
import type { WriteOptions } from './write-options';

export const DEFAULT_PACK_SECTION = 5;
export const MAX_PACK_SECTION = 20;
/** Below this effective confidence a memory is listed as uncertain (the overview's threshold). */
export const UNCERTAIN_BELOW = 0.5;
/** Values and goals that stand whatever the task fill their sections up to this many. */
const STANDING = 3;

/** A value or goal in the pack: found for the task (with why), or one that stands whatever the task. */
export interface PackEntry {
  memory: MemorySummary;
  why: string;
}

export interface ContextPack {
  task: string;
  beliefs: PackEntry[];
  values: PackEntry[];
  goals: PackEntry[];
  contradictions: ContradictionView[];
  uncertain: PackEntry[];
}

export interface ContextPackRequest {
  task: string;
  /** Entries per section. */
  limit?: number | undefined;
}

export function contextPack(
  mind: Mind,
  request: ContextPackRequest,
  options: WriteOptions & { meaning?: RecallMeaning | undefined },
): ContextPack {
  const limit = request.limit ?? DEFAULT_PACK_SECTION;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PACK_SECTION) {
    throw new MindError('invalid_input', `limit must be a whole number from 1 to ${MAX_PACK_SECTION}.`);
  }
  const found = recall(mind, { query: request.task, limit: MAX_RECALL_LIMIT }, { ...options, recordAccess: false, keepDoubted: true }).hits;
  const isUncertain = (hit: RecallHit) => hit.memory.effectiveConfidence < UNCERTAIN_BELOW || hit.memory.reviewStatus === 'pending';
  const entry = (hit: RecallHit): PackEntry => ({ memory: hit.memory, why: hit.why });
  const ofType = (type: string) => found.filter((hit) => hit.memory.type === type);

  const beliefs = ofType('belief')
    .filter((hit) => !isUncertain(hit) && hit.memory.effectiveConfidence >= MIN_BELIEF_CONFIDENCE_FOR_RECALL)
    .slice(0, limit)
    .map(entry);
  const values = withStanding(mind, 'value', ofType('value').slice(0, limit).map(entry), limit);
  const goals = withStanding(mind, 'goal', ofType('goal').filter(isOpenGoal).slice(0, limit).map(entry), limit);
  const uncertain = found.filter(isUncertain).slice(0, limit).map(entry);
  const contradictions = contradictionsTouching(mind, found.map((hit) => hit.memory.id), limit);

  const brought = [...new Set([...beliefs, ...values, ...goals, ...uncertain].map((e) => e.memory.id))];
  if (brought.length > 0) recordAccesses(mind, brought, options);
  return { task: request.task, beliefs, values, goals, contradictions, uncertain };
}

function isOpenGoal(hit: RecallHit): boolean {
  const status = hit.memory.fields.goalStatus;
  return status === undefined || status === 'active';
}

/** Fills a section with the memories of its type that stand whatever the task, highest priority first. */
function withStanding(mind: Mind, type: 'value' | 'goal', matched: PackEntry[], limit: number): PackEntry[] {
  const room = Math.min(limit, STANDING) - matched.length;
  if (room <= 0) return matched;
  const have = new Set(matched.map((e) => e.memory.id));
  const now = mind.now();
  const standing = standingByPriority(mind.store.db, type, STANDING + matched.length)
    .filter((record) => !have.has(record.id))
    .slice(0, room)
    .map((record) => ({ memory: summarizeMemory(record, now), why: `a standing ${type} (priority ${String(record.fields.priority ?? 'unset')}), whatever the task` }));
  return [...matched, ...standing];
}
