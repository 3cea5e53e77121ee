import { describe, expect, it } from 'vitest';
import { percentile } from '../shared/percentile';
import { measure, median, p95, summarize } from './measure';

describe('percentiles', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('interpolates p95 between the closest ranks', () => {
    const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(p95(oneToHundred)).toBeCloseTo(95.05, 10);
    expect(p95([10, 20])).toBeCloseTo(19.5, 10);
    expect(percentile(oneToHundred, 0)).toBe(1);
    expect(percentile(oneToHundred, 100)).toBe(100);
  });

  it('does not reorder the caller’s array', () => {
    const values = [5, 1, 4];
    median(values);
    expect(values).toEqual([5, 1, 4]);
  });

  it('refuses what has no percentile', () => {
    expect(() => median([])).toThrow();
    expect(() => percentile([1], 101)).toThrow();
  });
});

describe('measure', () => {
  it('times every repetition with its own input, after untimed warm-up runs', () => {
    const inputs: number[] = [];
    const timing = measure({ name: 'echo', reps: 5, warmup: 2, warmupMs: 0, input: (i) => i, run: (i) => inputs.push(i), sizeOf: () => 3 });
    expect(inputs).toEqual([-1, -2, 0, 1, 2, 3, 4]);
    expect(timing.reps).toBe(5);
    expect(timing.meanSize).toBe(3);
    expect(timing.minMs).toBeLessThanOrEqual(timing.medianMs);
    expect(timing.medianMs).toBeLessThanOrEqual(timing.p95Ms);
    expect(timing.p95Ms).toBeLessThanOrEqual(timing.maxMs);
  });

  it('warms up for at least warmupMs, with more runs than the minimum when they are quick', () => {
    const started = performance.now();
    const timedAt: number[] = [];
    let warmupRuns = 0;
    measure({
      name: 'quick',
      reps: 1,
      warmup: 2,
      warmupMs: 20,
      input: (i) => i,
      run: (i) => {
        if (i < 0) warmupRuns += 1;
        else timedAt.push(performance.now());
      },
    });
    expect(timedAt).toHaveLength(1);
    expect((timedAt[0] as number) - started).toBeGreaterThanOrEqual(20);
    expect(warmupRuns).toBeGreaterThan(2);
  });

  it('summarizes known times exactly', () => {
    expect(summarize('x', [1, 2, 3, 4, 100])).toEqual({ name: 'x', reps: 5, medianMs: 3, p95Ms: 80.8, minMs: 1, maxMs: 100 });
  });
});
