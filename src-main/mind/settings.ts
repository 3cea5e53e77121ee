/**
 * Reading a mind's settings (JSON in meta key `settings`). Reading never fails: absent (or
 * unreadable) settings read as the defaults, and stored settings are merged over the defaults so a
 * key added by a newer build reads at its default. Validating a patch lives with consolidation (settings-store).
 */
import { DEFAULT_SETTINGS, type MindSettings, mergeSettings, SettingsPatchSchema } from '../../shared/settings';
import { appendJournal } from '../store/journal-repo';
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

/**
 * Stores validated settings and journals what changed (each top-level key before and after);
 * inside the caller's transaction. `note` adds facts to the journal's `after` (an undo names what it undid).
 */
export function storeSettings(mind: Mind, current: MindSettings, next: MindSettings, actor: string, note: Record<string, unknown> = {}): void {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof MindSettings)[]) {
    if (JSON.stringify(current[key]) !== JSON.stringify(next[key])) {
      before[key] = current[key];
      after[key] = next[key];
    }
  }
  writeMeta(mind.store.db, SETTINGS_KEY, JSON.stringify(next));
  appendJournal(mind.store.db, { at: mind.now(), actor, op: 'settings', memoryId: null, before, after: { ...after, ...note } });
}
