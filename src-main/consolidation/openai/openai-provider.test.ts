import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MindError } from '../../../shared/errors';
import type { OpenAiSettings } from '../../../shared/settings';
import { ProviderItemError, type ConsolidationProvider, type SourceText } from '../provider';
import type { Vector } from '../vector-math';
import { startFakeOpenAiServer, type FakeOpenAiServer } from './fake-openai-server';
import { createOpenAiProvider } from './openai-provider';

const KEY = 'sk-test-loopback-0123456789';
let server: FakeOpenAiServer;

beforeEach(async () => {
  server = await startFakeOpenAiServer({ apiKey: KEY });
});
afterEach(() => server.close());

/** Generous timeouts where nothing should time out: the machine is shared and slow. */
function settingsFor(overrides: Partial<OpenAiSettings> = {}): OpenAiSettings {
  return {
    baseUrl: server.url,
    chatModel: 'gpt-4.1-mini',
    embeddingModel: 'text-embedding-3-small',
    timeoutMs: 20_000,
    maxRetries: 2,
    ...overrides,
  };
}

function provider(overrides: Partial<OpenAiSettings> = {}, key = KEY): ConsolidationProvider {
  return createOpenAiProvider(settingsFor(overrides), key);
}

const signal = new AbortController().signal;

const EPISODES: SourceText[] = [
  { id: 'ep_1', text: 'Set up the new repo with bun → worked well, fast installs' },
  { id: 'ep_2', text: 'Chose bun over npm for the side project → liked the speed' },
  { id: 'ep_3', text: 'Migrated the hobby CLI to bun → smooth' },
];
const BELIEF: SourceText = { id: 'bl_1', text: 'The user prefers Bun for personal projects' };
const RAW: SourceText = { id: 'raw_1', text: 'ok thanks!' };
/** A synthesis answer as the seed's schema shapes it. */
const CANDIDATE = {
  statement: 'The user prefers Bun over npm for personal projects',
  subject: 'user',
  predicate: 'prefers Bun',
  context: 'personal projects',
  timeframe: 'current',
};

/** The request the server got, as JSON. */
function body(index = 0): Record<string, unknown> {
  const request = server.requests[index];
  if (request === undefined) throw new Error(`no request #${index}`);
  return request.body as Record<string, unknown>;
}
function jsonSchemaOf(index = 0): { name: string; strict: boolean; schema: { required: string[]; additionalProperties: boolean } } {
  return (body(index)['response_format'] as { json_schema: never }).json_schema;
}
function promptOf(index = 0): string {
  return ((body(index)['messages'] as { content: string }[])[0] ?? { content: '' }).content;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  );
}
async function itemFailure(promise: Promise<unknown>): Promise<ProviderItemError> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ProviderItemError);
  return error as ProviderItemError;
}

describe('openai provider: answers', () => {
  it('synthesizes a belief candidate with the seed prompt and a strict json_schema response format', async () => {
    const candidate = CANDIDATE;
    server.script({ kind: 'answer', content: JSON.stringify(candidate) });
    const result = await provider().synthesize(EPISODES, signal);
    expect(result).toEqual(candidate);

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', apiKey: KEY, retryCount: 0 });
    expect(body()['model']).toBe('gpt-4.1-mini');
    expect(body()['response_format']).toMatchObject({ type: 'json_schema' });
    const jsonSchema = jsonSchemaOf();
    expect(jsonSchema.name).toBe('belief_candidate');
    expect(jsonSchema.strict).toBe(true);
    expect(jsonSchema.schema.required.sort()).toEqual(['citations', 'context', 'predicate', 'statement', 'subject', 'timeframe']);
    expect(jsonSchema.schema.additionalProperties).toBe(false);
    const prompt = promptOf();
    expect(prompt).toContain('You are extracting a generalized belief from a cluster of memory episodes.');
    expect(prompt).toContain('- Only generalize what ALL episodes support. Do not infer beyond the evidence.');
    for (const episode of EPISODES) expect(prompt).toContain(`- [${episode.id}] ${episode.text}`);
  });

  it('asks for one general lesson and the ids of the episodes that support it, and returns them', async () => {
    const candidate = { ...CANDIDATE, citations: ['ep_1', 'ep_3', 'ep_1'] };
    server.script({ kind: 'answer', content: JSON.stringify(candidate) });
    expect(await provider().synthesize(EPISODES, signal)).toEqual({ ...candidate, citations: ['ep_1', 'ep_3'] });

    const prompt = promptOf();
    expect(prompt).toContain('Extract ONE belief statement that generalizes across these episodes: the general lesson they share');
    expect(prompt).toContain('cite the episodes that support the lesson by their ids as listed');
    expect(prompt).toContain('- Cite only ids from the list above.');
    const citations = (jsonSchemaOf().schema as unknown as { properties: Record<string, unknown> }).properties['citations'];
    expect(citations).toMatchObject({ anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] });
  });

  it('refuses an answer citing an episode the cluster does not hold; takes one that cites none', async () => {
    const answer = { statement: 'Bun is fast', subject: 'bun', predicate: 'is fast', context: 'general', timeframe: 'current' };
    server.script({ kind: 'answer', content: JSON.stringify({ ...answer, citations: ['ep_1', 'ep_404'] }) });
    const error = await itemFailure(provider().synthesize(EPISODES, signal));
    expect(error.reason).toBe('malformed');
    expect(error.message).toContain('cites ep_404, which is not among the cluster');

    server.script({ kind: 'answer', content: JSON.stringify({ ...answer, citations: null }) });
    expect(await provider().synthesize(EPISODES, signal)).toEqual(answer);
  });

  it('left to itself, the fake answers like a cooperative model: it cites the episodes the prompt lists', async () => {
    const result = await provider().synthesize(EPISODES, signal);
    expect(result.citations?.length).toBeGreaterThan(0);
    for (const id of result.citations ?? []) expect(EPISODES.map((e) => e.id)).toContain(id);
  });

  it('accepts whatever fits the schema it sent (the fake derives its answer from that schema)', async () => {
    const result = await provider().synthesize(EPISODES, signal);
    expect(result.statement.length).toBeGreaterThan(0);
    expect(['current', 'past', 'always']).toContain(result.timeframe);
    expect(server.pendingSteps).toBe(0);
  });

  it.each([
    ['SUPPORTS', 'supports'],
    ['CONTRADICTS', 'contradicts'],
    ['PARTIAL', 'partial'],
    ['IRRELEVANT', 'irrelevant'],
  ] as const)('classifies %s as %s', async (label, classification) => {
    server.script({ kind: 'answer', content: JSON.stringify({ classification: label, reasoning: 'because' }) });
    const episode: SourceText = { id: 'ep_9', text: 'Went back to npm for the hobby CLI → bun broke the build' };
    expect(await provider().classify(BELIEF, episode, signal)).toEqual({ classification, reasoning: 'because' });
    expect(jsonSchemaOf().name).toBe('belief_classification');
    expect(promptOf()).toContain(`Belief: ${BELIEF.text}\nNew episode: ${episode.text}`);
    expect(promptOf()).toContain('- PARTIAL: The episode supports the belief in some contexts but not others');
  });

  it('triages a raw capture', async () => {
    server.script({ kind: 'answer', content: JSON.stringify({ suggest: 'skip', reason: 'small talk' }) });
    expect(await provider().triage(RAW, signal)).toEqual({ suggest: 'skip', reason: 'small talk' });
    expect(jsonSchemaOf().name).toBe('capture_triage');
    expect(promptOf()).toContain(`Capture:\n${RAW.text}`);
    expect(body()['model']).toBe('gpt-4.1-mini');
  });

  it('sends the configured chat model', async () => {
    await provider({ chatModel: 'llama3.1:8b' }).triage(RAW, signal);
    expect(body()['model']).toBe('llama3.1:8b');
  });
});

describe('openai provider: embeddings', () => {
  /** A model's vectors are dense (they are stored). */
  const norm = (vector: Vector | undefined): number => {
    if (!(vector instanceof Float32Array)) throw new Error('expected a dense vector');
    return Math.hypot(...vector);
  };

  it('embeds in order, L2-normalized, learning the dimension from the first answer', async () => {
    const { embedder } = provider();
    expect(embedder.id).toBe('openai:text-embedding-3-small');
    expect(embedder.dimension).toBe(0);
    const texts = ['bun is fast', 'npm is slow', 'bun is fast'];
    const vectors = await embedder.embed(texts, signal);
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) {
      expect(vector).toHaveLength(64);
      expect(norm(vector)).toBeCloseTo(1, 5);
    }
    expect(embedder.dimension).toBe(64);
    expect(vectors[0]).toEqual(vectors[2]);
    expect(vectors[0]).not.toEqual(vectors[1]);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.path).toBe('/v1/embeddings');
    expect(body()).toMatchObject({ model: 'text-embedding-3-small', input: texts, encoding_format: 'float' });
    expect(body()).not.toHaveProperty('dimensions');
  });

  it('asks for a dimension when told to, and names it in the embedder id', async () => {
    const { embedder } = createOpenAiProvider(settingsFor({ embeddingModel: 'text-embedding-3-large' }), KEY, { dimension: 384 });
    expect(embedder.id).toBe('openai:text-embedding-3-large:384');
    expect(embedder.dimension).toBe(384);
    const [vector] = await embedder.embed(['one text'], signal);
    expect(vector).toHaveLength(384);
    expect(norm(vector)).toBeCloseTo(1, 5);
    expect(body()).toMatchObject({ model: 'text-embedding-3-large', dimensions: 384 });
  });

  it('splits large inputs into batches and keeps the order', async () => {
    const { embedder } = provider();
    const texts = Array.from({ length: 300 }, (_, i) => `memory number ${i}`);
    const vectors = await embedder.embed(texts, signal);
    expect(vectors).toHaveLength(300);
    expect(server.requests.map((request) => (request.body as { input: string[] }).input.length)).toEqual([256, 44]);
    const [alone] = await embedder.embed([texts[299] ?? ''], signal);
    expect(vectors[299]).toEqual(alone);
  });

  it('makes no request for no texts', async () => {
    expect(await provider().embedder.embed([], signal)).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('reports a broken embeddings body as malformed', async () => {
    server.script({ kind: 'malformed_body' });
    const error = await itemFailure(provider().embedder.embed(['text'], signal));
    expect(error.reason).toBe('malformed');
  });
});

describe('openai provider: failures', () => {
  it('times out each attempt, retries, then reports a timeout (maxRetries + 1 requests)', async () => {
    server.script({ kind: 'answer', delayMs: 120_000 }, 3);
    const error = await itemFailure(provider({ timeoutMs: 200, maxRetries: 2 }).triage(RAW, signal));
    expect(error.reason).toBe('timeout');
    expect(error.message).toContain('3 attempt(s)');
    expect(server.requests.map((request) => request.retryCount)).toEqual([0, 1, 2]);
  });

  it('times out a body that stalls after the headers, like any other timeout', async () => {
    server.script({ kind: 'stalled_body' }, 2);
    const error = await itemFailure(provider({ timeoutMs: 200, maxRetries: 1 }).synthesize(EPISODES, signal));
    expect(error.reason).toBe('timeout');
    expect(server.requests.map((request) => request.retryCount)).toEqual([0, 1]);
  });

  it('retries a 500 twice and then succeeds (3 requests)', async () => {
    server.script({ kind: 'http_error', status: 500, retryAfterMs: 1 }, 2);
    server.script({ kind: 'answer', content: JSON.stringify({ suggest: 'note', reason: 'a decision' }) });
    expect(await provider({ maxRetries: 2 }).triage(RAW, signal)).toEqual({ suggest: 'note', reason: 'a decision' });
    expect(server.requests.map((request) => request.retryCount)).toEqual([0, 1, 2]);
  });

  it('reports http_error once a 5xx outlasts the retries', async () => {
    server.script({ kind: 'http_error', status: 503, retryAfterMs: 1 }, 4);
    const error = await itemFailure(provider({ maxRetries: 3 }).synthesize(EPISODES, signal));
    expect(error.reason).toBe('http_error');
    expect(error.message).toContain('HTTP 503');
    expect(server.requests).toHaveLength(4);
    expect(server.pendingSteps).toBe(0);
  });

  it('does not retry a 400: http_error after one request', async () => {
    server.script({ kind: 'http_error', status: 400 });
    const error = await itemFailure(provider().triage(RAW, signal));
    expect(error.reason).toBe('http_error');
    expect(error.message).toContain('HTTP 400');
    expect(server.requests).toHaveLength(1);
  });

  it('reports content that is not JSON as malformed', async () => {
    server.script({ kind: 'answer', content: 'Sure! Here is the belief: {statement: bun' });
    const error = await itemFailure(provider().synthesize(EPISODES, signal));
    expect(error.reason).toBe('malformed');
    expect(error.message).toContain('not JSON');
    expect(error.message).toContain('Sure! Here is the belief');
  });

  it.each([
    ['a missing field', { statement: 'Bun is preferred', subject: 'user', predicate: 'prefers', timeframe: 'current' }],
    ['a value outside the enum', { statement: 'Bun is preferred', subject: 'user', predicate: 'prefers', context: 'general', timeframe: 'sometimes' }],
    ['an empty statement', { statement: '', subject: 'user', predicate: 'prefers', context: 'general', timeframe: 'always' }],
    ['an array', [1, 2, 3]],
  ])('reports JSON with %s as malformed', async (_case, answer) => {
    server.script({ kind: 'answer', content: JSON.stringify(answer) });
    const error = await itemFailure(provider().synthesize(EPISODES, signal));
    expect(error.reason).toBe('malformed');
    expect(error.message).toContain('does not fit the schema');
  });

  it('reports a classification label outside the four as malformed', async () => {
    server.script({ kind: 'answer', content: JSON.stringify({ classification: 'MAYBE', reasoning: 'unsure' }) });
    const error = await itemFailure(provider().classify(BELIEF, EPISODES[0] ?? BELIEF, signal));
    expect(error.reason).toBe('malformed');
  });

  it('reports a refusal as refused, with the model’s words', async () => {
    server.script({ kind: 'refusal', refusal: "I'm sorry, I can't help with that." });
    const error = await itemFailure(provider().triage(RAW, signal));
    expect(error.reason).toBe('refused');
    expect(error.message).toContain("I'm sorry, I can't help with that.");
    expect(server.requests).toHaveLength(1);
  });

  it('reports a body that is not JSON as malformed, without retrying', async () => {
    server.script({ kind: 'malformed_body' });
    const error = await itemFailure(provider().triage(RAW, signal));
    expect(error.reason).toBe('malformed');
    expect(error.message).toContain('not JSON');
    expect(server.requests).toHaveLength(1);
  });

  it('turns a refused key into a clear configuration error, not an item skip', async () => {
    const error = await failure(provider({}, 'sk-wrong-key-999999').triage(RAW, signal));
    expect(error).toBeInstanceOf(MindError);
    expect((error as MindError).code).toBe('invalid_input');
    expect((error as MindError).message).toContain('refused the API key (HTTP 401');
    expect((error as MindError).message).toContain('OPENAI_API_KEY');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.apiKey).toBe('sk-wrong-key-999999');
  });

  it('turns an unknown path (a wrong base URL) into a clear configuration error', async () => {
    const error = await failure(provider({ baseUrl: server.url.replace(/\/v1$/, '/v2') }).triage(RAW, signal));
    expect(error).toBeInstanceOf(MindError);
    expect((error as MindError).message).toContain('answered 404 for model "gpt-4.1-mini"');
  });

  it('reports an endpoint that cannot be reached as http_error', async () => {
    const url = server.url;
    await server.close();
    const error = await itemFailure(provider({ baseUrl: url, maxRetries: 0 }).triage(RAW, signal));
    expect(error.reason).toBe('http_error');
    expect(error.message).toContain('could not connect');
    server = await startFakeOpenAiServer({ apiKey: KEY });
  });

  it('leaves no listener on a run-long signal shared by many calls', async () => {
    const runSignal = new AbortController().signal;
    const anOpenAi = provider();
    for (let i = 0; i < 12; i++) await anOpenAi.triage(RAW, runSignal);
    await anOpenAi.embedder.embed(['a', 'b'], runSignal);
    expect(server.requests).toHaveLength(13);
    expect(getEventListeners(runSignal, 'abort')).toHaveLength(0);
  });

  it('lets the caller’s cancellation through as an abort, not as an item failure', async () => {
    server.script({ kind: 'answer', delayMs: 120_000 });
    const controller = new AbortController();
    const pending = provider().triage(RAW, controller.signal);
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort();
    const error = await failure(pending);
    expect(error).not.toBeInstanceOf(ProviderItemError);
    expect((error as Error).name).toBe('AbortError');
    expect(server.requests).toHaveLength(1);
  });
});
