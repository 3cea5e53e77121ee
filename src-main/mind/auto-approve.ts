/**
 * Auto-approval (Settings → Review): an inferred memory waiting for review with enough confidence
 * and evidence is approved at once, journaled as `auto_approve` with the rule that let it through,
 * so the review queue keeps what a person should look at. It applies as a memory arrives (any
 * writer: consolidation, an agent, an import) and to what already waits when the rule changes.
 */
import type { ReviewSettings } from '../../shared/settings';
import { pendingAtLeast } from '../store/memories-repo';
import type { MemoryRecord } from '../store/memory-record';
import { applyChange } from './change';
import type { Mind } from './mind';
import { readSettings } from './settings';
import type { WriteOptions } from './write-options';

/** How many waiting memories one sweep approves at most (one transaction; the rest wait for the next). */
export const SWEEP_LIMIT = 5_000;

export function meetsAutoApproval(record: MemoryRecord, rule: ReviewSettings): boolean {
  return (
    rule.autoApprove &&
    record.reviewStatus === 'pending' &&
    record.status === 'active' &&
    record.confidence >= rule.minConfidence &&
    record.eventEvidenceCount >= rule.minEvidence
  );
}

const ruleWords = (record: MemoryRecord, rule: ReviewSettings) =>
  `auto-approved: confidence ${record.confidence.toFixed(2)} ≥ ${rule.minConfidence} and ${record.eventEvidenceCount} evidence ≥ ${rule.minEvidence}`;

/** Approves a memory that just arrived pending, when the rule says so; inside the caller's transaction. */
export function autoApproveArrival(mind: Mind, record: MemoryRecord, options: WriteOptions): MemoryRecord {
  if (record.reviewStatus !== 'pending') return record;
  const rule = readSettings(mind).review;
  if (!meetsAutoApproval(record, rule)) return record;
  return applyChange(mind, record, { reviewStatus: 'approved' }, {
    op: 'auto_approve',
    options: { actor: options.actor, runId: options.runId, reason: ruleWords(record, rule) },
  });
}

/** Approves what already waits and meets the rule (after the rule changed); returns their ids. */
export function autoApproveWaiting(mind: Mind, options: { actor: string }): string[] {
  return mind.store.transaction(() => {
    const rule = readSettings(mind).review;
    if (!rule.autoApprove) return [];
    return pendingAtLeast(mind.store.db, rule.minConfidence, rule.minEvidence, SWEEP_LIMIT).map(
      (record) =>
        applyChange(mind, record, { reviewStatus: 'approved' }, { op: 'auto_approve', options: { actor: options.actor, reason: ruleWords(record, rule) } }).id,
    );
  });
}
