/**
 * Test doubles of the local model servers' listing endpoints, on loopback at a free port each:
 * Ollama's `GET /api/tags` and LM Studio's `GET /v1/models`, answering as those servers do
 * (their JSON shapes, 404 elsewhere). Used by local-models.test.ts and the Settings e2e test.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeLocalModelServers {
  readonly ollama: string;
  readonly lmstudio: string;
  close(): Promise<void>;
}

/** Ollama's tags: each model with its details (embedding models are of the BERT family). */
export const OLLAMA_MODELS = [
  { name: 'llama3.2:3b', details: { family: 'llama', families: ['llama'] } },
  { name: 'nomic-embed-text:latest', details: { family: 'nomic-bert', families: ['nomic-bert'] } },
  { name: 'qwen2.5:7b', details: { family: 'qwen2', families: ['qwen2'] } },
];
export const LMSTUDIO_MODELS = ['text-embedding-nomic-embed-text-v1.5', 'meta-llama-3.1-8b-instruct'];

function listen(answer: (path: string) => unknown): Promise<Server> {
  const server = createServer((request, response) => {
    const body = request.method === 'GET' ? answer(new URL(request.url ?? '/', 'http://x').pathname) : undefined;
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

export async function startFakeLocalModelServers(): Promise<FakeLocalModelServers> {
  const ollama = await listen((path) =>
    path === '/api/tags' ? { models: OLLAMA_MODELS.map((m) => ({ ...m, model: m.name, modified_at: '2025-01-01T00:00:00Z', size: 1 })) } : undefined,
  );
  const lmstudio = await listen((path) => (path === '/v1/models' ? { object: 'list', data: LMSTUDIO_MODELS.map((id) => ({ id, object: 'model', owned_by: 'organization_owner' })) } : undefined));
  return {
    ollama: urlOf(ollama),
    lmstudio: urlOf(lmstudio),
    close: async () => {
      await Promise.all([ollama, lmstudio].map((s) => new Promise((resolve) => s.close(resolve))));
    },
  };
}
