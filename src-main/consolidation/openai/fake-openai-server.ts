/**
 * A stand-in for a remote OpenAI endpoint, for tests (and end-to-end runs) that must not leave
 * the machine: a loopback HTTP server speaking the real wire protocol of `POST /v1/chat/completions`
 * and `POST /v1/embeddings`, bearer auth included, with OpenAI's error bodies. Tests script what
 * the next requests get (an answer, a refusal, an HTTP error, a broken body, a delay) and read the
 * requests it recorded (model, response format, the client's retry count).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeEndpoints, type FakeEndpoint, type RequestBody } from './fake-openai-endpoints';

/**
 * What the server does with one request. `delayMs` holds the response back first; `path` keeps
 * the step for the next request to that endpoint (others pass it by).
 */
export type FakeStep = FakeStepKind & { readonly path?: '/v1/chat/completions' | '/v1/embeddings' };

type FakeStepKind =
  /** A normal answer; `content` replaces the schema-derived message content (chat only). */
  | { readonly kind: 'answer'; readonly content?: string; readonly delayMs?: number }
  | { readonly kind: 'refusal'; readonly refusal: string; readonly delayMs?: number }
  /** An error status in OpenAI's error shape; `retryAfterMs` sends the `retry-after-ms` header. */
  | { readonly kind: 'http_error'; readonly status: number; readonly retryAfterMs?: number; readonly delayMs?: number }
  /** 200 with a JSON content type and a body cut off halfway. */
  | { readonly kind: 'malformed_body'; readonly delayMs?: number }
  /** 200 headers and half the body, then nothing until the client gives up. */
  | { readonly kind: 'stalled_body'; readonly delayMs?: number };

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  /** The bearer token sent, or null. */
  readonly apiKey: string | null;
  /** The openai client's `x-stainless-retry-count` header (0 for a first attempt), or null. */
  readonly retryCount: number | null;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  readonly body: unknown;
}

export interface FakeOpenAiOptions {
  /** The one key the server accepts. */
  readonly apiKey: string;
  /** Embedding length when a request names no `dimensions`. */
  readonly embeddingDimension?: number;
}

export interface FakeOpenAiServer {
  /** The base URL to give a client, ending in `/v1`. */
  readonly url: string;
  readonly requests: readonly RecordedRequest[];
  /** Queue `step` for the next `times` authorized requests; unscripted requests get an answer. */
  script(step: FakeStep, times?: number): void;
  /** Steps queued and not yet used (a test can check its script ran out as planned). */
  readonly pendingSteps: number;
  close(): Promise<void>;
}

const DEFAULT_EMBEDDING_DIMENSION = 64;
const ANSWER: FakeStep = { kind: 'answer' };

export async function startFakeOpenAiServer(options: FakeOpenAiOptions): Promise<FakeOpenAiServer> {
  const endpoints = fakeEndpoints(options.embeddingDimension ?? DEFAULT_EMBEDDING_DIMENSION);
  const requests: RecordedRequest[] = [];
  const queue: FakeStep[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let sequence = 0;

  function handle(req: IncomingMessage, res: ServerResponse, raw: string): void {
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const apiKey = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
    const retryHeader = req.headers['x-stainless-retry-count'];
    const body = parseJsonObject(raw);
    const retryCount = typeof retryHeader === 'string' ? Number(retryHeader) : null;
    requests.push({ method, path, apiKey, retryCount, body: body ?? raw });

    if (apiKey === null) {
      return sendError(res, 401, "You didn't provide an API key. Provide it in an Authorization header (Authorization: Bearer YOUR_KEY).");
    }
    if (apiKey !== options.apiKey) {
      return sendError(res, 401, `Incorrect API key provided: ${redact(apiKey)}.`, { code: 'invalid_api_key' });
    }
    const endpoint = method === 'POST' ? endpoints[path] : undefined;
    if (endpoint === undefined) return sendError(res, 404, `Invalid URL (${method} ${path})`);
    if (body === undefined) return sendError(res, 400, 'We could not parse the JSON body of your request.');
    const problem = endpoint.invalid(body);
    if (problem !== null) return sendError(res, 400, problem);

    const next = queue.findIndex((queued) => queued.path === undefined || queued.path === path);
    const step = next === -1 ? ANSWER : (queue.splice(next, 1)[0] as FakeStep);
    if (!step.delayMs) return respond(res, step, endpoint, body);
    const timer = setTimeout(() => {
      timers.delete(timer);
      respond(res, step, endpoint, body);
    }, step.delayMs);
    timers.add(timer);
    // A client that gave up (its timeout) closes the connection: drop the pending answer.
    res.on('close', () => {
      clearTimeout(timer);
      timers.delete(timer);
    });
  }

  function respond(res: ServerResponse, step: FakeStep, endpoint: FakeEndpoint, body: RequestBody): void {
    if (res.destroyed) return;
    sequence += 1;
    switch (step.kind) {
      case 'http_error': {
        const headers = step.retryAfterMs === undefined ? {} : { 'retry-after-ms': String(step.retryAfterMs) };
        return step.status >= 500
          ? sendError(res, step.status, 'The server had an error while processing your request. Sorry about that!', { type: 'server_error', headers })
          : sendError(res, step.status, `Scripted error ${step.status}.`, { headers });
      }
      case 'malformed_body': {
        const text = JSON.stringify(endpoint.answer(body, {}, sequence));
        return send(res, 200, text.slice(0, Math.floor(text.length / 2)));
      }
      case 'stalled_body': {
        const text = JSON.stringify(endpoint.answer(body, {}, sequence));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.write(text.slice(0, Math.floor(text.length / 2)));
        return;
      }
      case 'refusal':
        return send(res, 200, JSON.stringify(endpoint.answer(body, { refusal: step.refusal }, sequence)));
      case 'answer':
        return send(res, 200, JSON.stringify(endpoint.answer(body, step.content === undefined ? {} : { content: step.content }, sequence)));
    }
  }

  const server = createServer((req, res) => {
    readBody(req)
      .then((raw) => handle(req, res, raw))
      .catch((error: unknown) => sendError(res, 500, `The fake server failed: ${String(error)}`, { type: 'server_error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script(step, times = 1) {
      for (let i = 0; i < times; i++) queue.push(step);
    },
    get pendingSteps() {
      return queue.length;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJsonObject(raw: string): RequestBody | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as RequestBody) : undefined;
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, status: number, text: string, headers: OutgoingHttpHeaders = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-request-id': `req_${randomUUID().replaceAll('-', '')}`,
    ...headers,
  });
  res.end(text);
}

/** OpenAI's error body: `{error: {message, type, param, code}}`. */
function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  { type = 'invalid_request_error', code = null, headers = {} }: { type?: string; code?: string | null; headers?: OutgoingHttpHeaders } = {},
): void {
  send(res, status, JSON.stringify({ error: { message, type, param: null, code } }), headers);
}

/** As OpenAI does: show only the ends of a wrong key. */
function redact(key: string): string {
  return key.length <= 8 ? '****' : `${key.slice(0, 3)}****${key.slice(-4)}`;
}
