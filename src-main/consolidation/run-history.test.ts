/**
 * The run history a person reviews (mind/run-history.ts): runs newest first with what they reported,
 * and each run's changeset. Tested here, where real runs can be made.
 */
import { describe, expect, it } from 'vitest';
import { getRunChangeset, listRunHistory } from '../mind/run-history';
import { freshMind, snapshot, USER } from '../mind/test-support';
import { backupEpisodes, consolidate, fridayEpisodes } from './consolidation-test-support';
import { revertRun } from './revert';

describe('the run history', () => {
  it('is empty before any run', () => {
    const { mind } = freshMind();
    expect(listRunHistory(mind)).toEqual({ items: [], nextCursor: null });
  });

  it('lists runs newest first with their counts and changeset length, a page at a time', async () => {
    const { mind, clock } = freshMind();
    fridayEpisodes(mind);
    const first = await consolidate(mind);
    clock.advance(60_000);
    backupEpisodes(mind);
    const second = await consolidate(mind);

    const all = listRunHistory(mind);
    expect(all.items.map((r) => r.id)).toEqual([second.runId, first.runId]);
    const [newest] = all.items;
    expect(newest).toMatchObject({ status: 'completed', trigger: 'manual', revertedAt: null, counts: { created: second.created, reinforced: second.reinforced } });
    expect(newest?.counts.created).toBeGreaterThan(0);
    const journalRows = mind.store.db.prepare('SELECT count(*) AS n FROM journal WHERE run_id = ?').get(second.runId) as { n: number };
    expect(newest?.changes).toBe(journalRows.n);

    const page1 = listRunHistory(mind, { limit: 1 });
    expect(page1.items.map((r) => r.id)).toEqual([second.runId]);
    const page2 = listRunHistory(mind, { limit: 1, cursor: page1.nextCursor });
    expect(page2).toMatchObject({ items: [{ id: first.runId }], nextCursor: null });
    expect(() => listRunHistory(mind, { cursor: 'not-a-cursor' })).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });

  it('lists a run’s changes in order with the memory each is about, and shows what a revert did', async () => {
    const { mind } = freshMind();
    fridayEpisodes(mind);
    const run = await consolidate(mind);
    const created = run.actions.find((a) => a.op === 'create_belief')?.memoryId;
    if (!created) throw new Error('the run drafted no belief');

    const changes = getRunChangeset(mind, run.runId);
    expect(changes.run.id).toBe(run.runId);
    expect(changes.nextAfter).toBeNull();
    expect(changes.items.map((c) => c.seq)).toEqual([...changes.items.map((c) => c.seq)].sort((a, b) => a - b));
    const creation = changes.items.find((c) => c.memory?.id === created && c.op === 'create');
    expect(creation?.memory).toMatchObject({ type: 'belief', status: 'active' });

    // A page at a time: each page starts after the last one's last change, and together they are the whole.
    const pages = [];
    let after: number | null = null;
    do {
      const page = getRunChangeset(mind, run.runId, { limit: 2, after });
      pages.push(...page.items);
      after = page.nextAfter;
    } while (after !== null);
    expect(pages).toEqual(changes.items);

    const journal = snapshot(mind).journal;
    revertRun(mind, run.runId, USER);
    expect(snapshot(mind).journal).toBeGreaterThan(journal);
    const reverted = getRunChangeset(mind, run.runId);
    expect(reverted.run.revertedAt).not.toBeNull();
    // The changeset is what the run wrote; the revert's own rows are the person's, not the run's.
    expect(reverted.items.map((c) => c.seq)).toEqual(changes.items.map((c) => c.seq));
    expect(reverted.items.find((c) => c.memory?.id === created)?.memory?.status).toBe('archived');
  });

  it('refuses a run it does not know', () => {
    const { mind } = freshMind();
    expect(() => getRunChangeset(mind, 'run_missing')).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
