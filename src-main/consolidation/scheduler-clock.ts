/**
 * The scheduler's sense of time: now, and timers it can clear. Injected so tests move time by
 * hand; the system clock's timers are unref'd so a waiting scheduler never holds the process open.
 */
export interface SchedulerClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export function systemClock(): SchedulerClock {
  return {
    now: Date.now,
    setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  };
}
