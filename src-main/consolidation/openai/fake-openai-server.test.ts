// The test double must speak the protocol the real endpoint speaks, or the provider tests prove
// nothing: these check its wire behaviour with plain fetch and with the openai client itself.
import { OpenAI } from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from './fake-openai-server';

const KEY = 'sk-fake-server-test-key';
let server: FakeOpenAiServer;

beforeEach(async () => {
  server = await startFakeOpenAiServer({ apiKey: KEY, embeddingDimension: 16 });
});
afterEach(() => server.close());

function post(path: string, body: string, headers: Record<string, string> = { authorization: `Bearer ${KEY}` }): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

const CHAT = JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'hi' }] });

describe('fake OpenAI server: the wire protocol', () => {
  it('answers 401 in OpenAI’s error shape without a bearer key, or with a wrong one', async () => {
    const missing = await post('/chat/completions', CHAT, {});
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      error: { message: expect.stringContaining("didn't provide an API key"), type: 'invalid_request_error', param: null, code: null },
    });
    const wrong = await post('/chat/completions', CHAT, { authorization: 'Bearer sk-wrong-key-12345' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { message: 'Incorrect API key provided: sk-****2345.', code: 'invalid_api_key' } });
    expect(server.requests.map((request) => request.apiKey)).toEqual([null, 'sk-wrong-key-12345']);
  });

  it('answers 404 for an unknown path or method and 400 for a bad body', async () => {
    expect((await post('/completions', CHAT)).status).toBe(404);
    expect((await fetch(`${server.url}/chat/completions`, { headers: { authorization: `Bearer ${KEY}` } })).status).toBe(404);
    const unparsable = await post('/chat/completions', '{"model": ');
    expect(unparsable.status).toBe(400);
    expect(await unparsable.json()).toMatchObject({ error: { message: 'We could not parse the JSON body of your request.' } });
    const noModel = await post('/chat/completions', JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }));
    expect(await noModel.json()).toMatchObject({ error: { message: "Missing required parameter: 'model'." } });
    const badSchemaName = JSON.stringify({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      response_format: { type: 'json_schema', json_schema: { name: 'has spaces', schema: { type: 'object' } } },
    });
    expect((await post('/chat/completions', badSchemaName)).status).toBe(400);
    expect((await post('/embeddings', JSON.stringify({ model: 'e', input: [] }))).status).toBe(400);
    expect(server.requests).toHaveLength(6);
  });

  it('returns a chat.completion whose content fits the requested schema', async () => {
    const client = new OpenAI({ baseURL: server.url, apiKey: KEY, maxRetries: 0 });
    const schema = {
      type: 'object',
      properties: {
        label: { type: 'string', enum: ['a', 'b', 'c'] },
        short: { type: 'string', maxLength: 5 },
        count: { type: 'integer', minimum: 3 },
        flag: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
        nested: { type: 'object', properties: { maybe: { type: ['string', 'null'] } }, required: ['maybe'], additionalProperties: false },
      },
      required: ['label', 'short', 'count', 'flag', 'tags', 'nested'],
      additionalProperties: false,
    };
    const completion = await client.chat.completions.create({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'describe it' }],
      response_format: { type: 'json_schema', json_schema: { name: 'thing', strict: true, schema } },
    });
    expect(completion).toMatchObject({ object: 'chat.completion', model: 'gpt-4.1-mini', choices: [{ index: 0, finish_reason: 'stop' }] });
    expect(completion.choices[0]?.message.refusal).toBeNull();
    const answer = JSON.parse(completion.choices[0]?.message.content ?? 'null') as Record<string, unknown>;
    expect(['a', 'b', 'c']).toContain(answer['label']);
    expect(String(answer['short']).length).toBeLessThanOrEqual(5);
    expect(answer['count']).toBe(3);
    expect(answer['flag']).toBe(true);
    expect(answer['tags']).toHaveLength(2);
    expect(typeof (answer['nested'] as { maybe: unknown }).maybe).toBe('string');
    // The same prompt gets the same answer.
    const again = await client.chat.completions.create({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'describe it' }],
      response_format: { type: 'json_schema', json_schema: { name: 'thing', strict: true, schema } },
    });
    expect(again.choices[0]?.message.content).toBe(completion.choices[0]?.message.content);
  });

  it('encodes embeddings as floats or as base64 (the openai client’s default), the same vectors either way', async () => {
    const client = new OpenAI({ baseURL: server.url, apiKey: KEY, maxRetries: 0 });
    const asBase64 = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['bun is fast', 'npm is slow'] });
    const asFloats = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['bun is fast', 'npm is slow'], encoding_format: 'float' });
    expect((server.requests[0]?.body as { encoding_format: string }).encoding_format).toBe('base64');
    expect(asFloats.data.map((item) => item.index)).toEqual([0, 1]);
    for (const [i, item] of asFloats.data.entries()) {
      expect(item.embedding).toHaveLength(16);
      // Not unit length, as a real model's: normalizing is left to the client.
      expect(Math.hypot(...item.embedding)).not.toBeCloseTo(1, 2);
      expect(Array.from(asBase64.data[i]?.embedding ?? [])).toEqual(Array.from(Float32Array.from(item.embedding)));
    }
    const shortened = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'x', dimensions: 8, encoding_format: 'float' });
    expect(shortened.data[0]?.embedding).toHaveLength(8);
  });

  it('plays its script in order, then answers normally', async () => {
    server.script({ kind: 'http_error', status: 429, retryAfterMs: 1 });
    server.script({ kind: 'refusal', refusal: 'no' });
    expect((await post('/chat/completions', CHAT)).status).toBe(429);
    const refused = (await (await post('/chat/completions', CHAT)).json()) as { choices: { message: unknown }[] };
    expect(refused.choices[0]?.message).toMatchObject({ content: null, refusal: 'no' });
    expect((await post('/chat/completions', CHAT)).status).toBe(200);
    expect(server.pendingSteps).toBe(0);
  });

  it('closes while an answer is still held back', async () => {
    server.script({ kind: 'answer', delayMs: 120_000 });
    const pending = post('/chat/completions', CHAT).then(
      () => 'answered',
      () => 'connection closed',
    );
    await expect.poll(() => server.requests.length).toBe(1);
    await server.close();
    expect(await pending).toBe('connection closed');
    server = await startFakeOpenAiServer({ apiKey: KEY });
  });
});
