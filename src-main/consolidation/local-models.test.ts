/**
 * Local model servers are found on loopback: the listing endpoints of Ollama and LM Studio, served
 * by test doubles that answer as those servers do, give each server's chat and embedding models
 * and the OpenAI-compatible base URL; a server that is not running, answers something else, or
 * is not on loopback says why.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { type FakeLocalModelServers, startFakeLocalModelServers } from './fake-local-model-servers';
import { discoverLocalModels, localServerAddresses } from './local-models';

let fakes: FakeLocalModelServers | null = null;
afterEach(async () => {
  await fakes?.close();
  fakes = null;
});

/** A loopback port nothing listens on (taken, then freed). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

it('lists the chat and embedding models of Ollama and LM Studio, with the base URL to use', async () => {
  fakes = await startFakeLocalModelServers();
  const [ollama, lmstudio] = await discoverLocalModels({ ollama: fakes.ollama, lmstudio: `${fakes.lmstudio}/` });
  expect(ollama).toEqual({
    kind: 'ollama',
    label: 'Ollama',
    address: fakes.ollama,
    baseUrl: `${fakes.ollama}/v1`,
    reachable: true,
    error: null,
    chatModels: ['llama3.2:3b', 'qwen2.5:7b'],
    embeddingModels: ['nomic-embed-text:latest'],
  });
  expect(lmstudio).toMatchObject({
    kind: 'lmstudio',
    baseUrl: `${fakes.lmstudio}/v1`,
    reachable: true,
    chatModels: ['meta-llama-3.1-8b-instruct'],
    embeddingModels: ['text-embedding-nomic-embed-text-v1.5'],
  });
});

it('says which server is not running, which answers something else, and never asks beyond loopback', async () => {
  fakes = await startFakeLocalModelServers();
  const closed = `http://127.0.0.1:${await freePort()}`;
  // The LM Studio double has no /api/tags: asked as if it were Ollama, it answers 404.
  const [down, wrong] = await discoverLocalModels({ ollama: closed, lmstudio: fakes.ollama });
  expect(down).toMatchObject({ reachable: false, error: `Ollama is not running at ${closed}`, chatModels: [], embeddingModels: [] });
  expect(wrong).toMatchObject({ reachable: false, error: 'LM Studio answered 404 Not Found at /v1/models' });
  const [remote] = await discoverLocalModels({ ollama: 'http://192.0.2.1:11434', lmstudio: closed });
  expect(remote).toMatchObject({ reachable: false, error: "http://192.0.2.1:11434 is not on this machine's loopback; only loopback is asked" });
});

it('looks at the default loopback ports unless the environment moves them', () => {
  expect(localServerAddresses({})).toEqual({ ollama: 'http://127.0.0.1:11434', lmstudio: 'http://127.0.0.1:1234' });
  expect(localServerAddresses({ MINDLOOM_OLLAMA_URL: 'http://127.0.0.1:9' })).toMatchObject({ ollama: 'http://127.0.0.1:9' });
});
