/** `mindloom import KIND PATH`: the JSON summary, progress on stderr, dry runs, origin ids, and refusals. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freshMind, ok, tempDir } from './cli-test-kit';

const KERNLE = fileURLToPath(new URL('../../interop/kernle/fixtures/sample-kernle.db', import.meta.url));
const GRAPH = fileURLToPath(new URL('../../interop/fixtures/mcp-memory.jsonl', import.meta.url));
const TURNS = fileURLToPath(new URL('../../interop/fixtures/transcripts.jsonl', import.meta.url));

interface Summary {
  imported: { byType: Record<string, number>; links: number; journal: number };
  skipped: number;
  problems: unknown[];
  dryRun: boolean;
}

describe('mindloom import', () => {
  it('previews, imports a Kernle database with progress, shows memories by origin id, and skips them the second time', async () => {
    const { cli } = await freshMind();
    const preview = JSON.parse(await ok(cli('import', 'kernle', KERNLE, '--dry-run'))) as Summary;
    expect(preview).toMatchObject({ dryRun: true, skipped: 0, problems: [] });
    expect(preview.imported.byType.belief).toBe(6);
    expect(JSON.parse(await ok(cli('stats'))) as { total: number }).toMatchObject({ total: 0 });

    const run = await cli('import', 'kernle', KERNLE);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ ...preview, dryRun: false });
    expect(run.stderr).toContain('import kernle: 100% (32/32 memories)');

    const shown = JSON.parse(await ok(cli('show', 'kernle:fc008adf-9ec8-493b-abfc-37e3a5c118c0'))) as { id: string; type: string; content: string };
    expect(shown).toMatchObject({ type: 'belief', content: 'Avoid Friday deploys unless the change is reversible and on-call is staffed' });
    expect(shown.id).toMatch(/^bl_/);
    const lineage = JSON.parse(await ok(cli('lineage', 'kernle:fc008adf-9ec8-493b-abfc-37e3a5c118c0', '--up'))) as { root: string };
    expect(lineage.root).toBe(shown.id);

    const again = JSON.parse(await ok(cli('import', 'kernle', KERNLE))) as Summary;
    expect(again).toMatchObject({ imported: { byType: {}, links: 0, journal: 0 }, skipped: 32 });
  });

  it('imports one Kernle stack with --stack', async () => {
    const { cli } = await freshMind();
    const summary = JSON.parse(await ok(cli('import', 'kernle', KERNLE, '--stack', 'second-agent'))) as Summary;
    expect(summary.imported.byType).toEqual({ raw: 1 });
  });

  it('imports the MCP memory graph and transcripts; bad JSON names its line', async () => {
    const { cli } = await freshMind();
    const graph = JSON.parse(await ok(cli('import', 'mcp-memory', GRAPH))) as Summary;
    expect(graph.imported.byType).toEqual({ relationship: 3, note: 5 });
    const turns = JSON.parse(await ok(cli('import', 'transcripts', TURNS))) as Summary;
    expect(turns.imported.byType).toEqual({ raw: 4 });
    expect(JSON.parse(await ok(cli('show', 'transcripts:conv-7:t2'))) as { content: string }).toMatchObject({
      content: 'Better Tuesday: Friday deploys caused the last two weekend incidents.',
    });
    const bad = join(tempDir(), 'turns.jsonl');
    writeFileSync(bad, '{"id":"t1","conversation_id":"c","role":"user","content":"fine"}\n{"id":\n');
    const refused = await cli('import', 'transcripts', bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('turns.jsonl:2: not valid JSON');
  });

  it('refuses an unknown kind (usage), --stack on another kind, and a file that is not a Kernle database (naming it)', async () => {
    const { cli } = await freshMind();
    const unknown = await cli('import', 'evernote', KERNLE);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown import kind "evernote"');
    const stacked = await cli('import', 'transcripts', KERNLE, '--stack', 'x');
    expect(stacked.code).toBe(2);
    const text = join(tempDir(), 'memories.db');
    writeFileSync(text, 'not sqlite at all\n'.repeat(300));
    const refused = await cli('import', 'kernle', text);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('memories.db: not a SQLite database');
    expect(JSON.parse(await ok(cli('stats'))) as { total: number }).toMatchObject({ total: 0 });
  });
});
