/**
 * The two endpoints the fake OpenAI server speaks, in the real wire format: request checks that
 * answer 400 as the API would, and the `chat.completion` / embeddings `list` objects it returns.
 */
import { embeddingFor, fnv1a, valueForSchema } from './fake-answers';

export type RequestBody = Readonly<Record<string, unknown>>;

/** What the answer to one request carries: scripted content or refusal, else generated content. */
export interface AnswerScript {
  readonly content?: string;
  readonly refusal?: string;
}

export interface FakeEndpoint {
  /** Why the request is refused (400), or null. */
  invalid(body: RequestBody): string | null;
  answer(body: RequestBody, script: AnswerScript, sequence: number): unknown;
}

const SCHEMA_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Endpoints by path, the base URL being `/v1`. */
export function fakeEndpoints(defaultEmbeddingDimension: number): Readonly<Record<string, FakeEndpoint>> {
  return {
    '/v1/chat/completions': { invalid: chatInvalid, answer: chatAnswer },
    '/v1/embeddings': { invalid: embeddingsInvalid, answer: (body) => embeddingsAnswer(body, defaultEmbeddingDimension) },
  };
}

function chatInvalid(body: RequestBody): string | null {
  if (typeof body['model'] !== 'string' || body['model'] === '') return "Missing required parameter: 'model'.";
  if (!Array.isArray(body['messages']) || body['messages'].length === 0) return "Missing required parameter: 'messages'.";
  const format = asRecord(body['response_format']);
  if (format?.['type'] === 'json_schema') {
    const jsonSchema = asRecord(format['json_schema']);
    const name = jsonSchema?.['name'];
    if (typeof name !== 'string' || !SCHEMA_NAME.test(name)) return "Invalid 'response_format.json_schema.name'.";
    if (asRecord(jsonSchema?.['schema']) === undefined) return "Missing required parameter: 'response_format.json_schema.schema'.";
  }
  return null;
}

function chatAnswer(body: RequestBody, script: AnswerScript, sequence: number): unknown {
  const messages = body['messages'] as readonly unknown[];
  const prompt = messages.map((message) => String(asRecord(message)?.['content'] ?? '')).join('\n');
  const format = asRecord(body['response_format']);
  const schema = format?.['type'] === 'json_schema' ? asRecord(asRecord(format['json_schema'])?.['schema']) : undefined;
  const generated = schema === undefined ? `fake answer ${fnv1a(prompt).toString(16)}` : JSON.stringify(valueForSchema(schema, prompt));
  const refusal = script.refusal ?? null;
  const content = refusal !== null ? null : (script.content ?? generated);
  const promptTokens = tokenCount(prompt);
  const completionTokens = tokenCount(content ?? refusal ?? '');
  return {
    id: `chatcmpl-fake${sequence}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body['model'],
    choices: [{ index: 0, message: { role: 'assistant', content, refusal, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    system_fingerprint: 'fp_fake',
  };
}

function embeddingTexts(body: RequestBody): string[] | null {
  const input = body['input'];
  const texts: unknown = typeof input === 'string' ? [input] : input;
  return Array.isArray(texts) && texts.length > 0 && texts.every((text) => typeof text === 'string') ? texts : null;
}

function embeddingsInvalid(body: RequestBody): string | null {
  if (typeof body['model'] !== 'string' || body['model'] === '') return "Missing required parameter: 'model'.";
  if (embeddingTexts(body) === null) return "'input' must be a string or a non-empty array of strings.";
  const dimensions = body['dimensions'];
  if (dimensions !== undefined && !(typeof dimensions === 'number' && Number.isInteger(dimensions) && dimensions > 0)) {
    return "Invalid 'dimensions': a positive integer is expected.";
  }
  return null;
}

function embeddingsAnswer(body: RequestBody, defaultDimension: number): unknown {
  const texts = embeddingTexts(body) ?? [];
  const dimension = typeof body['dimensions'] === 'number' ? body['dimensions'] : defaultDimension;
  const base64 = body['encoding_format'] === 'base64';
  const tokens = texts.reduce((sum, text) => sum + tokenCount(text), 0);
  return {
    object: 'list',
    data: texts.map((text, index) => {
      const vector = embeddingFor(text, dimension);
      // base64 is little-endian float32, which is what the openai client decodes by default.
      const embedding = base64 ? Buffer.from(Float32Array.from(vector).buffer).toString('base64') : vector;
      return { object: 'embedding', index, embedding };
    }),
    model: body['model'],
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}

/** Roughly four characters a token: only for a plausible `usage`. */
function tokenCount(text: string): number {
  return Math.ceil(text.length / 4);
}

function asRecord(value: unknown): RequestBody | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as RequestBody) : undefined;
}
