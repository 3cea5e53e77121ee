/** The daily backup: made when a mind opens and a day has passed since the last, keeping the newest N. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../consolidation/scheduler-test-support';
import { writeSettings } from '../consolidation/settings-store';
import { listBackups } from '../mind/backup-folder';
import { openMind } from '../mind/mind';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { createApi } from './api';
import { callOk, testPlatform, waitFor, writeSmallMind } from './api-test-support';
import { DAILY_CHECK_MS } from './backup-port';
import { createSession } from './session';

const HOUR_MS = 3_600_000;
let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

function setUp(daily: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'mindloom-daily-'));
  const mindPath = join(dir, 'agent.mindloom');
  writeSmallMind(mindPath);
  const mind = openMind(mindPath);
  writeSettings(mind, { backup: { daily, keep: 2 } }, 'user');
  mind.close();
  const clock = manualClock(Date.now());
  const session = createSession({ appDataDir: join(dir, 'app-data') });
  const api = createApi(session, testPlatform(join(dir, 'app-data')), { schedulerOptions: { pollMs: null }, backupClock: clock });
  cleanup = async () => {
    await api.dispose();
    session.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { mindPath, clock, session, api, backups: () => listBackups(mindPath, { ...DEFAULT_SETTINGS.backup, daily, keep: 2 }) };
}

describe('daily backup', () => {
  it('is made when the mind opens, again once a day has passed, and only the newest N are kept', async () => {
    const t = setUp(true);
    t.session.open(t.mindPath);
    await waitFor(() => t.backups().length === 1, 'the first daily backup');
    const first = t.backups()[0];
    expect(first).toMatchObject({ automatic: true, name: expect.stringMatching(/^agent-auto-\d{4}-\d{2}-\d{2}-\d{6}\.mindloom$/) });

    // Hourly looks within the day find it not due; the first look after a day makes the next.
    t.clock.advance(3 * DAILY_CHECK_MS);
    t.clock.advance(24 * HOUR_MS);
    await waitFor(() => t.backups().length === 2, 'the second daily backup');
    t.clock.advance(25 * HOUR_MS);
    await waitFor(() => !t.backups().some((b) => b.path === first?.path), 'the oldest pruned');
    expect(t.backups()).toHaveLength(2);
    expect(t.backups().every((b) => b.automatic)).toBe(true);
  });

  it('is not made unless the settings ask; a backup by hand is never pruned', async () => {
    const t = setUp(false);
    t.session.open(t.mindPath);
    const manual = await callOk(t.api, 'mind.backup', {});
    expect(manual).toMatchObject({ memories: 3 });
    t.clock.advance(50 * HOUR_MS);
    expect(t.backups().map((b) => [b.path, b.automatic])).toEqual([[manual?.path, false]]);
  });
});
