/** `mindloom import engram|alexandria PATH`: the seed systems' real databases through the CLI, shown and walked by origin id. */
import { describe, expect, it } from 'vitest';
import { seedFixture } from '../../interop/seed-fixtures-test-support';
import { freshMind, ok } from './cli-test-kit';

interface Summary {
  imported: { byType: Record<string, number> };
  skipped: number;
  problems: { place: string; message: string }[];
}

describe(`mindloom import engram|alexandria`, () => {
  it('imports an Engram database with progress, and its revised belief answers to engram:ID in show, history and lineage', async () => {
    const { cli } = await freshMind();
    const run = await cli('import', 'engram', seedFixture('engram-memory.db'));
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as Summary).imported.byType).toEqual({ episode: 70, belief: 13, note: 3, raw: 2 });
    expect(run.stderr).toContain('import engram: 100% (88/88 memories)');
    const revised = JSON.parse(await ok(cli('show', 'engram:bl_21bdc9a82dd24f228a69'))) as { id: string; alpha: number; beta: number };
    expect(revised).toMatchObject({ alpha: 8, beta: 8 });
    const history = JSON.parse(await ok(cli('history', 'engram:bl_21bdc9a82dd24f228a69'))) as { op: string }[];
    expect(history.map((h) => h.op)).toContain('revise');
    const lineage = JSON.parse(await ok(cli('lineage', 'engram:bl_21bdc9a82dd24f228a69', '--up'))) as { root: string };
    expect(lineage.root).toBe(revised.id);
    expect((JSON.parse(await ok(cli('import', 'engram', seedFixture('engram-memory.db')))) as Summary).skipped).toBe(88);
    // Lineage, supersession and the tallies hold the mind's own invariants.
    expect(JSON.parse(await ok(cli('check')))).toMatchObject({ ok: true });
  });

  it('imports an Alexandria database and refuses an Engram file given as Alexandria, naming it', async () => {
    const { cli } = await freshMind();
    const preview = JSON.parse(await ok(cli('import', 'alexandria', seedFixture('alexandria.db'), '--dry-run'))) as Summary;
    expect(preview.imported.byType).toEqual({ raw: 18, belief: 27, note: 11, episode: 4 });
    await ok(cli('import', 'alexandria', seedFixture('alexandria.db')));
    const decision = JSON.parse(await ok(cli('show', 'alexandria:muwewb8g_5zwebl'))) as { fields: Record<string, unknown> };
    expect(decision.fields).toMatchObject({ objectType: 'decision', noteType: 'decision', structured: { decision: 'Store reports as Parquet instead of CSV' } });
    expect(JSON.parse(await ok(cli('check')))).toMatchObject({ ok: true });
    const refused = await cli('import', 'alexandria', seedFixture('engram-memory.db'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('engram-memory.db: not an Alexandria database (no memory_objects table)');
  });
});
