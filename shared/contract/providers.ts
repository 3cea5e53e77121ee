/**
 * Where a model can come from, found rather than typed: agents connected over MCP that lend their
 * model (sampling), and local model servers (Ollama, LM Studio) on loopback with their models.
 */
import { z } from 'zod';
import { noPayload } from './common';

export const LocalModelServerSchema = z.object({
  kind: z.enum(['ollama', 'lmstudio']),
  label: z.string(),
  /** Where it was asked. */
  address: z.string(),
  /** The OpenAI-compatible base URL to set as the provider's. */
  baseUrl: z.string(),
  reachable: z.boolean(),
  /** Why it is not usable, in words; null when it answered. */
  error: z.string().nullable(),
  chatModels: z.array(z.string()),
  embeddingModels: z.array(z.string()),
});
export type LocalModelServer = z.output<typeof LocalModelServerSchema>;

export const ModelSourcesSchema = z.object({
  /** Agents connected over MCP whose client offers sampling, first connected first. */
  agents: z.array(z.object({ agent: z.string(), since: z.string() })),
  servers: z.array(LocalModelServerSchema),
});
export type ModelSources = z.output<typeof ModelSourcesSchema>;

export const PROVIDER_CALLS = {
  'providers.discover': { request: noPayload, response: ModelSourcesSchema },
} as const;
