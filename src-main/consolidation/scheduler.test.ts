import { afterEach, describe, expect, it } from 'vitest';
import { isMindError } from '../../shared/errors';
import { episodesSinceCheckpoint } from './checkpoint';
import { RUN_STAGES } from './run-types';
import { createScheduler, type Scheduler, type SchedulerEvent, type SchedulerOptions } from './scheduler';
import { addEpisodes, manualClock, tempMind, withMind } from './scheduler-test-support';

const HOUR_MS = 3_600_000;
const T0 = Date.UTC(2025, 0, 1);

type EventOf<T extends SchedulerEvent['type']> = Extract<SchedulerEvent, { type: T }>;

/** Every event the scheduler emitted, and a way to wait for the next one of a kind. */
function eventLog() {
  const events: SchedulerEvent[] = [];
  const waiters: { type: SchedulerEvent['type']; resolve: (event: SchedulerEvent) => void }[] = [];
  return {
    events,
    onEvent(event: SchedulerEvent) {
      events.push(event);
      for (const waiter of waiters.filter((w) => w.type === event.type)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    },
    next<T extends SchedulerEvent['type']>(type: T): Promise<EventOf<T>> {
      return new Promise((resolve) => waiters.push({ type, resolve: (event) => resolve(event as EventOf<T>) }));
    },
    ofType<T extends SchedulerEvent['type']>(type: T): EventOf<T>[] {
      return events.filter((e): e is EventOf<T> => e.type === type);
    },
    states: () => events.filter((e): e is EventOf<'state'> => e.type === 'state').map((e) => e.status.state),
  };
}

const schedulers: Scheduler[] = [];

afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((s) => s.dispose()));
});

function scheduler(options: SchedulerOptions): Scheduler {
  const created = createScheduler(options);
  schedulers.push(created);
  return created;
}

describe('consolidation scheduler', () => {
  it('starts a run once N new episodes have arrived, and not before', async () => {
    const path = tempMind(4, { scheduler: { everyEpisodes: 5 } });
    const log = eventLog();
    const clock = manualClock(T0);
    const s = scheduler({ mindPath: path, onEvent: log.onEvent, clock, pollMs: null });

    s.notifyMindChanged();
    expect(s.status()).toMatchObject({ state: 'idle', episodesSinceCheckpoint: 4 });
    expect(log.ofType('progress')).toHaveLength(0);

    addEpisodes(path, 1, 4);
    const finished = log.next('finished');
    s.notifyMindChanged();
    expect(s.status().state).toBe('running');
    const { trigger, summary } = await finished;
    expect(trigger).toBe('episodes');
    expect(summary.status).toBe('completed');
    expect(summary.created).toBeGreaterThan(0);
    expect(s.status()).toMatchObject({ state: 'idle', episodesSinceCheckpoint: 0, lastRun: { trigger: 'episodes', summary } });
    expect(withMind(path, episodesSinceCheckpoint)).toBe(0);
    expect(log.states()).toEqual(['idle', 'running', 'idle']);
  });

  it('notices new episodes on its poll', async () => {
    const path = tempMind(0, { scheduler: { everyEpisodes: 5 } });
    const log = eventLog();
    const clock = manualClock(T0);
    const s = scheduler({ mindPath: path, onEvent: log.onEvent, clock, pollMs: 1_000 });

    clock.advance(1_000);
    expect(s.status().state).toBe('idle');
    addEpisodes(path, 6);
    const finished = log.next('finished');
    clock.advance(1_000);
    expect(s.status().state).toBe('running');
    expect((await finished).trigger).toBe('episodes');
    expect(withMind(path, episodesSinceCheckpoint)).toBe(0);
  });

  it('runs on its timer, everyHours after it started and again after the last run', async () => {
    const path = tempMind(2, { scheduler: { everyEpisodes: 50, everyHours: 2 } });
    const log = eventLog();
    const clock = manualClock(T0);
    const s = scheduler({ mindPath: path, onEvent: log.onEvent, clock, pollMs: null });
    expect(s.status().nextTimerAt).toBe(T0 + 2 * HOUR_MS);

    clock.advance(2 * HOUR_MS - 1);
    expect(s.status().state).toBe('idle');
    const finished = log.next('finished');
    clock.advance(1);
    expect(s.status().state).toBe('running');
    const event = await finished;
    expect(event.trigger).toBe('timer');
    expect(event.summary.status).toBe('completed');
    expect(s.status().nextTimerAt).toBe(T0 + 4 * HOUR_MS);
  });

  it('runs one run at a time: a second request while one runs is refused', async () => {
    const path = tempMind(30, { scheduler: { everyEpisodes: 100_000 } });
    const log = eventLog();
    const s = scheduler({ mindPath: path, onEvent: log.onEvent, clock: manualClock(T0), pollMs: null });

    const first = s.runNow();
    const second = await s.runNow().then(
      () => null,
      (error: unknown) => error,
    );
    expect(isMindError(second) && second.code).toBe('invalid_state');
    // An automatic trigger that comes due meanwhile is dropped, not queued.
    s.notifyMindChanged();
    const summary = await first;
    expect(summary.status).toBe('completed');
    expect(log.ofType('finished').map((e) => e.trigger)).toEqual(['manual']);
    expect(s.status().state).toBe('idle');
  });

  it('pause stops automatic runs (a run by hand still works); resume starts what is due', async () => {
    const path = tempMind(0, { scheduler: { everyEpisodes: 5, everyHours: 1 } });
    const log = eventLog();
    const clock = manualClock(T0);
    const s = scheduler({ mindPath: path, onEvent: log.onEvent, clock, pollMs: 1_000 });

    s.pause();
    expect(s.status()).toMatchObject({ state: 'paused', nextTimerAt: null });
    addEpisodes(path, 5);
    s.notifyMindChanged();
    clock.advance(2 * HOUR_MS);
    expect(s.status().state).toBe('paused');
    expect(log.ofType('progress')).toHaveLength(0);

    const dry = await s.runNow({ dryRun: true });
    expect(dry.status).toBe('dry_run');
    expect(s.status()).toMatchObject({ state: 'paused', episodesSinceCheckpoint: 5 });

    const finished = log.next('finished');
    s.resume();
    expect(s.status().state).toBe('running');
    expect((await finished).summary.status).toBe('completed');
    expect(log.states()).toEqual(['idle', 'paused', 'running', 'paused', 'running', 'idle']);
  });

  it('cancel stops a running run between items; it ends cancelled and keeps what it committed', async () => {
    const path = tempMind(600, { scheduler: { everyEpisodes: 100_000 }, budget: { maxClustersPerCycle: 10_000 } });
    const log = eventLog();
    const s = scheduler({ mindPath: path, onEvent: log.onEvent, clock: manualClock(T0), pollMs: null });
    expect(s.cancel()).toBe(false);

    const run = s.runNow();
    await log.next('progress');
    expect(s.cancel()).toBe(true);
    const summary = await run;
    expect(summary.status).toBe('cancelled');
    expect(log.ofType('finished')[0]?.summary).toEqual(summary);
    // The rest is still waiting: a rerun picks it up.
    expect(withMind(path, episodesSinceCheckpoint)).toBeGreaterThan(0);
    expect((await s.runNow()).status).toBe('completed');
    expect(withMind(path, episodesSinceCheckpoint)).toBe(0);
  });

  it('reports progress with one run id and done counts that only grow within each stage', async () => {
    const path = tempMind(200, { scheduler: { everyEpisodes: 100_000 }, budget: { maxClustersPerCycle: 10_000 } });
    const log = eventLog();
    const s = scheduler({ mindPath: path, onEvent: log.onEvent, clock: manualClock(T0), pollMs: null });
    const summary = await s.runNow();

    const progress = log.ofType('progress').map((e) => e.progress);
    expect(new Set(progress.map((p) => p.runId))).toEqual(new Set([summary.runId]));
    expect(new Set(progress.map((p) => p.stage))).toEqual(new Set(RUN_STAGES));
    // A stage may count several things in turn (each with its own total): within one, done only grows.
    const lastDone = new Map<string, number>();
    for (const p of progress) {
      const key = `${p.stage}/${p.total}`;
      if (p.total > 0) expect(p.done).toBeLessThanOrEqual(p.total);
      expect(p.done).toBeGreaterThanOrEqual(lastDone.get(key) ?? 0);
      lastDone.set(key, p.done);
    }
    expect(progress.at(-1)).toEqual({ runId: summary.runId, stage: 'checkpoint', done: 1, total: 1 });
  });

  it('shows disabled when the settings turn automatic runs off; a run by hand still works', async () => {
    const path = tempMind(10, { scheduler: { enabled: false, everyEpisodes: 5 } });
    const log = eventLog();
    const s = scheduler({ mindPath: path, onEvent: log.onEvent, clock: manualClock(T0), pollMs: null });
    s.notifyMindChanged();
    expect(s.status()).toMatchObject({ state: 'disabled', nextTimerAt: null, episodesSinceCheckpoint: 10 });
    expect((await s.runNow({ provider: 'offline' })).status).toBe('completed');
    expect(s.status().state).toBe('disabled');
  });

  it('reports a run that fails in the worker as a typed error', async () => {
    const path = tempMind(3);
    const log = eventLog();
    const s = scheduler({ mindPath: path, onEvent: log.onEvent, clock: manualClock(T0), pollMs: null, secrets: () => ({}) });
    const error = await s.runNow({ provider: 'openai' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isMindError(error) && error.code).toBe('invalid_input');
    expect(log.ofType('failed')[0]).toMatchObject({ trigger: 'manual', error: { code: 'invalid_input' } });
    expect(s.status()).toMatchObject({ state: 'idle', lastRun: { trigger: 'manual', error: { code: 'invalid_input' } } });
  });
});
