/**
 * The property-based fuzz of every contract call (contract-fuzz.ts) in its quick form: a fixed
 * seed, so a failure is the same on every machine; MINDLOOM_FUZZ_SEED=N replays another. The
 * longer run is `npm run bench -- --fuzz`.
 */
import { describe, expect, it } from 'vitest';
import { CALL_NAMES } from '../../../shared/contract';
import { QUICK_FUZZ, runContractFuzz } from './contract-fuzz';

const seed = Number(process.env.MINDLOOM_FUZZ_SEED ?? 27);

describe('the contract under fuzz', () => {
  it(`keeps every invariant for every call (seed ${seed}; MINDLOOM_FUZZ_SEED=N to replay another)`, async () => {
    const report = await runContractFuzz({ ...QUICK_FUZZ, seed });
    const findings = report.findings.map((finding) => `[${finding.pass}] ${finding.invariants.join(', ')}\n${finding.report}`).join('\n\n');
    expect(findings, `seed ${seed}: the shrunk counterexamples`).toBe('');
    // Every call was made, and answered: a run that made none would pass for nothing.
    expect(report.stats.calls).toBeGreaterThan(CALL_NAMES.length * 2);
    expect(report.stats.answers.ok).toBeGreaterThan(0);
  }, 600_000);
});
