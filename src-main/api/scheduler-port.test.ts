import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConsolidationStatusSchema, MindEventSchema } from '../../shared/contract';
import { createOfflineProvider } from '../consolidation/offline/offline-provider';
import { runConsolidation } from '../consolidation/run';
import { createScheduler } from '../consolidation/scheduler';
import { manualClock } from '../consolidation/scheduler-test-support';
import { readSettings } from '../consolidation/settings-store';
import { type ApiFixture, apiFixture, callOk } from './api-test-support';
import { consolidationEvent, liveSchedulerStatus } from './scheduler-port';

let f: ApiFixture;
beforeEach(() => {
  f = apiFixture();
});
afterEach(() => f.dispose());

describe('consolidation status', () => {
  it('shows the last run the store records, from any process', async () => {
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const mind = f.session.mind();
    const summary = await runConsolidation(mind, { trigger: 'manual', provider: createOfflineProvider(), settings: readSettings(mind) });
    const status = await callOk(f.api, 'consolidation.status');
    expect(status.lastRun).toMatchObject({ id: summary.runId, trigger: 'manual', status: summary.status, revertedAt: null });
    expect((await callOk(f.api, 'mind.overview')).lastRun?.id).toBe(summary.runId);
    expect(consolidationEvent({ type: 'finished', trigger: 'manual', summary })).toEqual({
      type: 'consolidation.finished',
      payload: { runId: summary.runId, status: summary.status },
    });
  });

  it('reads a live scheduler’s state, timer and waiting episodes', async () => {
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const clock = manualClock(Date.UTC(2026, 0, 1));
    const scheduler = createScheduler({ mindPath: f.mindPath, clock, pollMs: null });
    try {
      scheduler.notifyMindChanged();
      const status = ConsolidationStatusSchema.parse(liveSchedulerStatus(scheduler).status(f.session.mind()));
      const live = scheduler.status();
      expect(status).toEqual({
        state: live.state,
        lastRun: null,
        nextTimerAt: live.nextTimerAt === null ? null : new Date(live.nextTimerAt).toISOString(),
        episodesSinceCheckpoint: 1,
      });
    } finally {
      await scheduler.dispose();
    }
  });

  it('turns scheduler progress and results into the contract’s events', () => {
    const progress = consolidationEvent({ type: 'progress', progress: { runId: 'run_1', stage: 'cluster', done: 2, total: 5 } });
    expect(MindEventSchema.parse(progress)).toEqual({
      type: 'consolidation.progress',
      payload: { runId: 'run_1', stage: 'cluster', done: 2, total: 5 },
    });
    expect(consolidationEvent({ type: 'error', error: { code: 'internal', message: 'x' } })).toBeNull();
  });
});
