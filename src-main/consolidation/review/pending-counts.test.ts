/**
 * Every count of what awaits review agrees with the review queue (issue 27 §7): the beliefs a
 * reverted run drafted are archived, and the Overview, `mindloom stats` and the queue all stop
 * counting them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getOverview } from '../../mind/overview';
import { getStats } from '../../mind/stats';
import { USER, freshMind, type TestMind } from '../../mind/test-support';
import { backupEpisodes, consolidate, fridayEpisodes } from '../consolidation-test-support';
import { revertRun } from '../revert';
import { countReviewQueue, listReviewQueue } from './queue';

let t: TestMind;
afterEach(() => t.mind.close());

const counts = (test: TestMind) => ({
  overview: getOverview(test.mind).reviewPending,
  stats: getStats(test.mind).pendingReview,
  queue: countReviewQueue(test.mind),
  listed: listReviewQueue(test.mind, { limit: 500 }).items.length,
});

describe('pending review counts', () => {
  it('a reverted run’s drafts (archived) are counted nowhere, as the queue does not list them', async () => {
    t = freshMind();
    fridayEpisodes(t.mind);
    backupEpisodes(t.mind);
    const run = await consolidate(t.mind);
    const drafted = counts(t);
    expect(drafted.listed).toBeGreaterThan(0);
    expect(drafted).toEqual({ overview: drafted.listed, stats: drafted.listed, queue: drafted.listed, listed: drafted.listed });

    revertRun(t.mind, run.runId, USER);
    expect(getStats(t.mind).byStatus.archived).toBeGreaterThan(0);
    expect(counts(t)).toEqual({ overview: 0, stats: 0, queue: 0, listed: 0 });
  });
});
