/**
 * Picks the consolidation provider a mind's settings name. The API key is never part of the
 * settings: the host reads it from the environment (OPENAI_API_KEY or MINDLOOM_OPENAI_API_KEY),
 * the Electron shell from safeStorage, and both hand it in here.
 */
import { MindError } from '../../shared/errors';
import type { MindSettings } from '../../shared/settings';
import { LEXICAL_EMBEDDER_ID } from './offline/lexical-embedder';
import { createOfflineProvider } from './offline/offline-provider';
import { createOpenAiProvider } from './openai/openai-provider';
import type { ConsolidationProvider } from './provider';

export function createProvider(
  settings: MindSettings,
  secrets: { readonly openAiApiKey?: string | undefined },
): ConsolidationProvider {
  switch (settings.provider) {
    case 'offline':
      return createOfflineProvider();
    case 'agent':
      // The agent's model answers only in the process its MCP client is connected to
      // (agent/sampling-runs.ts); a run started anywhere else is the offline one.
      return createOfflineProvider();
    case 'openai': {
      const apiKey = secrets.openAiApiKey?.trim();
      if (!apiKey) {
        throw new MindError(
          'invalid_input',
          `The openai provider needs an API key for ${settings.openai.baseUrl}: set OPENAI_API_KEY (or MINDLOOM_OPENAI_API_KEY) ` +
            'for the command line, or enter the key in the app\'s Settings (a local server that checks no key accepts any value); ' +
            'or switch the provider to offline.',
          { provider: 'openai' },
        );
      }
      return createOpenAiProvider(settings.openai, apiKey);
    }
  }
}

/**
 * Which embedder the settings make createProvider use, decided from the settings alone (no key,
 * no call): when it changes, the stored vectors belong to another space and are rebuilt. The
 * endpoint is part of it, since two servers may give one model name to different models.
 */
export function embedderKey(settings: MindSettings): string {
  switch (settings.provider) {
    case 'offline':
    case 'agent':
      return LEXICAL_EMBEDDER_ID;
    case 'openai':
      return `openai:${settings.openai.embeddingModel}@${settings.openai.baseUrl}`;
  }
}
