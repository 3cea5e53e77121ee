/**
 * The app's own writes while one of its long writers (an import) holds the mind's write lock. The
 * import keeps its one transaction across turns of the event loop so progress reaches the
 * windows; a write the app is asked for meanwhile would wait on SQLite's busy timeout with the
 * whole process stopped, then fail. Instead the app's connection stops waiting on the lock for as
 * long as the gate is held (a write fails at once, having written nothing), and `dispatch` answers
 * that call once the import is done, by running it again: the write is served, not starved.
 */
import type { Mind } from '../mind/mind';
import { answerBusyAtOnce } from '../mind/busy-waits';

export interface WriteGate {
  /** Runs `work` (which holds the write lock across awaits) with the app's own writers held at the gate. */
  hold<T>(mind: Mind, work: () => Promise<T>): Promise<T>;
  /** While the gate is held, a promise that settles when it opens; else null. */
  opened(): Promise<void> | null;
}

export function createWriteGate(): WriteGate {
  let opening: Promise<void> | null = null;
  return {
    async hold(mind, work) {
      let open = () => {};
      opening = new Promise((resolve) => (open = resolve));
      const release = answerBusyAtOnce(mind);
      try {
        return await work();
      } finally {
        release();
        opening = null;
        open();
      }
    },
    opened: () => opening,
  };
}
