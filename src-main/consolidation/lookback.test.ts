/** The bounded look-back: episodes a run left unclustered cluster later with new ones, inside the window only. */
import { describe, expect, it } from 'vitest';
import { DAY_MS, freshMind } from '../mind/test-support';
import { linksFrom } from '../store/links-repo';
import { findMemoryById } from '../store/memories-repo';
import { countRows } from '../store/store-test-support';
import { episodesSinceCheckpoint } from './checkpoint';
import { consolidate, episode } from './consolidation-test-support';
import { LOOK_BACK_DAYS } from './lookback';

const LESSON = ['Friday deploys break the build'];
const fridayEpisode = (mind: ReturnType<typeof freshMind>['mind'], objective: string) => episode(mind, objective, 'the build broke', LESSON);

describe('look-back for unclustered episodes', () => {
  it('a lesson met twice in one batch and once in the next becomes one belief over all three', async () => {
    const { mind, clock } = freshMind();
    const early = [fridayEpisode(mind, 'Deployed the payments service on Friday afternoon'), fridayEpisode(mind, 'Deployed search on a Friday')];
    const first = await consolidate(mind);
    expect(first).toMatchObject({ clustersFound: 0, created: 0 });
    expect(episodesSinceCheckpoint(mind)).toBe(0);

    clock.advance(LOOK_BACK_DAYS * DAY_MS - 1);
    const late = fridayEpisode(mind, 'Friday deploy of billing');
    const second = await consolidate(mind);
    expect(second).toMatchObject({ clustersFound: 1, created: 1 });
    const belief = findMemoryById(mind.store.db, second.actions[0]?.memoryId ?? '');
    expect(belief).toMatchObject({ alpha: 4, reviewStatus: 'pending' });
    const evidence = linksFrom(mind.store.db, belief?.seq ?? 0, ['evidence']).map((l) => l.toSeq).sort((a, b) => a - b);
    expect(evidence).toEqual([...early, late].map((e) => e.seq));

    // Having joined a cluster, they are handled like any other: nothing is left to look back at.
    episode(mind, 'Rotated the staging certificates', 'done');
    const third = await consolidate(mind);
    expect(third).toMatchObject({ clustersFound: 0, created: 0, reinforced: 0 });
  });

  it('lets go of episodes older than the window: they never join a later cluster, and their marks go', async () => {
    const { mind, clock } = freshMind();
    fridayEpisode(mind, 'Deployed the payments service on Friday afternoon');
    fridayEpisode(mind, 'Deployed search on a Friday');
    await consolidate(mind);
    expect(countRows(mind.store.db, 'consolidation_marks')).toBe(2);

    clock.advance(LOOK_BACK_DAYS * DAY_MS + 1);
    fridayEpisode(mind, 'Friday deploy of billing');
    const late = await consolidate(mind);
    expect(late).toMatchObject({ clustersFound: 0, created: 0 });
    // The two old marks are compacted; the new singleton waits in the window.
    expect(countRows(mind.store.db, 'consolidation_marks')).toBe(1);
  });
});
