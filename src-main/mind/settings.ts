/**
 * Reading a mind's settings (JSON in meta key `settings`). Reading never fails: absent (or
 * unreadable) settings read as the defaults, and stored settings are merged over the defaults so a
 * key added by a newer build reads at its default. Writing lives with consolidation (settings-store).
 */
import { DEFAULT_SETTINGS, type MindSettings, mergeSettings, SettingsPatchSchema } from '../../shared/settings';
import { readMeta, writeMeta } from '../store/meta-repo';
import type { Mind } from './mind';

export const SETTINGS_KEY = 'settings';

export function readSettings(mind: Mind): MindSettings {
  const stored = readMeta(mind.store.db, SETTINGS_KEY);
  if (stored === null) return DEFAULT_SETTINGS;
  try {
    const patch = SettingsPatchSchema.safeParse(JSON.parse(stored));
    return patch.success ? mergeSettings(DEFAULT_SETTINGS, patch.data) : DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** Stores whole settings (the caller validated and journals them). */
export function storeSettings(mind: Mind, settings: MindSettings): void {
  writeMeta(mind.store.db, SETTINGS_KEY, JSON.stringify(settings));
}
