import { describe, expect, it } from 'vitest';
import { freshMind, ok } from './cli-test-kit';

/** Waits until the wall clock has moved on, so an instant taken now separates what came before from after. */
async function tick(): Promise<string> {
  await new Promise((r) => setTimeout(r, 5));
  const at = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 5));
  return at;
}

interface DiffOutput {
  from: string;
  to: string;
  counts: Record<string, number>;
  lists: Record<string, { items: { id: string; op: string; status: string; content: string }[]; nextCursor: string | null }>;
}

describe('mindloom diff', () => {
  it('gives counts and every category list for the window; --to closes it', async () => {
    const { cli } = await freshMind();
    const old = await ok(cli('add', 'belief', 'Deploys on Fridays are fine'));
    const start = await tick();
    const note = await ok(cli('add', 'note', 'Write the postmortem'));
    const successor = await ok(cli('supersede', old, 'Deploys on Fridays cause incidents'));
    const end = await tick();
    await ok(cli('archive', note));

    const diff = JSON.parse(await ok(cli('diff', '--from', start, '--to', end))) as DiffOutput;
    expect(diff).toMatchObject({ from: start, to: end, counts: { added: 2, changed: 0, superseded: 1, archived: 0, forgotten: 0, reviewed: 0 } });
    expect(Object.keys(diff.lists)).toEqual(['added', 'changed', 'superseded', 'archived', 'forgotten', 'reviewed']);
    expect(diff.lists.added?.items.map((i) => i.id)).toEqual([successor, note]);
    expect(diff.lists.superseded?.items).toEqual([expect.objectContaining({ id: old, op: 'superseded', status: 'superseded' })]);
    // Without --to the window runs to now: the archive falls in it.
    const toNow = JSON.parse(await ok(cli('diff', '--from', start))) as DiffOutput;
    expect(toNow.counts).toMatchObject({ added: 2, archived: 1 });
  });

  it('--category lists one category and --cursor pages through it', async () => {
    const { cli } = await freshMind();
    const start = await tick();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(await ok(cli('add', 'note', `note ${n}`)));
    const first = JSON.parse(await ok(cli('diff', '--from', start, '--category', 'added', '--limit', '2'))) as DiffOutput;
    expect(Object.keys(first.lists)).toEqual(['added']);
    expect(first.lists.added?.items.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    const cursor = first.lists.added?.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const second = JSON.parse(await ok(cli('diff', '--from', start, '--category', 'added', '--limit', '2', '--cursor', cursor))) as DiffOutput;
    expect(second.lists.added).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
  });

  it('refuses a missing or bad --from, an unknown category, a cursor without a category, a window ending before it starts', async () => {
    const { cli } = await freshMind();
    for (const [args, message] of [
      [[], /^mindloom: diff needs --from/],
      [['--from', 'last week'], /^mindloom: --from must be an ISO date/],
      [['--from', '2025-01-01', '--category', 'renamed'], /^mindloom: --category must be one of added, changed/],
      [['--from', '2025-01-01', '--cursor', '5'], /^mindloom: --cursor continues one list/],
    ] as const) {
      const run = await cli('diff', ...args);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
    }
    const backwards = await cli('diff', '--from', '2025-02-01', '--to', '2025-01-01');
    expect(backwards.code).toBe(1);
    expect(backwards.stderr).toMatch(/^mindloom: invalid_input: from .* must be before to/);
  });
});
