/**
 * Local model servers found, not typed: Ollama (`GET /api/tags`) and LM Studio (`GET /v1/models`)
 * on loopback, each with its chat and embedding models and the OpenAI-compatible base URL the
 * openai provider talks to (both serve one at `/v1`). Neither listing says which models embed, so
 * a model is taken for an embedding model by its name or, for Ollama, its BERT family (the
 * embedding models Ollama serves are BERT-based). Only loopback addresses are ever asked: the
 * addresses can be moved (tests, another port) through MINDLOOM_OLLAMA_URL / MINDLOOM_LMSTUDIO_URL,
 * and anything but loopback is refused.
 */
import { z } from 'zod';
import type { LocalModelServer } from '../../shared/contract/providers';

export interface LocalServerAddresses {
  readonly ollama: string;
  readonly lmstudio: string;
}

export const DEFAULT_LOCAL_SERVERS: LocalServerAddresses = { ollama: 'http://127.0.0.1:11434', lmstudio: 'http://127.0.0.1:1234' };
/** A server that does not answer this quickly is taken for not running (it is on this machine). */
export const LISTING_TIMEOUT_MS = 1_500;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function localServerAddresses(env: NodeJS.ProcessEnv = process.env): LocalServerAddresses {
  return { ollama: env.MINDLOOM_OLLAMA_URL?.trim() || DEFAULT_LOCAL_SERVERS.ollama, lmstudio: env.MINDLOOM_LMSTUDIO_URL?.trim() || DEFAULT_LOCAL_SERVERS.lmstudio };
}

const OllamaTags = z.object({
  models: z.array(z.object({ name: z.string(), details: z.object({ family: z.string().nullish(), families: z.array(z.string()).nullish() }).nullish() })),
});
const OpenAiModels = z.object({ data: z.array(z.object({ id: z.string() })) });

const EMBEDDING_NAME = /embed|bge|e5-|gte-|minilm/i;

export async function discoverLocalModels(addresses: LocalServerAddresses = localServerAddresses(), timeoutMs = LISTING_TIMEOUT_MS): Promise<LocalModelServer[]> {
  return Promise.all([
    listFrom('ollama', 'Ollama', addresses.ollama, '/api/tags', timeoutMs, (json) =>
      OllamaTags.parse(json).models.map((m) => ({
        name: m.name,
        embeds: EMBEDDING_NAME.test(m.name) || [m.details?.family ?? '', ...(m.details?.families ?? [])].some((f) => /bert/i.test(f)),
      })),
    ),
    listFrom('lmstudio', 'LM Studio', addresses.lmstudio, '/v1/models', timeoutMs, (json) =>
      OpenAiModels.parse(json).data.map((m) => ({ name: m.id, embeds: EMBEDDING_NAME.test(m.id) })),
    ),
  ]);
}

async function listFrom(
  kind: LocalModelServer['kind'],
  label: string,
  address: string,
  path: string,
  timeoutMs: number,
  read: (json: unknown) => { name: string; embeds: boolean }[],
): Promise<LocalModelServer> {
  const origin = address.replace(/\/+$/, '');
  const server = { kind, label, address: origin, baseUrl: `${origin}/v1` };
  const unreachable = (error: string): LocalModelServer => ({ ...server, reachable: false, error, chatModels: [], embeddingModels: [] });
  let url: URL;
  try {
    url = new URL(path, `${origin}/`);
  } catch {
    return unreachable(`${address} is not an address`);
  }
  if (!LOOPBACK.has(url.hostname) || url.protocol !== 'http:') return unreachable(`${address} is not on this machine's loopback; only loopback is asked`);
  let json: unknown;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!response.ok) return unreachable(`${label} answered ${response.status} ${response.statusText} at ${url.pathname}`);
    json = await response.json();
  } catch (error) {
    const why = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'not running';
    return unreachable(`${label} is ${why} at ${origin}`);
  }
  let models: { name: string; embeds: boolean }[];
  try {
    models = read(json);
  } catch {
    return unreachable(`${label} at ${origin} answered ${url.pathname} with something that is not its model list`);
  }
  const names = (embeds: boolean) => [...new Set(models.filter((m) => m.embeds === embeds).map((m) => m.name))].sort();
  return { ...server, reachable: true, error: null, chatModels: names(false), embeddingModels: names(true) };
}
