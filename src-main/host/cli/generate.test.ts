import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ok, runCli, tempDir } from './cli-test-kit';

describe('mindloom generate', () => {
  it('writes a mind of N memories, reports progress on stderr, and replaces only with --force', async () => {
    const out = join(tempDir(), 'synthetic.mind');
    const run = await runCli(['generate', '--memories', '400', '--out', out, '--seed', '7', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^(generate: \d+% \(\d+\/400\)\n)+$/);
    expect(run.stderr).toContain('generate: 100% (400/400)');
    const result = JSON.parse(run.stdout) as { path: string; memories: number; links: number; journalEntries: number };
    expect(result).toMatchObject({ path: out, memories: 400 });
    expect(result.links).toBeGreaterThan(0);

    const stats = JSON.parse(await ok(runCli(['stats', '--mind', out]))) as { total: number; journalEntries: number; byType: Record<string, number> };
    expect(stats.total).toBe(400);
    expect(stats.journalEntries).toBe(result.journalEntries);
    expect(Object.keys(stats.byType).length).toBeGreaterThan(4);

    const before = readFileSync(out);
    const refused = await runCli(['generate', '--memories', '50', '--out', out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^mindloom: invalid_input: .* already exists/);
    expect(readFileSync(out).equals(before)).toBe(true);

    const forced = await runCli(['generate', '--memories', '50', '--out', out, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/^Generated .*synthetic\.mind: 50 memories, \d+ links, \d+ journal entries in [\d.]+ s\.\n$/);
    expect(JSON.parse(await ok(runCli(['stats', '--mind', out])))).toMatchObject({ total: 50 });
  });
});
