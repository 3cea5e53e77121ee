import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshMind } from '../../mind/test-support';
import { readEmbedderInfo } from '../../store/vectors-repo';
import { journalOfRun } from '../../store/consolidation-runs-repo';
import { listMemories } from '../../mind/list';
import { episode, settingsWith } from '../consolidation-test-support';
import { runConsolidation } from '../run';
import { startFakeOpenAiServer, type FakeOpenAiServer } from './fake-openai-server';
import { createOpenAiProvider } from './openai-provider';

const KEY = 'sk-test-loopback-run';
let server: FakeOpenAiServer;

beforeEach(async () => {
  server = await startFakeOpenAiServer({ apiKey: KEY });
});
afterEach(() => server.close());

describe('a consolidation run on the openai provider (fake endpoint on loopback)', () => {
  it('skips the cluster whose synthesis came back malformed, records why, and consolidates the rest', async () => {
    const { mind } = freshMind();
    // Two themes, each worded nearly alike three times: the seed's 0.70 clustering threshold holds for both.
    for (const day of ['Monday', 'Tuesday', 'Thursday']) {
      episode(mind, `Ran the Postgres migration on ${day}`, 'it locked the orders table for minutes', ['Postgres migrations need lock_timeout set']);
      episode(mind, `Deployed billing late on ${day}`, 'the release broke checkout for an hour', ['Late deploys of billing break checkout']);
    }
    const settings = settingsWith({ provider: 'openai', openai: { baseUrl: server.url, timeoutMs: 20_000, maxRetries: 0 } });
    server.script({ kind: 'answer', content: 'this is not json', path: '/v1/chat/completions' });
    server.script({
      kind: 'answer',
      path: '/v1/chat/completions',
      content: JSON.stringify({ statement: 'Risky changes go wrong when shipped carelessly', subject: 'changes', predicate: 'go wrong', context: 'general', timeframe: 'current' }),
    });

    const summary = await runConsolidation(mind, { trigger: 'manual', provider: createOpenAiProvider(settings.openai, KEY), settings });

    expect(summary.status).toBe('completed');
    expect(summary.clustersFound).toBe(2);
    expect(summary.created).toBe(1);
    expect(summary.skipped).toEqual([{ item: expect.stringMatching(/^cluster of ep_/), reason: expect.stringMatching(/^malformed: /) }]);
    const beliefs = listMemories(mind, { filter: { types: ['belief'] } }).items;
    expect(beliefs.map((b) => [b.content, b.reviewStatus, b.sourceType])).toEqual([
      ['Risky changes go wrong when shipped carelessly', 'pending', 'consolidation'],
    ]);
    expect(journalOfRun(mind.store.db, summary.runId).some((row) => row.op === 'create' && row.memoryId === beliefs[0]?.id)).toBe(true);
    // The vectors now belong to the endpoint's embedder, at the dimension it answered with.
    expect(readEmbedderInfo(mind.store.db)).toEqual({ id: 'openai:text-embedding-3-small', dimension: 64 });
    expect(server.pendingSteps).toBe(0);
  });
});
