/**
 * A mind: an open store plus the clock and id source every operation uses. Operations take the
 * clock and ids from here (never Date.now() directly) so the generator can write months of history
 * and tests can pin time.
 */
import { randomBytes } from 'node:crypto';
import { ID_PREFIX, type MemoryType } from '../../shared/model';
import { type OpenOptions, type Store, openStore } from '../store/connection';
import { type RunInterruption, recoverInterruptedRuns } from './run-lease';

export interface Mind {
  readonly store: Store;
  now(): number;
  newId(type: MemoryType): string;
  /** Id for a record that is not a memory: `ct` contradiction, `run` consolidation run, `pr` proposal. */
  newRecordId(prefix: 'ct' | 'run' | 'pr' | 'batch'): string;
  /** Consolidation runs this open found left running by a process that is gone, now marked interrupted. */
  readonly interruptedOnOpen: readonly RunInterruption[];
  close(): void;
}

export interface MindOptions extends OpenOptions {
  clock?: () => number;
  /** 6 random bytes per id by default; the generator passes a seeded source. */
  randomHex?: (bytes: number) => string;
  /** Leave runs whose process is gone as they are (`check` reports them instead); read-only opens always do. */
  leaveRunsAsFound?: boolean;
}

/**
 * Opens a mind file. A writable open also settles consolidation runs left running by a process
 * that no longer exists (run-lease.ts), so whoever opens the file next learns what happened.
 */
export function openMind(path: string, options: MindOptions = {}): Mind {
  const mind = wrapStore(openStore(path, options), options);
  if (options.readonly || options.leaveRunsAsFound) return mind;
  try {
    return { ...mind, interruptedOnOpen: recoverInterruptedRuns(mind) };
  } catch (error) {
    mind.close();
    throw error;
  }
}

export function wrapStore(store: Store, options: MindOptions = {}): Mind {
  const clock = options.clock ?? Date.now;
  const hex = options.randomHex ?? ((bytes: number) => randomBytes(bytes).toString('hex'));
  return {
    store,
    now: clock,
    newId: (type) => `${ID_PREFIX[type]}${hex(6)}`,
    newRecordId: (prefix) => `${prefix}_${hex(6)}`,
    interruptedOnOpen: [],
    close: () => store.close(),
  };
}
