/** The Overview's "code changed": memories whose code references changed or whose files are gone, with those references. */
import { countMemoriesWithStaleRefs, staleRefs } from '../../store/code-refs-repo';
import type { Mind } from '../mind';

export function staleRefsOf(mind: Mind, limit: number) {
  return {
    memories: countMemoriesWithStaleRefs(mind.store.db),
    refs: staleRefs(mind.store.db, limit).map((r) => ({
      refSeq: r.seq,
      memoryId: r.memoryId,
      ref: r.ref,
      state: r.state as 'changed' | 'gone',
      reason: r.stateReason,
    })),
  };
}
