/**
 * Retrieval strength (docs/ARCHITECTURE.md §4, from the belief seed's dual-strength model): how readily a memory comes
 * to mind, separate from how confident it is. It fades with time since last access, more slowly
 * the more stable the memory has become through spaced accesses.
 */

/** Days: a memory's stability before its first spaced access. */
export const DEFAULT_STABILITY = 1;
/** Stability cap, so no memory becomes permanently fresh. */
export const MAX_STABILITY_DAYS = 365;

const HOUR_MS = 3_600_000;

/** Hours elapsed; a clock that runs behind the last access counts as no time at all. */
const hoursSince = (then: number, now: number): number => Math.max(0, now - then) / HOUR_MS;

export interface RetrievalInput {
  lastAccessedAt: number | null;
  /** Days. */
  stability: number;
}

/** R = exp(−hours since access / (stability × 24)); a never-accessed memory is neutral at 0.5. */
export function retrievalStrength(m: RetrievalInput, now: number): number {
  if (m.lastAccessedAt === null) return 0.5;
  return Math.exp(-hoursSince(m.lastAccessedAt, now) / (m.stability * 24));
}

/**
 * Stability after an access at `now`. Longer gaps since the previous access grow it more (the spacing
 * effect). A first access has no previous one to measure a gap from, so stability is unchanged.
 */
export function stabilityAfterAccess(stability: number, lastAccessedAt: number | null, now: number): number {
  if (lastAccessedAt === null) return stability;
  const grown = stability * (1 + 0.1 * Math.log(1 + hoursSince(lastAccessedAt, now) / 24));
  return Math.min(grown, MAX_STABILITY_DAYS);
}
