/** Percentiles of measured figures, shared by the benchmarks and the contract fuzz's report. */

/**
 * The p-th percentile (0–100) by linear interpolation between the closest ranks (the common
 * "type 7" definition): p50 of [1, 2, 3, 4] is 2.5, p95 of 1..100 is 95.05.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values');
  if (!(p >= 0 && p <= 100)) throw new Error('percentile must be within [0, 100]');
  const sorted = [...values].sort((a, b) => a - b);
  const position = ((sorted.length - 1) * p) / 100;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  return low + ((sorted[upper] as number) - low) * (position - lower);
}
