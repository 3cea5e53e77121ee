/**
 * Backups as the API sees them: one at a time per app, by hand (File → Back up…, Settings) or
 * daily when the open mind's settings ask for it. The daily one is looked at when a mind opens
 * and then every hour; after it the oldest daily backups beyond the kept number are deleted.
 * Progress and the end go to every window as `backup.progress` events, whoever started it.
 */
import { dirname, resolve } from 'node:path';
import type { BackupResult } from '../../shared/contract/trust';
import { MindError } from '../../shared/errors';
import { readSettings } from '../consolidation/settings-store';
import { type SchedulerClock, systemClock } from '../consolidation/scheduler-clock';
import { backupMind } from '../mind/backup';
import { dailyBackupDue, newBackupPath, pruneDailyBackups } from '../mind/backup-folder';
import { errorEnvelope } from '../consolidation/worker-messages';
import type { Session } from './session';

export interface BackupPort {
  /** Backs the open mind up to `path` (relative: beside the mind), or into its backup folder when there is none. */
  backUp(path: string | null, options: { overwrite?: boolean; automatic?: boolean }): Promise<BackupResult>;
  dispose(): Promise<void>;
}

export interface BackupPortOptions {
  logError: (message: string, error: unknown) => void;
  /** Tests move time by hand. */
  clock?: SchedulerClock | undefined;
}

export const DAILY_CHECK_MS = 3_600_000;

export function bindBackups(session: Session, options: BackupPortOptions): BackupPort {
  const clock = options.clock ?? systemClock();
  let running: Promise<BackupResult> | null = null;
  let timer: unknown = null;
  let disposed = false;

  const backUp: BackupPort['backUp'] = (path, request) => {
    if (running) return Promise.reject(new MindError('invalid_state', 'A backup is being written already; wait for it to finish.'));
    const mind = session.mind();
    // A relative path is taken from the mind's own folder, never from wherever the process started.
    const target = path !== null ? resolve(dirname(mind.store.path), path) : newBackupPath(mind.store.path, readSettings(mind).backup, clock.now(), request.automatic ?? false);
    const automatic = request.automatic ?? false;
    const progress = (path: string, stage: 'copy' | 'verify' | 'done' | 'failed', done: number, total: number, message?: string) =>
      session.events.emit({ type: 'backup.progress', payload: { path, stage, done, total, automatic, ...(message === undefined ? {} : { message }) } });
    let shownPercent = -1;
    const work = backupMind(mind, target, {
      overwrite: request.overwrite ?? false,
      onProgress: ({ stage, done, total }) => {
        // Thousands of steps on a large mind: each window hears each percent once.
        const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
        if (stage === 'copy' && percent === shownPercent) return;
        shownPercent = percent;
        progress(target, stage, done, total);
      },
    });
    running = work.then(
      (result) => {
        running = null;
        progress(result.path, 'done', 1, 1, `${result.memories} memories, ${(result.bytes / 1_048_576).toFixed(1)} MB`);
        return result;
      },
      (error: unknown) => {
        running = null;
        progress(target, 'failed', 0, 1, errorEnvelope(error).message);
        throw error;
      },
    );
    return running;
  };

  /** The daily backup, when the settings ask for it and the newest is a day old. */
  const daily = () => {
    timer = null;
    if (disposed) return;
    const status = session.status();
    if (status.state === 'open' && !status.isDemo && !running) {
      try {
        const mind = session.mind();
        const settings = readSettings(mind).backup;
        if (dailyBackupDue(mind.store.path, settings, clock.now())) {
          backUp(null, { automatic: true })
            .then(() => pruneDailyBackups(mind.store.path, settings))
            .catch((error: unknown) => options.logError('The daily backup failed', error));
        }
      } catch (error) {
        options.logError('The daily backup could not be looked at', error);
      }
    }
    timer = clock.setTimeout(daily, DAILY_CHECK_MS);
  };

  const unsubscribe = session.events.subscribe((event) => {
    if (event.type !== 'session.changed' || event.payload.state !== 'open') return;
    if (timer !== null) clock.clearTimeout(timer);
    daily();
  });
  daily();

  return {
    backUp,
    async dispose() {
      disposed = true;
      unsubscribe();
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      // A backup being written finishes (or fails) on its own: its partial file is removed either way.
      await running?.catch(() => undefined);
    },
  };
}
