import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { findRun, journalOfRun } from '../store/consolidation-runs-repo';
import { episodesSinceCheckpoint } from './checkpoint';
import { startFakeOpenAiServer } from './openai/fake-openai-server';
import type { RunProgress } from './run-types';
import { storedVectors, tempMind, withMind } from './scheduler-test-support';
import { readSettings } from './settings-store';
import type { ConsolidationJob } from './worker-messages';
import { startWorkerReembed, startWorkerRun } from './worker-run';

const integrity = (path: string) => withMind(path, (mind) => mind.store.db.pragma('integrity_check', { simple: true }));

describe('consolidation worker', () => {
  it('killed mid-run, it leaves the mind consistent, and the next run resumes from the checkpoint', async () => {
    const path = tempMind(1_500, { budget: { maxClustersPerCycle: 100_000, maxCycleMs: 3_600_000 } });
    const job: ConsolidationJob = {
      mindPath: path,
      trigger: 'manual',
      dryRun: false,
      settings: withMind(path, readSettings),
      secrets: {},
    };

    // Kill it once it is writing: part way through the clusters it turns into beliefs.
    let reachedMatch!: (progress: RunProgress) => void;
    const writing = new Promise<RunProgress>((resolve) => (reachedMatch = resolve));
    const run = startWorkerRun(job, {
      onProgress: (progress) => {
        if (progress.stage === 'match' && progress.done > 0 && progress.done < progress.total) reachedMatch(progress);
      },
    });
    const killedAt = await writing;
    await run.terminate();
    await expect(run.result).rejects.toMatchObject({ code: 'internal' });

    // It had committed part of its work.
    expect(withMind(path, (mind) => journalOfRun(mind.store.db, killedAt.runId).length)).toBeGreaterThan(0);
    expect(integrity(path)).toBe('ok');
    expect(withMind(path, episodesSinceCheckpoint)).toBeGreaterThan(0);
    // Its row does not claim to be running forever: the process that started it marks it interrupted, journaled.
    expect(withMind(path, (mind) => findRun(mind.store.db, killedAt.runId))).toMatchObject({
      status: 'interrupted',
      error: expect.stringMatching(/stopped before finishing/),
    });
    expect(withMind(path, (mind) => journalOfRun(mind.store.db, killedAt.runId).at(-1))).toMatchObject({ op: 'run_interrupted', memoryId: null });

    const rerun = await startWorkerRun(job).result;
    expect(rerun.status).toBe('completed');
    expect(withMind(path, episodesSinceCheckpoint)).toBe(0);
    expect(integrity(path)).toBe('ok');
  });

  it('a dry run in the worker reports the full changeset and leaves everything waiting', async () => {
    const path = tempMind(40);
    const settings = withMind(path, readSettings);
    const summary = await startWorkerRun({ mindPath: path, trigger: 'manual', dryRun: true, settings, secrets: {} }).result;
    expect(summary.status).toBe('dry_run');
    expect(summary.actions.length).toBeGreaterThan(0);
    expect(withMind(path, episodesSinceCheckpoint)).toBe(40);
  });

  it('killed mid-re-embed, it keeps the pages it committed, under the new embedder', async () => {
    const key = 'sk-worker-reembed-key';
    const server = await startFakeOpenAiServer({ apiKey: key });
    try {
      const path = tempMind(600, { provider: 'openai', openai: { baseUrl: server.url } });
      // The dimension probe and the first page (512: two calls of 256) are answered; the second page is held back.
      server.script({ kind: 'answer', path: '/v1/embeddings' }, 3);
      server.script({ kind: 'answer', path: '/v1/embeddings', delayMs: 600_000 });
      let firstPage!: () => void;
      const pageWritten = new Promise<void>((resolve) => (firstPage = resolve));
      const run = startWorkerReembed(
        { mindPath: path, settings: withMind(path, readSettings), secrets: { openAiApiKey: key } },
        { onProgress: (progress) => progress.done > 0 && firstPage() },
      );
      await pageWritten;
      await run.terminate();
      await expect(run.result).rejects.toMatchObject({ code: 'internal', message: expect.stringMatching(/vectors it wrote are kept/) });
      expect(integrity(path)).toBe('ok');
      expect(storedVectors(path)).toEqual({ embedder: { id: 'openai:text-embedding-3-small', dimension: 64 }, count: 512, lengths: [64] });
    } finally {
      await server.close();
    }
  });

  it('a worker that cannot open the mind reports a typed error', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'mindloom-worker-')), 'missing.mind');
    const run = startWorkerRun({ mindPath: path, trigger: 'manual', dryRun: false, settings: DEFAULT_SETTINGS, secrets: {} });
    await expect(run.result).rejects.toMatchObject({ code: 'not_found' });
    expect(existsSync(path)).toBe(false);
  });
});
