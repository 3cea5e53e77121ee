import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MindEvent, MindEventSchema } from '../../shared/contract';
import { createOfflineProvider } from '../consolidation/offline/offline-provider';
import { runConsolidation } from '../consolidation/run';
import { readSettings } from '../consolidation/settings-store';
import { type ApiFixture, apiFixture, callFails, callOk } from './api-test-support';
import { consolidationEvent } from './scheduler-port';

let f: ApiFixture;
beforeEach(() => {
  f = apiFixture();
});
afterEach(() => f.dispose());

describe('the scheduler follows the session', () => {
  it('shows the last run the store records, from any process', async () => {
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const mind = f.session.mind();
    const summary = await runConsolidation(mind, { trigger: 'manual', provider: createOfflineProvider(), settings: readSettings(mind) });
    const status = await callOk(f.api, 'consolidation.status');
    expect(status.lastRun).toMatchObject({ id: summary.runId, trigger: 'manual', status: summary.status, revertedAt: null });
    expect((await callOk(f.api, 'mind.overview')).lastRun?.id).toBe(summary.runId);
  });

  it('runs by hand in the worker and pushes its progress and its end to the windows', async () => {
    const events: MindEvent[] = [];
    f.api.subscribe((event) => events.push(event));
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const dry = await callOk(f.api, 'consolidation.runNow', { dryRun: true });
    expect(dry.status).toBe('dry_run');
    const summary = await callOk(f.api, 'consolidation.runNow');
    expect(summary.status).toBe('completed');
    const status = await callOk(f.api, 'consolidation.status');
    expect(status.lastRun?.id).toBe(summary.runId);
    expect(status.episodesSinceCheckpoint).toBe(0);
    const ofRun = events.filter((e) => (e.type === 'consolidation.progress' || e.type === 'consolidation.finished') && e.payload.runId === summary.runId);
    expect(ofRun.some((e) => e.type === 'consolidation.progress')).toBe(true);
    expect(ofRun.at(-1)).toEqual({ type: 'consolidation.finished', payload: { runId: summary.runId, status: 'completed' } });
  });

  it('starts a demo mind paused, so the demo stays as written until the person runs consolidation', async () => {
    await callOk(f.api, 'session.openDemo');
    const paused = await callOk(f.api, 'consolidation.status');
    expect(paused.state).toBe('paused');
    expect(paused.episodesSinceCheckpoint).toBeGreaterThanOrEqual(20);
    const finished = new Promise<MindEvent>((resolve) => {
      f.api.subscribe((event) => {
        if (event.type === 'consolidation.finished') resolve(event);
      });
    });
    // Resumed, the demo's waiting episodes are due at once; a cancel stops that run between items.
    expect((await callOk(f.api, 'consolidation.resume')).state).toBe('running');
    await callOk(f.api, 'consolidation.cancel');
    const end = await finished;
    expect(end.type === 'consolidation.finished' && ['cancelled', 'completed'].includes(end.payload.status)).toBe(true);
    expect((await callOk(f.api, 'consolidation.pause')).state).toBe('paused');
  });

  it('says disabled when the settings turn automatic runs off, and refuses without a mind', async () => {
    await callFails(f.api, 'consolidation.pause', {}, 'no_mind_open');
    await callOk(f.api, 'session.open', { path: f.mindPath });
    await callOk(f.api, 'settings.update', { scheduler: { enabled: false } });
    expect((await callOk(f.api, 'consolidation.status')).state).toBe('disabled');
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
