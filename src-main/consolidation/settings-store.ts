/**
 * A mind's settings live as JSON in meta key `settings` (read by mind/settings.ts). Writing
 * validates the patch, stores the merged result and journals the change, in one transaction.
 */
import { MindError } from '../../shared/errors';
import { type MindSettings, mergeSettings, type SettingsPatch, SettingsPatchSchema } from '../../shared/settings';
import { appendJournal } from '../store/journal-repo';
import type { Mind } from '../mind/mind';
import { readSettings, storeSettings } from '../mind/settings';
import { checkActor } from '../mind/write-options';

export { readSettings };

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
    storeSettings(mind, next);
    appendJournal(mind.store.db, { at: mind.now(), actor, op: 'settings', memoryId: null, before, after });
    return next;
  });
}
