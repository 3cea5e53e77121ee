/**
 * A mind's settings live as JSON in meta key `settings` (read by mind/settings.ts). Writing
 * validates the patch, stores the merged result and journals the change, in one transaction.
 */
import { MindError } from '../../shared/errors';
import { type MindSettings, mergeSettings, type SettingsPatch, SettingsPatchSchema } from '../../shared/settings';
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
    storeSettings(mind, current, next, actor);
    return next;
  });
}
