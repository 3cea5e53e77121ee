/**
 * `npm run bench -- --recall --provider openai` embeds every turn and question with the configured
 * endpoint: here the loopback fake, configured through the environment as a person would. The fake
 * is no model, so only the benchmark's working is checked (meaning from the endpoint's space), not
 * the recall it reports.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../src-main/consolidation/openai/fake-openai-server';
import { qualitySettings } from '../quality/quality-report';
import { CATEGORIES, type RecallCorpus } from './corpus';
import { generateRecallCorpus } from './generate-corpus';
import { runRecallBench } from './recall-bench';

const KEY = 'sk-recall-bench-loopback';
let server: FakeOpenAiServer;
beforeEach(async () => {
  server = await startFakeOpenAiServer({ apiKey: KEY });
});
afterEach(() => server.close());

describe('the recall benchmark with an embedding endpoint', () => {
  it('embeds the turns and the questions through it, and recall takes meaning from its space', async () => {
    const generated = generateRecallCorpus();
    const conversation = generated.splits.calibration[0];
    if (conversation === undefined) throw new Error('no conversation');
    // Five questions of each category: the corpus checks want every category in each split.
    const questions = CATEGORIES.flatMap((category) => conversation.questions.filter((q) => q.category === category).slice(0, 5));
    const small = { ...conversation, questions };
    const corpus: RecallCorpus = { seed: generated.seed, splits: { calibration: [small], heldout: [small] } };
    const env = { MINDLOOM_OPENAI_BASE_URL: server.url, MINDLOOM_OPENAI_EMBEDDING_MODEL: 'nomic-embed-text' };
    const settings = qualitySettings({ provider: 'openai', env });
    const [result] = await runRecallBench({ splits: ['calibration'], settings, secrets: { openAiApiKey: KEY }, corpus });
    expect(result?.overall.questions).toBe(20);
    expect(result?.meaning).toMatch(/nomic-embed-text/);
    expect(new Set(server.requests.map((r) => r.path))).toEqual(new Set(['/v1/embeddings']));
    const embedded = server.requests.flatMap((r) => (r.body as { input?: string[] }).input ?? []);
    expect(embedded).toContain(questions[0]?.question);
    expect(embedded).toContain(conversation.sessions[0]?.turns[0]?.text);
  });
});
