/**
 * `npm run bench -- --quality --provider openai` measures whatever endpoint is configured: here
 * the loopback fake, configured through the environment as a person would configure theirs. The
 * fake is no model, so only the benchmark's working is checked, not the quality it reports.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createProvider } from '../../src-main/consolidation/provider-factory';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../src-main/consolidation/openai/fake-openai-server';
import { type Corpus, SplitSchema } from './corpus';
import { measureSplit } from './quality-bench';
import { qualitySettings } from './quality-report';

const KEY = 'sk-quality-bench-loopback';
let server: FakeOpenAiServer;
beforeEach(async () => {
  server = await startFakeOpenAiServer({ apiKey: KEY });
});
afterEach(() => server.close());

const split = SplitSchema.parse(JSON.parse(readFileSync(join(import.meta.dirname, 'first-trial.json'), 'utf8')));
const corpus: Corpus = { name: 'first-trial', about: "the issue's first trial", style: 'lexical', splits: { calibration: split, heldout: split } };

describe('the quality benchmark with a model provider', () => {
  it('takes the endpoint from the environment and measures through it', async () => {
    const env = { MINDLOOM_OPENAI_BASE_URL: server.url, MINDLOOM_OPENAI_CHAT_MODEL: 'llama3.1:8b', MINDLOOM_OPENAI_EMBEDDING_MODEL: 'nomic-embed-text' };
    const settings = qualitySettings({ provider: 'openai', env });
    expect(settings).toMatchObject({ provider: 'openai', openai: { baseUrl: server.url, chatModel: 'llama3.1:8b', embeddingModel: 'nomic-embed-text' } });

    const m = await measureSplit(corpus, 'calibration', { provider: () => createProvider(settings, { openAiApiKey: KEY }), settings });
    expect(m).toMatchObject({ corpus: 'first-trial', split: 'calibration', provider: 'openai', episodes: 19 });
    expect(m.structure.topics).toBe(4);
    expect(m.runs.every((run) => run.status === 'completed')).toBe(true);
    const paths = new Set(server.requests.map((r) => r.path));
    expect(paths).toEqual(new Set(['/v1/embeddings', '/v1/chat/completions']));
    const models = new Set(server.requests.map((r) => (r.body as { model?: string }).model));
    expect(models).toEqual(new Set(['llama3.1:8b', 'nomic-embed-text']));
  });
});
