/**
 * Scroll positions per list (filters + sort), so coming Back from a memory lands where the person
 * was. Every search typed is a new list: only the latest few are kept, or a long session would
 * keep one entry per search for as long as the window stays open.
 */
export const REMEMBERED_LISTS = 50;

export interface ScrollMemory {
  get(listKey: string): number | undefined;
  set(listKey: string, scrollTop: number): void;
  readonly size: number;
}

export function createScrollMemory(capacity = REMEMBERED_LISTS): ScrollMemory {
  // A Map iterates in insertion order: re-inserting on each write keeps the oldest first.
  const positions = new Map<string, number>();
  return {
    get: (listKey) => positions.get(listKey),
    set(listKey, scrollTop) {
      positions.delete(listKey);
      positions.set(listKey, scrollTop);
      for (const oldest of positions.keys()) {
        if (positions.size <= capacity) break;
        positions.delete(oldest);
      }
    },
    get size() {
      return positions.size;
    },
  };
}
