/**
 * A mind's settings live as JSON in meta key `settings`. Reading never fails: absent (or
 * unreadable) settings read as the defaults, and stored settings are merged over the defaults so a
 * key added by a newer build reads at its default. Writing validates the patch, stores the merged
 * result and journals the change, in one transaction.
 */
import { MindError } from '../../shared/errors';
import { DEFAULT_SETTINGS, type MindSettings, mergeSettings, type SettingsPatch, SettingsPatchSchema } from '../../shared/settings';
import { appendJournal } from '../store/journal-repo';
import { readMeta, writeMeta } from '../store/meta-repo';
import type { Mind } from '../mind/mind';
import { checkActor } from '../mind/write-options';

const SETTINGS_KEY = 'settings';

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

export function writeSettings(mind: Mind, patch: SettingsPatch, actor: string): MindSettings {
  checkActor(actor);
  const parsed = SettingsPatchSchema.safeParse(patch);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new MindError('invalid_input', `Invalid settings: ${issue?.path.join('.') || 'input'}: ${issue?.message}`, {
      issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return mind.store.transaction(() => {
    const current = readSettings(mind);
    let next: MindSettings;
    try {
      next = mergeSettings(current, parsed.data);
    } catch (error) {
      throw new MindError('invalid_input', `Invalid settings: ${(error as Error).message}`);
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const key of Object.keys(next) as (keyof MindSettings)[]) {
      if (JSON.stringify(current[key]) !== JSON.stringify(next[key])) {
        before[key] = current[key];
        after[key] = next[key];
      }
    }
    writeMeta(mind.store.db, SETTINGS_KEY, JSON.stringify(next));
    appendJournal(mind.store.db, { at: mind.now(), actor, op: 'settings', memoryId: null, before, after });
    return next;
  });
}
