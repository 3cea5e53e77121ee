import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MindEvent, MindEventSchema } from '../../shared/contract';
import { createOfflineProvider } from '../consolidation/offline/offline-provider';
import { startFakeOpenAiServer } from '../consolidation/openai/fake-openai-server';
import { runConsolidation } from '../consolidation/run';
import { storedVectors } from '../consolidation/scheduler-test-support';
import { readSettings } from '../consolidation/settings-store';
import { type ApiFixture, apiFixture, callFails, callOk, memorySecrets } from './api-test-support';
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
    for (const [event, status] of [
      [{ type: 'reembedded', count: 3, status: 'completed' }, 'completed'],
      [{ type: 'reembedded', count: 1, status: 'cancelled' }, 'cancelled'],
      [{ type: 'reembedFailed', error: { code: 'invalid_input', message: 'no key' } }, 'failed'],
    ] as const) {
      expect(MindEventSchema.parse(consolidationEvent(event))).toEqual({ type: 'consolidation.finished', payload: { runId: 'reembed', status } });
    }
  });
});

describe('switching the embedder in the settings', () => {
  const KEY = 'sk-settings-reembed-key';

  /** Every event from now on, and a way to wait for the end of the re-embed. */
  function reembedEvents(fixture: ApiFixture) {
    const events: MindEvent[] = [];
    let resolveEnd!: (event: MindEvent) => void;
    const end = new Promise<MindEvent>((resolve) => (resolveEnd = resolve));
    fixture.api.subscribe((event) => {
      if ((event.type !== 'consolidation.progress' && event.type !== 'consolidation.finished') || event.payload.runId !== 'reembed') return;
      events.push(event);
      if (event.type === 'consolidation.finished') resolveEnd(event);
    });
    return { events, end };
  }

  it('re-embeds the mind at once in the worker, with progress; other changes start nothing', async () => {
    const secrets = memorySecrets();
    secrets.set('openai-api-key', KEY);
    const server = await startFakeOpenAiServer({ apiKey: KEY });
    const keyed = apiFixture({ secrets });
    try {
      const rebuild = reembedEvents(keyed);
      await callOk(keyed.api, 'session.open', { path: keyed.mindPath });

      await callOk(keyed.api, 'settings.update', { scheduler: { everyEpisodes: 50 } });
      expect((await callOk(keyed.api, 'consolidation.status')).state).toBe('idle');

      const saved = await callOk(keyed.api, 'settings.update', { provider: 'openai', openai: { baseUrl: server.url } });
      expect(saved.settings).toMatchObject({ provider: 'openai', openai: { baseUrl: server.url } });
      expect(await rebuild.end).toEqual({ type: 'consolidation.finished', payload: { runId: 'reembed', status: 'completed' } });
      expect(rebuild.events[0]).toMatchObject({ type: 'consolidation.progress', payload: { stage: 'embed', done: 0, total: 3 } });
      expect(rebuild.events.at(-2)).toEqual({ type: 'consolidation.progress', payload: { runId: 'reembed', stage: 'embed', done: 3, total: 3 } });
      expect(storedVectors(keyed.mindPath)).toEqual({ embedder: { id: 'openai:text-embedding-3-small', dimension: 64 }, count: 3, lengths: [64] });

      // Another chat model or timeout embeds the same way: nothing starts, the server hears nothing.
      const heard = server.requests.length;
      await callOk(keyed.api, 'settings.update', { openai: { chatModel: 'gpt-4.1', timeoutMs: 20_000 } });
      expect((await callOk(keyed.api, 'consolidation.status')).state).toBe('idle');
      expect(server.requests).toHaveLength(heard);
      expect(rebuild.events.filter((e) => e.type === 'consolidation.finished')).toHaveLength(1);
    } finally {
      await keyed.dispose();
      await server.close();
    }
  });

  it('saves the switch even when the new embedder cannot start (no key): the re-embed ends failed, logged', async () => {
    const logged: [string, unknown][] = [];
    const unkeyed = apiFixture({ logError: (message, error) => logged.push([message, error]) });
    try {
      const rebuild = reembedEvents(unkeyed);
      await callOk(unkeyed.api, 'session.open', { path: unkeyed.mindPath });
      const vectors = storedVectors(unkeyed.mindPath);
      const saved = await callOk(unkeyed.api, 'settings.update', { provider: 'openai' });
      expect(saved).toMatchObject({ settings: { provider: 'openai' }, apiKeySet: false });
      expect(await rebuild.end).toEqual({ type: 'consolidation.finished', payload: { runId: 'reembed', status: 'failed' } });
      expect(logged).toMatchObject([['Re-embedding the mind failed', { code: 'invalid_input' }]]);
      expect((await callOk(unkeyed.api, 'settings.get')).settings.provider).toBe('openai');
      expect(storedVectors(unkeyed.mindPath)).toEqual(vectors);
    } finally {
      await unkeyed.dispose();
    }
  });
});
