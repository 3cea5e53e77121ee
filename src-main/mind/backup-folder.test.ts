import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { backupFolderOf, dailyBackupDue, listBackups, newBackupPath, pruneDailyBackups } from './backup-folder';

const DAY_MS = 86_400_000;

describe('the backup folder', () => {
  it('sits beside the mind unless the settings name one (relative to the mind’s folder)', () => {
    const settings = DEFAULT_SETTINGS.backup;
    expect(backupFolderOf('/minds/agent.mindloom', settings)).toBe('/minds/agent-backups');
    expect(backupFolderOf('/minds/agent.mindloom', { ...settings, folder: 'copies' })).toBe('/minds/copies');
    expect(backupFolderOf('/minds/agent.mindloom', { ...settings, folder: '/mnt/usb' })).toBe('/mnt/usb');
  });

  it('names backups by time, lists this mind’s newest first, and prunes only daily ones beyond the kept number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mindloom-backup-folder-'));
    const mind = join(dir, 'agent.mindloom');
    const settings = { ...DEFAULT_SETTINGS.backup, daily: true, keep: 2 };
    const now = Date.UTC(2026, 0, 10, 12, 0, 0);
    expect(dailyBackupDue(mind, settings, now)).toBe(true);
    const write = (path: string, ageDays: number) => {
      writeFileSync(path, 'x');
      const at = new Date(now - ageDays * DAY_MS);
      utimesSync(path, at, at);
      return path;
    };
    const daily = [3, 2, 1].map((age) => write(newBackupPath(mind, settings, now - age * DAY_MS, true), age));
    const byHand = write(newBackupPath(mind, settings, now - 5 * DAY_MS, false), 5);
    mkdirSync(join(dir, 'agent-backups', 'not-a-backup-2026-01-01-000000.mindloom'));
    writeFileSync(join(dir, 'agent-backups', 'other-2026-01-01-000000.mindloom'), 'another mind’s');
    expect(daily[0]).toBe(join(dir, 'agent-backups', 'agent-auto-2026-01-07-120000.mindloom'));

    expect(listBackups(mind, settings).map((b) => [b.name, b.automatic])).toEqual([
      ['agent-auto-2026-01-09-120000.mindloom', true],
      ['agent-auto-2026-01-08-120000.mindloom', true],
      ['agent-auto-2026-01-07-120000.mindloom', true],
      ['agent-2026-01-05-120000.mindloom', false],
    ]);
    expect(dailyBackupDue(mind, settings, now)).toBe(true);
    expect(dailyBackupDue(mind, settings, now - 12 * 3_600_000)).toBe(false);
    expect(dailyBackupDue(mind, { ...settings, daily: false }, now)).toBe(false);

    expect(pruneDailyBackups(mind, settings)).toEqual([daily[0]]);
    expect(listBackups(mind, settings).map((b) => b.path)).toEqual([daily[2], daily[1], byHand]);
  });
});
