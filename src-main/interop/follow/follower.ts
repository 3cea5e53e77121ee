/**
 * Following a linked source: a sync at start, then one each time the source's files change
 * (fs.watch on their folder, so a -wal that appears or is truncated is seen too), with a poll of
 * their size and time as the fallback where watching misses events (network folders, some
 * containers). Changes that arrive during a sync make one more sync after it, never a second one
 * beside it. A sync that fails (the source busy, mid-write, briefly unreadable) is reported and
 * tried again at the next change or poll; the follower keeps going until stopped.
 */
import { type FSWatcher, statSync, watch } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { Mind } from '../../mind/mind';
import { followCapabilityOf, linkSource, type SyncSummary, syncLinkedSource } from './linked-sync';

/** The poll fallback's period. */
const POLL_MS = 1_000;
/** After a failed sync, the next try waits at least this long (unless the source changes). */
const RETRY_MS = 500;

export interface FollowOptions {
  container: string | null;
  onSync?: (summary: SyncSummary, at: number) => void;
  onError?: (error: unknown) => void;
}

export interface Follower {
  /** Resolves after the sync under way (if any) ends; no sync starts after. */
  stop(): Promise<void>;
  /** Resolves after the next sync that starts from now has ended. */
  synced(): Promise<void>;
}

export function followSource(mind: Mind, kind: string, path: string, options: FollowOptions): Follower {
  const absolute = resolve(path);
  const files = followCapabilityOf(kind).watchedFiles(absolute);
  linkSource(mind, kind, absolute, options.container);
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let lastStamp = '';
  let waiters: (() => void)[] = [];

  const stampOf = () =>
    files
      .map((file) => {
        try {
          const s = statSync(file);
          return `${s.size}:${s.mtimeMs}`;
        } catch {
          return '-';
        }
      })
      .join('|');

  const runOnce = () => {
    lastStamp = stampOf();
    try {
      const summary = syncLinkedSource(mind, kind, absolute);
      options.onSync?.(summary, mind.now());
    } catch (error) {
      options.onError?.(error);
      retry = setTimeout(request, RETRY_MS);
    }
  };
  let retry: NodeJS.Timeout | null = null;

  function request(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        if (retry) clearTimeout(retry);
        retry = null;
        // Those waiting now see this sync's end; those who start waiting during it, the next one's.
        const done = waiters;
        waiters = [];
        runOnce();
        for (const wake of done) wake();
        // Let the event loop deliver the watch events that arrived during the sync.
        await new Promise((r) => setImmediate(r));
      } while (again && !stopped);
      running = null;
    })();
  }

  const names = new Set(files.map((f) => basename(f)));
  const watchers: FSWatcher[] = [];
  for (const folder of new Set(files.map((f) => dirname(f)))) {
    try {
      watchers.push(watch(folder, (_event, name) => (name === null || names.has(String(name)) ? request() : undefined)));
    } catch {
      // Not watchable here: the poll alone follows it.
    }
  }
  const poll = setInterval(() => {
    if (stampOf() !== lastStamp) request();
  }, POLL_MS);
  request();

  return {
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (retry) clearTimeout(retry);
      for (const watcher of watchers) watcher.close();
      await running;
    },
    synced: () =>
      new Promise<void>((wake) => {
        waiters.push(wake);
        request();
      }),
  };
}
