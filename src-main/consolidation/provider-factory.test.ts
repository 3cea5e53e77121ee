import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MindError } from '../../shared/errors';
import { DEFAULT_SETTINGS, mergeSettings, type MindSettings } from '../../shared/settings';
import { startFakeOpenAiServer, type FakeOpenAiServer } from './openai/fake-openai-server';
import { createProvider, embedderKey } from './provider-factory';

const KEY = 'sk-factory-test-key';
let server: FakeOpenAiServer;

beforeEach(async () => {
  server = await startFakeOpenAiServer({ apiKey: KEY });
});
afterEach(() => server.close());

function openAiSettings(): MindSettings {
  return mergeSettings(DEFAULT_SETTINGS, { provider: 'openai', openai: { baseUrl: server.url, chatModel: 'gpt-4.1-mini' } });
}

describe('createProvider', () => {
  it('gives the offline provider by default, with or without a key', async () => {
    for (const secrets of [{}, { openAiApiKey: KEY }]) {
      const provider = createProvider(DEFAULT_SETTINGS, secrets);
      expect(provider.id).toBe('offline');
      expect(await provider.triage({ id: 'raw_1', text: 'ok thanks!' }, new AbortController().signal)).toHaveProperty('suggest');
    }
    expect(server.requests).toHaveLength(0);
  });

  it('gives the openai provider for its settings, calling the configured endpoint with the key', async () => {
    const provider = createProvider(openAiSettings(), { openAiApiKey: KEY });
    expect(provider.id).toBe('openai');
    expect(provider.embedder.id).toBe('openai:text-embedding-3-small');
    server.script({ kind: 'answer', content: JSON.stringify({ suggest: 'note', reason: 'a decision worth keeping' }) });
    const suggestion = await provider.triage({ id: 'raw_1', text: 'We decided to ship on Tuesdays.' }, new AbortController().signal);
    expect(suggestion).toEqual({ suggest: 'note', reason: 'a decision worth keeping' });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ apiKey: KEY, body: { model: 'gpt-4.1-mini' } });
  });

  it.each([
    ['no key', {}],
    ['an undefined key', { openAiApiKey: undefined }],
    ['an empty key', { openAiApiKey: '' }],
    ['a blank key', { openAiApiKey: '   ' }],
  ])('refuses the openai provider with %s, saying where the key comes from', (_case, secrets) => {
    let thrown: unknown;
    try {
      createProvider(openAiSettings(), secrets);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MindError);
    expect((thrown as MindError).code).toBe('invalid_input');
    expect((thrown as MindError).message).toContain('needs an API key');
    expect((thrown as MindError).message).toContain('OPENAI_API_KEY');
    expect((thrown as MindError).message).toContain('MINDLOOM_OPENAI_API_KEY');
    expect(server.requests).toHaveLength(0);
  });
});

describe('embedderKey', () => {
  it('changes with the provider, the embedding model and the endpoint, and with nothing else', () => {
    const openai = mergeSettings(DEFAULT_SETTINGS, { provider: 'openai' });
    expect(embedderKey(DEFAULT_SETTINGS)).toBe('offline-lexical-1');
    expect(embedderKey(DEFAULT_SETTINGS)).toBe(createProvider(DEFAULT_SETTINGS, {}).embedder.id);
    expect(embedderKey(openai)).toBe('openai:text-embedding-3-small@https://api.openai.com/v1');
    const changes = [
      mergeSettings(openai, { openai: { embeddingModel: 'text-embedding-3-large' } }),
      mergeSettings(openai, { openai: { baseUrl: server.url } }),
    ];
    expect(new Set([DEFAULT_SETTINGS, openai, ...changes].map(embedderKey)).size).toBe(4);
    const same = [
      mergeSettings(openai, { openai: { chatModel: 'gpt-4.1', timeoutMs: 30_000, maxRetries: 0 } }),
      mergeSettings(openai, { scheduler: { everyEpisodes: 5 }, budget: { maxClustersPerCycle: 1 }, autoApplyProposals: true }),
    ];
    expect(same.map(embedderKey)).toEqual([embedderKey(openai), embedderKey(openai)]);
    // The offline provider embeds one way, whatever the openai settings say.
    expect(embedderKey(mergeSettings(DEFAULT_SETTINGS, { openai: { embeddingModel: 'other' } }))).toBe('offline-lexical-1');
  });
});
