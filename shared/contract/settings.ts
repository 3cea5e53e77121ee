/** Settings calls: the mind's settings and the provider's key. */
import { z } from 'zod';
import { MindSettingsSchema, SettingsPatchSchema } from '../settings';
import { noPayload } from './common';

export const SettingsViewSchema = z.object({
  settings: MindSettingsSchema,
  apiKeySet: z.boolean(),
});
export type SettingsView = z.output<typeof SettingsViewSchema>;

export const SETTINGS_CALLS = {
  'settings.get': { request: noPayload, response: SettingsViewSchema },
  'settings.update': { request: SettingsPatchSchema.strict(), response: SettingsViewSchema },
  /** The host cannot keep secrets: `unsupported` there (set OPENAI_API_KEY instead). */
  'settings.setApiKey': {
    request: z.strictObject({ key: z.string().trim().min(1).max(1_000) }),
    response: z.object({ apiKeySet: z.boolean() }),
  },
} as const;
