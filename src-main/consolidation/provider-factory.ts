/**
 * Picks the consolidation provider a mind's settings name. The API key is never part of the
 * settings: the host reads it from the environment (OPENAI_API_KEY or MINDLOOM_OPENAI_API_KEY),
 * the Electron shell from safeStorage, and both hand it in here.
 */
import { MindError } from '../../shared/errors';
import type { MindSettings } from '../../shared/settings';
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
