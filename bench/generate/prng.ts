/**
 * Seeded randomness for the generator: the same seed must give the same mind, so nothing here
 * may read Math.random or the wall clock.
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform whole number in [0, n). */
  int(n: number): number;
  /** Uniform whole number in [min, max]. */
  between(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A random 32-bit unsigned integer (for deriving sub-seeds). */
  uint32(): number;
}

/** mulberry32: tiny, fast, and good enough for synthetic data. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const uint32 = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = () => uint32() / 4294967296;
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)] as T;
    },
    uint32,
  };
}

/**
 * Samples indexes 0..n-1 with weight 1/(i+1)^exponent: a few topics and words are talked about a
 * lot, most rarely, as in any real team's memory.
 */
export function zipfSampler(n: number, exponent: number): (rng: Rng) => number {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    total += 1 / Math.pow(i + 1, exponent);
    cumulative[i] = total;
  }
  return (rng) => {
    const target = rng.next() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** Picks a key of `weights` in proportion to its weight. */
export function weightedPicker<K extends string>(weights: Readonly<Record<K, number>>): (rng: Rng) => K {
  const keys = Object.keys(weights) as K[];
  const total = keys.reduce((sum, k) => sum + weights[k], 0);
  return (rng) => {
    let target = rng.next() * total;
    for (const key of keys) {
      target -= weights[key];
      if (target < 0) return key;
    }
    return keys[keys.length - 1] as K;
  };
}
