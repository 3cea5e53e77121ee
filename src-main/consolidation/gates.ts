/**
 * The seed's rule gates before a destructive change, exactly as written there. Each returns the
 * reason it fires, or null. What the counts mean here:
 * - supporting: supporting episodes (evidence links);
 * - contradicting: contradicting episodes (counter-evidence links) plus episodes classified
 *   PARTIAL (a partial verdict is a contradiction in some contexts; it moves no confidence);
 * - evidence count (the seed's storage strength): supporting + contradicting;
 * - recent partials: PARTIAL verdicts among the belief's last RECENT_VERDICTS verdicts against it.
 */
export const ARCHIVE_CONFIDENCE = 0.3;
export const ARCHIVE_STALE_DAYS = 90;
export const ARCHIVE_MIN_EVIDENCE = 5;
export const REVISION_CONFIDENCE = 0.4;
export const REVISION_PREVIOUS_CONFIDENCE = 0.5;
export const REVISION_MIN_CONTRADICTIONS = 3;
export const REVISION_MIN_EVIDENCE = 5;
export const SPLIT_MIN_CONTRADICTIONS = 3;
export const SPLIT_MIN_SUPPORTS = 3;
export const SPLIT_MIN_PARTIAL = 2;
export const SPLIT_MIN_EVIDENCE = 5;
export const MERGE_MIN_CONFIDENCE = 0.6;
export const MERGE_COOLDOWN_DAYS = 7;

const DAY_MS = 86_400_000;

export interface GateFacts {
  confidence: number;
  /** The highest confidence the belief has held. */
  peakConfidence: number;
  supporting: number;
  contradicting: number;
  recentPartials: number;
  /** Last reinforcement, or creation when never reinforced. */
  lastReinforcedAt: number;
  protected: boolean;
}

const evidenceCount = (f: GateFacts) => f.supporting + f.contradicting;
const pct = (x: number) => x.toFixed(2);

export function archiveGate(f: GateFacts, now: number): string | null {
  if (f.protected) return null;
  if (f.confidence < ARCHIVE_CONFIDENCE) return `confidence ${pct(f.confidence)} is below ${ARCHIVE_CONFIDENCE}`;
  const idleDays = (now - f.lastReinforcedAt) / DAY_MS;
  if (idleDays > ARCHIVE_STALE_DAYS && evidenceCount(f) < ARCHIVE_MIN_EVIDENCE) {
    return `not reinforced for ${Math.floor(idleDays)} days, with only ${evidenceCount(f)} episodes of evidence`;
  }
  return null;
}

export function revisionGate(f: GateFacts): string | null {
  if (
    f.confidence < REVISION_CONFIDENCE &&
    f.peakConfidence > REVISION_PREVIOUS_CONFIDENCE &&
    f.contradicting >= REVISION_MIN_CONTRADICTIONS &&
    evidenceCount(f) >= REVISION_MIN_EVIDENCE
  ) {
    return `confidence fell to ${pct(f.confidence)} from ${pct(f.peakConfidence)} under ${f.contradicting} contradicting episodes`;
  }
  return null;
}

export function splitGate(f: GateFacts): string | null {
  if (
    f.contradicting >= SPLIT_MIN_CONTRADICTIONS &&
    f.supporting >= SPLIT_MIN_SUPPORTS &&
    f.recentPartials >= SPLIT_MIN_PARTIAL &&
    evidenceCount(f) >= SPLIT_MIN_EVIDENCE
  ) {
    return `${f.supporting} supporting and ${f.contradicting} contradicting episodes, ${f.recentPartials} of the recent ones partial: it holds in some contexts only`;
  }
  return null;
}

export interface MergeSide {
  confidence: number;
  scope: string;
  project: string | null;
  updatedAt: number;
}

export function mergeGate(a: MergeSide, b: MergeSide, similarity: number, threshold: number, now: number): string | null {
  const settled = (side: MergeSide) => now - side.updatedAt > MERGE_COOLDOWN_DAYS * DAY_MS;
  if (
    similarity > threshold &&
    a.scope === b.scope &&
    a.project === b.project &&
    a.confidence > MERGE_MIN_CONFIDENCE &&
    b.confidence > MERGE_MIN_CONFIDENCE &&
    settled(a) &&
    settled(b)
  ) {
    return `near duplicates (similarity ${pct(similarity)}), both confident and settled`;
  }
  return null;
}
