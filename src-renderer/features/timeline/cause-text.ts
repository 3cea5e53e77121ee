/** What caused a timeline event, in words: the chart's tooltip, the events table and the sparkline say it the same way. */
import type { TimelineCause, TimelineEvent } from '../../../shared/contract/timeline';
import { percent } from '../../components/format';

const VERB: Readonly<Record<TimelineCause, string>> = {
  created: 'created',
  promoted: 'promoted from',
  supersedes: 'created, superseding',
  reinforced: 'reinforced by',
  contradicted: 'contradicted by',
  verified: 'verified',
  edited: 'edited',
  reverted: 'reverted',
  superseded: 'superseded by',
  reviewed: 'reviewed',
  lifecycle: 'status changed',
  undone: 'undone',
  other: 'changed',
};

/** "reinforced by" (the linked memory follows as a link), or "verified with evidence: src/x.ts:1". */
export function causeVerb(event: TimelineEvent): string {
  if (event.cause === 'verified' && event.evidence !== null) return `verified with evidence: ${event.evidence}`;
  if (event.cause === 'reviewed' || event.cause === 'lifecycle' || event.cause === 'other') return `${VERB[event.cause]} (${event.op.replace(/_/g, ' ')})`;
  return VERB[event.cause];
}

/** The confidence move as "62% → 67%", or the one value when it did not move. */
export function confidenceMove(event: TimelineEvent): string {
  const { confidenceBefore: before, confidenceAfter: after } = event;
  if (after === null) return '—';
  if (before === null || before === after) return percent(after, 1);
  return `${percent(before, 1)} → ${percent(after, 1)}`;
}
