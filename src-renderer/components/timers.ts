/**
 * Timers with an owner. Every timer the renderer sets belongs to something with a lifetime: a
 * component, the toast list, the event connection. `dispose` cancels what that owner still has
 * pending, so nothing fires into a closed view or a dropped connection, and no caller keeps handle
 * bookkeeping of its own. This is the one module that calls the browser's timer functions (lint
 * holds the rest of the renderer to it).
 */
export interface Timers {
  /** Calls `callback` once after `ms`, unless the returned cancel or `dispose` comes first. */
  after(ms: number, callback: () => void): () => void;
  /** Resolves after `ms`. Once the owner is disposed it never resolves: the waiter ends with its owner. */
  sleep(ms: number): Promise<void>;
  /** Cancels every pending timer; `after` and `sleep` set nothing from then on. */
  dispose(): void;
}

export function createTimers(): Timers {
  const pending = new Set<ReturnType<typeof setTimeout>>();
  let disposed = false;

  const after = (ms: number, callback: () => void): (() => void) => {
    if (disposed) return () => {};
    const handle = setTimeout(() => {
      pending.delete(handle);
      callback();
    }, ms);
    pending.add(handle);
    return () => {
      clearTimeout(handle);
      pending.delete(handle);
    };
  };

  return {
    after,
    sleep: (ms) => new Promise((resolve) => void after(ms, resolve)),
    dispose() {
      disposed = true;
      for (const handle of pending) clearTimeout(handle);
      pending.clear();
    },
  };
}
