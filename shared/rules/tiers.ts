/**
 * Evidence tiers (docs/ARCHITECTURE.md §4, from the tiers seed): how well-founded a memory is, computed on read from its
 * evidence and review state. First match wins, so the order of the checks is the rule.
 */
import type { ReviewStatus, Tier } from '../model';

export interface TierInput {
  /** Code and file references: the evidence that grounds a memory. */
  codeRefCount: number;
  /** Event/episode evidence: the evidence that makes a memory observed. */
  eventEvidenceCount: number;
  lastVerifiedAt: number | null;
  reviewStatus: ReviewStatus | null;
}

export interface TierVerdict {
  tier: Tier;
  /** A short sentence naming the facts that decided the tier, for the person reading it. */
  why: string;
}

/** Retrieval multipliers: better-founded memories rank higher. */
export const TIER_BOOST: Readonly<Record<Tier, number>> = Object.freeze({
  grounded: 2.0,
  observed: 1.5,
  inferred: 1.0,
  hypothesis: 0.5,
});

/**
 * The same rule as `tierOf`, as the SQLite expression the store uses for its generated `tier` column.
 * Kept character-for-character equal to the migration's column definition so the schema can use it
 * without producing a schema diff.
 */
export const TIER_SQL = `CASE
  WHEN code_ref_count > 0 AND last_verified_at IS NOT NULL AND review_status = 'approved' THEN 'grounded'
  WHEN review_status = 'approved' OR event_evidence_count > 0 THEN 'observed'
  WHEN review_status = 'pending' THEN 'inferred'
  ELSE 'hypothesis' END`;

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export function tierOf(m: TierInput): TierVerdict {
  const approved = m.reviewStatus === 'approved';
  const verified = m.lastVerifiedAt !== null;
  const refs = count(m.codeRefCount, 'code/file reference', 'code/file references');
  const events = count(m.eventEvidenceCount, 'piece of event evidence', 'pieces of event evidence');

  if (m.codeRefCount > 0 && verified && approved) {
    return { tier: 'grounded', why: `approved, verified, and grounded in ${refs}` };
  }
  if (approved || m.eventEvidenceCount > 0) {
    return { tier: 'observed', why: observedWhy(m, approved, verified, events) };
  }
  if (m.reviewStatus === 'pending') {
    return { tier: 'inferred', why: 'pending review: inferred, not yet confirmed by a person' };
  }
  const review = m.reviewStatus === 'rejected' ? 'rejected in review' : 'never reviewed';
  const codeNote = m.codeRefCount > 0 ? `; its ${refs} count only once approved and verified` : '';
  return { tier: 'hypothesis', why: `no event evidence and not approved (${review})${codeNote}` };
}

/** Says what made it observed and, when approved, what stands between it and grounded. */
function observedWhy(m: TierInput, approved: boolean, verified: boolean, events: string): string {
  if (!approved) return `backed by ${events}, but not approved by a person`;
  const basis = m.eventEvidenceCount > 0 ? `approved and backed by ${events}` : 'approved by a person';
  const missing =
    m.codeRefCount === 0 && !verified
      ? 'no code/file references and not verified'
      : m.codeRefCount === 0
        ? 'no code/file references'
        : 'not verified';
  return `${basis}; not grounded: ${missing}`;
}
