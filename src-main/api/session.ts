/**
 * The session: which mind the app has open (none, one, or a file that failed to open and why).
 * Opening never throws for a bad file: the status carries the error and what the person can do.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { SessionStatus } from '../../shared/contract';
import { type ErrorCode, isMindError, MindError } from '../../shared/errors';
import { loadDemoMind } from '../mind/demo/load-demo';
import { type Mind, openMind } from '../mind/mind';
import { watchOutsideWrites } from '../mind/outside-writes';
import { ownFileOf, refuseOwnFile } from '../mind/own-files';
import { createEventHub, type EventHub } from './event-hub';
import { type RecentFiles, recentFilesIn } from './recent-files';

export const MIND_EXTENSION = '.mindloom';

export interface Session {
  /** Session changes and writes made by other processes; the API adds the app's own writes. */
  readonly events: EventHub;
  status(): SessionStatus;
  /** The open mind; a `no_mind_open` error when there is none. */
  mind(): Mind;
  /** Opens an existing mind file. */
  open(path: string): SessionStatus;
  /** Creates a new, empty mind file and opens it. Refuses a path that already holds something. */
  create(path: string): SessionStatus;
  /** Writes a fresh demo mind into the app's data folder and opens it. */
  openDemo(): SessionStatus;
  recent(): string[];
  close(): void;
}

export interface SessionOptions {
  appDataDir: string;
  /** How often outside writes are looked for (ms). */
  pollMs?: number;
  clock?: () => number;
  /** Where a failing event listener is reported. */
  logError?: (message: string, error: unknown) => void;
}

/** What a person can do about a file that did not open, by error code. */
const OPEN_HINTS: Partial<Record<ErrorCode, string>> = {
  not_found: 'Check the path, or create a new mind there.',
  not_a_mind: 'Choose a Mindloom mind file (.mindloom), or create a new mind. Other memory stores can be imported.',
  corrupt_file:
    'The file is damaged. Check it here: what can be rebuilt from what is left is repaired. Restore it from a backup otherwise (mindloom restore BACKUP --to FILE, or the .bak copy Mindloom keeps beside a file before upgrading it), or open another mind.',
  schema_too_new: 'This mind was saved by a newer Mindloom: update Mindloom to open it.',
  unreadable_file: 'Check that the file exists and that you are allowed to read and write it.',
  store_busy: 'Another program is holding this mind locked; try again in a moment.',
  invalid_state: 'Open the file once with a Mindloom that may upgrade it.',
};
const FALLBACK_HINT = 'Open another mind or create a new one.';

interface OpenMind {
  mind: Mind;
  path: string;
  isDemo: boolean;
  stopWatching: () => void;
}

export function createSession(options: SessionOptions): Session {
  const clock = options.clock ?? Date.now;
  const recentFiles: RecentFiles = recentFilesIn(options.appDataDir);
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const events = createEventHub((error) => logError('An event listener failed', error));
  let current: OpenMind | null = null;
  let status: SessionStatus = { state: 'none' };

  const announce = (next: SessionStatus): SessionStatus => {
    status = next;
    events.emit({ type: 'session.changed', payload: next });
    return next;
  };

  const closeCurrent = () => {
    if (!current) return;
    const closing = current;
    current = null;
    closing.stopWatching();
    closing.mind.close();
    // A demo mind is a scratch file: it goes when the person moves on.
    if (closing.isDemo) for (const suffix of ['', '-wal', '-shm']) rmSync(`${closing.path}${suffix}`, { force: true });
  };

  const rememberRecent = (path: string) => {
    try {
      recentFiles.add(path);
    } catch (error) {
      // The list is a convenience: a read-only app-data folder must not keep a mind from opening.
      logError('The recent list could not be saved', error);
    }
  };

  /** A file that did not open (or a demo that could not be written): the status says why and what to do. */
  const failed = (path: string, error: unknown): SessionStatus => {
    if (!isMindError(error)) logError(`Opening ${path} failed unexpectedly`, error);
    const code = isMindError(error) ? error.code : 'internal';
    const message = error instanceof Error ? error.message : String(error);
    return announce({ state: 'error', path, code, message, hint: OPEN_HINTS[code] ?? FALLBACK_HINT });
  };

  /**
   * Opens the mind at `path` fully before letting go of the one that is open: a file that fails to
   * open leaves the open mind open (the call answers the error) or, when none was, becomes the
   * error status with its hint.
   */
  const openAt = (path: string, how: { mustExist: boolean; isDemo: boolean }): SessionStatus => {
    let mind: Mind;
    try {
      mind = openMind(path, { mustExist: how.mustExist, clock });
    } catch (error) {
      if (!current) return failed(path, error);
      if (!isMindError(error)) logError(`Opening ${path} failed unexpectedly`, error);
      throw error;
    }
    closeCurrent();
    const stopWatching = watchOutsideWrites(
      mind,
      ({ ids, upTo }) => events.emit({ type: 'mind.changed', payload: ids === null ? { origin: 'outside' } : { origin: 'outside', ids, upTo } }),
      options.pollMs,
    );
    current = { mind, path, isDemo: how.isDemo, stopWatching };
    if (!how.isDemo) rememberRecent(path);
    const name = how.isDemo ? 'Demo mind' : basename(path, extname(path));
    return announce({ state: 'open', path, name, isDemo: how.isDemo });
  };

  /** The open mind's own files (`-wal`, `-shm`, `-journal`, itself by any name) are never opened or created as another mind. */
  const refuseOpenMindsFile = (target: string, purpose: string) => {
    if (current) refuseOwnFile(current.path, target, purpose);
  };

  return {
    events,
    status: () => status,
    mind() {
      if (!current) throw new MindError('no_mind_open', 'No mind is open: open or create one first.');
      return current.mind;
    },
    open(path) {
      const target = resolve(path);
      // The open mind itself, by whatever name, is simply still open.
      if (current && ownFileOf(current.path, target) === 'mind') return status;
      refuseOpenMindsFile(target, 'as another mind');
      return openAt(target, { mustExist: true, isDemo: false });
    },
    create(path) {
      const target = resolve(path);
      refuseOpenMindsFile(target, 'for a new mind');
      const folder = dirname(target);
      if (!existsSync(folder)) {
        throw new MindError('not_found', `The folder ${folder} does not exist: create it first, or choose another place.`, {
          path: target,
          folder,
        });
      }
      if (existsSync(target) && statSync(target).size > 0) {
        throw new MindError('invalid_input', `${target} already exists: open it instead, or choose a new name.`, {
          path: target,
        });
      }
      return openAt(target, { mustExist: false, isDemo: false });
    },
    openDemo() {
      const folder = join(options.appDataDir, 'demo');
      mkdirSync(folder, { recursive: true });
      const path = join(folder, `demo-${clock()}-${randomBytes(4).toString('hex')}${MIND_EXTENSION}`);
      try {
        loadDemoMind(path, { now: clock() });
      } catch (error) {
        if (!current) return failed(path, error);
        throw error;
      }
      return openAt(path, { mustExist: true, isDemo: true });
    },
    recent: () => recentFiles.list(),
    close() {
      closeCurrent();
      if (status.state !== 'none') announce({ state: 'none' });
    },
  };
}
