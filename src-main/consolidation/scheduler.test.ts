import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { isMindError } from '../../shared/errors';
import { EPISODE_COUNT_CAP } from '../../shared/consolidation-runs';
import { episodesSinceCheckpoint } from './checkpoint';
import { startFakeOpenAiServer } from './openai/fake-openai-server';
import { RUN_STAGES } from './run-types';
import { createScheduler, type Scheduler, type SchedulerEvent, type SchedulerOptions } from './scheduler';
import { addEpisodes, manualClock, storedVectors, tempMind, withMind } from './scheduler-test-support';
import { writeSettings } from './settings-store';
import { processOwner } from '../mind/run-owner';
import { getLastRun } from '../mind/run-history';
import { announceSamplingAgent, withdrawSamplingAgent } from '../mind/sampling-agents';
import { findRun, insertRun } from '../store/consolidation-runs-repo';

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

/** The error a promise rejects with (null when it resolves). */
function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

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

  it("leaves automatic runs to the process serving an agent that lends its model; with none connected, runs offline", async () => {
    const path = tempMind(6, { provider: 'agent', scheduler: { everyEpisodes: 5 } });
    withMind(path, (mind) => announceSamplingAgent(mind, 'agent:claude', Date.now()));
    const log = eventLog();
    const s = scheduler({ mindPath: path, onEvent: log.onEvent, clock: manualClock(T0), pollMs: null });

    s.notifyMindChanged();
    expect(s.status()).toMatchObject({ state: 'idle', episodesSinceCheckpoint: 6 });
    expect(log.ofType('progress')).toHaveLength(0);

    withMind(path, withdrawSamplingAgent);
    const finished = log.next('finished');
    s.notifyMindChanged();
    const { summary } = await finished;
    expect(summary.status).toBe('completed');
    expect(withMind(path, (mind) => getLastRun(mind)?.provider)).toBe('offline');
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
    const path = tempMind(30, { scheduler: { everyEpisodes: EPISODE_COUNT_CAP } });
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
    const path = tempMind(600, { scheduler: { everyEpisodes: EPISODE_COUNT_CAP }, budget: { maxClustersPerCycle: 10_000 } });
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

  it('shut down mid-run (another mind opened), it reports no failure and leaves the run marked interrupted', async () => {
    const path = tempMind(600, { scheduler: { everyEpisodes: EPISODE_COUNT_CAP }, budget: { maxClustersPerCycle: 10_000 } });
    const log = eventLog();
    const s = scheduler({ mindPath: path, onEvent: log.onEvent, clock: manualClock(T0), pollMs: null });

    const run = rejection(s.runNow());
    const { progress } = await log.next('progress');
    await s.dispose();
    expect(isMindError(await run)).toBe(true);
    expect(log.ofType('failed')).toHaveLength(0);
    expect(log.ofType('error')).toHaveLength(0);
    expect(withMind(path, (mind) => findRun(mind.store.db, progress.runId)?.status)).toBe('interrupted');
  });

  it('reports progress with one run id and done counts that only grow within each stage', async () => {
    const path = tempMind(200, { scheduler: { everyEpisodes: EPISODE_COUNT_CAP }, budget: { maxClustersPerCycle: 10_000 } });
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

describe('re-embedding in the worker', () => {
  const KEY = 'sk-reembed-test-key';

  it('rebuilds every vector under the new embedder, with progress that only grows; back offline, the table is emptied', async () => {
    // More memories than one page (512), fewer waiting episodes than the every-N trigger: the rebuild
    // reports page by page and no automatic run starts first.
    const path = tempMind(700, { provider: 'openai', scheduler: { everyEpisodes: EPISODE_COUNT_CAP } });
    const server = await startFakeOpenAiServer({ apiKey: KEY });
    try {
      withMind(path, (mind) => writeSettings(mind, { openai: { baseUrl: server.url } }, 'user'));
      const log = eventLog();
      const s = scheduler({ mindPath: path, onEvent: log.onEvent, clock: manualClock(T0), pollMs: null, secrets: () => ({ openAiApiKey: KEY }) });

      const model = s.reembed();
      expect(s.status().state).toBe('running');
      expect(await model).toEqual({ count: 700, status: 'completed' });
      // The model's space: another id, the dimension its first answer gave (the fake's 64).
      expect(storedVectors(path)).toEqual({ embedder: { id: 'openai:text-embedding-3-small', dimension: 64 }, count: 700, lengths: [64] });
      expect(server.requests.every((r) => r.path === '/v1/embeddings' && r.apiKey === KEY)).toBe(true);

      const progress = log.ofType('progress').map((e) => e.progress);
      // The start, the first page of 512, the end.
      expect(progress.map((p) => p.done)).toEqual([0, 512, 700]);
      expect(progress.every((p) => p.runId === 'reembed' && p.stage === 'embed' && p.total === 700)).toBe(true);
      const done = progress.map((p) => p.done);
      expect(done).toEqual([...done].sort((a, b) => a - b));
      expect(done[0]).toBe(0);
      expect(done.at(-1)).toBe(700);
      expect(log.ofType('reembedded')).toEqual([{ type: 'reembedded', count: 700, status: 'completed' }]);
      expect(s.status()).toMatchObject({ state: 'idle', lastRun: null });

      withMind(path, (mind) => writeSettings(mind, { provider: 'offline' }, 'user'));
      expect(await s.reembed()).toEqual({ count: 0, status: 'completed' });
      // The offline space is learned by each run from the mind: nothing of it is stored, and the
      // model's vectors (another space) are gone.
      expect(storedVectors(path)).toEqual({ embedder: { id: 'offline-lexical-1', dimension: 64 }, count: 0, lengths: [] });
      expect(log.states()).toEqual(['idle', 'running', 'idle', 'running', 'idle']);
    } finally {
      await server.close();
    }
  });

  it('takes the run’s slot: refused while a run goes, and a run refused while it goes', async () => {
    const path = tempMind(30, { scheduler: { everyEpisodes: EPISODE_COUNT_CAP } });
    const s = scheduler({ mindPath: path, clock: manualClock(T0), pollMs: null });

    const run = s.runNow();
    const refused = await rejection(s.reembed());
    expect(isMindError(refused) && refused.code).toBe('invalid_state');
    expect((await run).status).toBe('completed');

    const rebuild = s.reembed();
    for (const second of [s.runNow(), s.reembed()]) {
      const error = await rejection(second);
      expect(isMindError(error) && [error.code, error.details]).toEqual(['invalid_state', { runId: 'reembed' }]);
    }
    expect((await rebuild).status).toBe('completed');
    expect(s.status().state).toBe('idle');
  });

  it('cancel stops it between calls: it ends cancelled, keeping the table for the new embedder', async () => {
    const path = tempMind(40, { provider: 'openai', scheduler: { everyEpisodes: EPISODE_COUNT_CAP } });
    const server = await startFakeOpenAiServer({ apiKey: KEY });
    try {
      withMind(path, (mind) => writeSettings(mind, { openai: { baseUrl: server.url } }, 'user'));
      // The dimension probe is answered; the first page's answer is held back until the cancel.
      server.script({ kind: 'answer', path: '/v1/embeddings' });
      server.script({ kind: 'answer', path: '/v1/embeddings', delayMs: 600_000 });
      const log = eventLog();
      const s = scheduler({ mindPath: path, onEvent: log.onEvent, clock: manualClock(T0), pollMs: null, secrets: () => ({ openAiApiKey: KEY }) });

      const rebuild = s.reembed();
      expect((await log.next('progress')).progress).toEqual({ runId: 'reembed', stage: 'embed', done: 0, total: 40 });
      expect(s.cancel()).toBe(true);
      expect(await rebuild).toEqual({ count: 0, status: 'cancelled' });
      expect(log.ofType('reembedded')).toEqual([{ type: 'reembedded', count: 0, status: 'cancelled' }]);
      expect(storedVectors(path)).toEqual({ embedder: { id: 'openai:text-embedding-3-small', dimension: 64 }, count: 0, lengths: [] });
      expect(s.status().state).toBe('idle');
    } finally {
      await server.close();
    }
  });

  it('reports a rebuild that cannot start its embedder as a typed error and leaves the vectors as they were', async () => {
    const path = tempMind(5, { provider: 'openai', scheduler: { everyEpisodes: EPISODE_COUNT_CAP } });
    const server = await startFakeOpenAiServer({ apiKey: KEY });
    try {
      withMind(path, (mind) => writeSettings(mind, { openai: { baseUrl: server.url } }, 'user'));
      let key: string | undefined = KEY;
      const log = eventLog();
      const s = scheduler({ mindPath: path, onEvent: log.onEvent, clock: manualClock(T0), pollMs: null, secrets: () => ({ openAiApiKey: key }) });
      await s.reembed();
      key = undefined;
      withMind(path, (mind) => writeSettings(mind, { openai: { embeddingModel: 'text-embedding-3-large' } }, 'user'));

      const error = await rejection(s.reembed());
      expect(isMindError(error) && error.code).toBe('invalid_input');
      expect(log.ofType('reembedFailed')).toMatchObject([{ error: { code: 'invalid_input' } }]);
      expect(storedVectors(path)).toEqual({ embedder: { id: 'openai:text-embedding-3-small', dimension: 64 }, count: 5, lengths: [64] });
      expect(s.status()).toMatchObject({ state: 'idle', lastRun: null });
    } finally {
      await server.close();
    }
  });

  it('holds back while another process runs consolidation on the file, and takes over once that process is gone', async () => {
    const path = tempMind(6, { scheduler: { everyEpisodes: 5 } });
    // Another process on this machine, holding a run on the mind.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
    const otherGone = new Promise((resolve) => other.once('exit', resolve));
    try {
      const owner = processOwner(other.pid as number);
      withMind(path, (mind) =>
        insertRun(mind.store.db, {
          id: 'run_0000000000cc',
          trigger: 'manual',
          provider: 'offline',
          status: 'running',
          startedAt: Date.now(),
          ownerHost: owner.host,
          ownerPid: owner.pid,
          ownerStart: owner.start,
        }),
      );
      const log = eventLog();
      const s = scheduler({ mindPath: path, onEvent: log.onEvent, clock: manualClock(T0), pollMs: null });
      s.notifyMindChanged();
      expect(s.status().state).toBe('idle');
      expect(log.ofType('progress')).toHaveLength(0);
      const refused = await rejection(s.runNow());
      expect(refused).toMatchObject({ code: 'invalid_state', details: { runId: 'run_0000000000cc', ownerPid: other.pid } });

      other.kill('SIGKILL');
      await otherGone;
      const interrupted = log.next('interrupted');
      const finished = log.next('finished');
      s.notifyMindChanged();
      expect(await interrupted).toMatchObject({ runId: 'run_0000000000cc', why: `its process (pid ${other.pid}) has ended` });
      expect((await finished).summary.status).toBe('completed');
      expect(withMind(path, (mind) => findRun(mind.store.db, 'run_0000000000cc')?.status)).toBe('interrupted');
    } finally {
      other.kill('SIGKILL');
    }
  });
});
