/**
 * Shared fixtures for the consolidation tests: real minds (mind/test-support), the offline
 * provider, and episodes written the way agents write them.
 */
import { DEFAULT_SETTINGS, type MindSettings, mergeSettings, type SettingsPatch } from '../../shared/settings';
import { createMemory } from '../mind/create';
import type { Mind } from '../mind/mind';
import type { MemoryRecord } from '../store/memory-record';
import { createOfflineProvider } from './offline/offline-provider';
import { runConsolidation } from './run';
import type { RunOptions, RunSummary } from './run-types';

export const AGENT = { actor: 'agent:coder' } as const;

export function episode(mind: Mind, objective: string, outcome: string, lessons: string[] = [], extra: { project?: string } = {}): MemoryRecord {
  return createMemory(
    mind,
    {
      type: 'episode',
      content: `${objective} → ${outcome}`,
      fields: { outcome, lessons },
      ...(extra.project ? { scope: 'project', project: extra.project } : {}),
    },
    AGENT,
  );
}

/** Three episodes that teach one lesson, worded a little differently each time. */
export function fridayEpisodes(mind: Mind): MemoryRecord[] {
  return [
    episode(mind, 'Deployed the payments service on Friday afternoon', 'the build broke', ['Friday deploys break the build']),
    episode(mind, 'Deployed search on a Friday', 'the build broke over the weekend', ['Friday deploys break the build']),
    episode(mind, 'Friday deploy of billing', 'the build broke again', ['Friday deploys break the build again']),
  ];
}

/** Three episodes of a second lesson, far from the Friday one. */
export function backupEpisodes(mind: Mind): MemoryRecord[] {
  const lesson = ['Backups fill the disk when logs rotate late'];
  return [
    episode(mind, 'Ran the nightly backup', 'the disk filled up', lesson),
    episode(mind, 'Nightly backup job', 'disk full at 3am', lesson),
    episode(mind, 'Backup of the warehouse', 'disk filled up again', lesson),
  ];
}

export function settingsWith(patch: SettingsPatch = {}): MindSettings {
  return mergeSettings(DEFAULT_SETTINGS, patch);
}

export function consolidate(mind: Mind, options: Partial<RunOptions> = {}): Promise<RunSummary> {
  return runConsolidation(mind, { trigger: 'manual', provider: createOfflineProvider(), settings: settingsWith(), ...options });
}
