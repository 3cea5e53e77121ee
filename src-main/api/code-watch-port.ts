/**
 * While the app has a mind open, a repository's HEAD moving (a commit, a checkout, a pull) checks
 * that mind's code references: every few seconds each repository's HEAD is read from its `.git`
 * files (git itself only where they cannot be read) and compared with the HEAD of its last check.
 * The check is the same action `check-refs` and Settings → Code make (Undo takes it back), and
 * the windows hear which memories it changed.
 */
import { checkRefs } from '../mind/code-refs/check-refs';
import { headCommit, headFromFiles } from '../mind/code-refs/git';
import { listRepos } from '../mind/code-refs/repos';
import type { Session } from './session';

export const HEAD_POLL_MS = 5_000;

export interface CodeWatchPort {
  /** Looks now (tests; the timer does it every few seconds). Returns whether a check ran. */
  poll(): boolean;
  dispose(): void;
}

export function bindCodeWatch(session: Session, options: { logError: (message: string, error: unknown) => void; changed: (ids: string[]) => void; pollMs?: number }): CodeWatchPort {
  const poll = (): boolean => {
    if (session.status().state !== 'open') return false;
    try {
      const mind = session.mind();
      const moved = listRepos(mind).some((repo) => {
        const head = headFromFiles(repo.path) ?? headCommit(repo.path);
        return head !== null && head !== repo.checkedHead;
      });
      if (!moved) return false;
      const result = checkRefs(mind, { actor: 'user', reason: 'a repository HEAD moved' });
      if (result.changes.length > 0) options.changed([...new Set(result.changes.map((c) => c.memoryId))]);
      return true;
    } catch (error) {
      options.logError('Checking code references after HEAD moved failed', error);
      return false;
    }
  };
  const timer = setInterval(poll, options.pollMs ?? HEAD_POLL_MS);
  timer.unref();
  return { poll, dispose: () => clearInterval(timer) };
}
