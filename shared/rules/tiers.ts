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
  WHEN code_ref_count > 0 AND last_verified_at IS NOT NULL AND review_status IS NOT 'rejected' THEN 'grounded'
  WHEN review_status = 'approved' OR event_evidence_count > 0 THEN 'observed'
  WHEN review_status = 'pending' THEN 'inferred'
  ELSE 'hypothesis' END`;

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * Grounded is code or file evidence, verified, that a person has not rejected: a memory still
 * pending review is grounded by its code as it is in Alexandria (and the tiers seed's own migration
 * rule), so approval is not asked of what the code itself shows.
 */
export function tierOf(m: TierInput): TierVerdict {
  const approved = m.reviewStatus === 'approved';
  const rejected = m.reviewStatus === 'rejected';
  const verified = m.lastVerifiedAt !== null;
  const refs = count(m.codeRefCount, 'code/file reference', 'code/file references');
  const events = count(m.eventEvidenceCount, 'piece of event evidence', 'pieces of event evidence');

  if (m.codeRefCount > 0 && verified && !rejected) {
    return { tier: 'grounded', why: groundedWhy(m.reviewStatus, refs) };
  }
  const gap = groundingGap(m, rejected, verified);
  if (approved || m.eventEvidenceCount > 0) {
    const basis = !approved
      ? `backed by ${events}, not approved by a person`
      : m.eventEvidenceCount > 0
        ? `approved and backed by ${events}`
        : 'approved by a person';
    return { tier: 'observed', why: `${basis}; not grounded: ${gap}` };
  }
  if (m.reviewStatus === 'pending') {
    return { tier: 'inferred', why: `pending review: inferred, not yet confirmed by a person; not grounded: ${gap}` };
  }
  return { tier: 'hypothesis', why: `no event evidence and not approved (${rejected ? 'rejected in review' : 'never reviewed'}); not grounded: ${gap}` };
}

function groundedWhy(review: ReviewStatus | null, refs: string): string {
  if (review === 'approved') return `approved, verified, and grounded in ${refs}`;
  if (review === 'pending') return `verified and grounded in ${refs} (still pending review)`;
  return `verified and grounded in ${refs}`;
}

/** What stands between a memory and grounded. */
function groundingGap(m: TierInput, rejected: boolean, verified: boolean): string {
  if (m.codeRefCount > 0 && verified && rejected) return 'its code does not ground a memory rejected in review';
  if (m.codeRefCount === 0) return verified ? 'no code/file references' : 'no code/file references and not verified';
  return 'not verified';
}
