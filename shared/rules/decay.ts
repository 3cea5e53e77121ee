/**
 * Confidence decay (docs/ARCHITECTURE.md §4). Decay is computed on read and never written back, so the stored
 * confidence stays the record of evidence and the decayed value is always reproducible from `now`.
 */
import type { MemoryType } from '../model';

export interface DecayConfig {
  /** Confidence lost per full period. */
  readonly rate: number;
  readonly periodDays: number;
  /** Decay never takes confidence below this. */
  readonly floor: number;
}

const DAY_MS = 86_400_000;

/**
 * Per-type decay. Raw captures and relationships are absent: a capture is unprocessed input, and a
 * relationship's trust is tracked in its own fields rather than eroded by time.
 */
export const DECAY: Readonly<Partial<Record<MemoryType, DecayConfig>>> = Object.freeze({
  episode: { rate: 0.01, periodDays: 30, floor: 0.5 },
  belief: { rate: 0.01, periodDays: 30, floor: 0.5 },
  goal: { rate: 0.01, periodDays: 30, floor: 0.5 },
  value: { rate: 0.005, periodDays: 60, floor: 0.7 },
  note: { rate: 0.015, periodDays: 30, floor: 0.4 },
  drive: { rate: 0.005, periodDays: 60, floor: 0.6 },
});

export interface DecayClock {
  createdAt: number;
  lastVerifiedAt: number | null;
  lastReinforcedAt: number | null;
}

/** When the decay clock last started: verification and reinforcement both reset it. */
export function decayAnchor(m: DecayClock): number {
  return Math.max(m.createdAt, m.lastVerifiedAt ?? m.createdAt, m.lastReinforcedAt ?? m.createdAt);
}

export interface DecayInput extends DecayClock {
  type: MemoryType;
  confidence: number;
  protected: boolean;
}

/** The confidence a memory reads at `now`: max(floor, stored − rate × periods), periods fractional. */
export function effectiveConfidence(m: DecayInput, now: number): number {
  const config = DECAY[m.type];
  if (m.protected || config === undefined) return m.confidence;
  return decayedConfidence(config, m.confidence, now - decayAnchor(m));
}

/**
 * What a stored confidence decays to `elapsedMs` after its decay clock started, under a type's
 * config: effectiveConfidence's rule without a memory around it, for a chart that reads one state
 * at thousands of instants.
 */
export function decayedConfidence(config: DecayConfig, confidence: number, elapsedMs: number): number {
  // Decay only ever lowers: a memory stored below its floor is not lifted to it.
  if (confidence < config.floor) return confidence;
  // A clock running behind the anchor must not produce negative periods (which would raise confidence).
  const periods = Math.max(0, elapsedMs) / (config.periodDays * DAY_MS);
  return Math.max(config.floor, confidence - config.rate * periods);
}

export interface StalenessInput extends DecayClock {
  type: MemoryType;
}

/**
 * Whether a memory has gone a whole decay period without being verified or reinforced. Separate from
 * tier: a grounded memory can be stale. Types that do not decay never go stale.
 */
export function isStale(m: StalenessInput, now: number): boolean {
  const config = DECAY[m.type];
  if (config === undefined) return false;
  const touched = [m.lastVerifiedAt, m.lastReinforcedAt].filter((t): t is number => t !== null);
  const anchor = touched.length > 0 ? Math.max(...touched) : m.createdAt;
  return now - anchor > config.periodDays * DAY_MS;
}
