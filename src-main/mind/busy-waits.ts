/** A mind's own connection made to answer `store_busy` at once, while the app knows who holds the lock (api/write-gate.ts). */
import { holdBusyWaits } from '../store/busy-wait';
import type { Mind } from './mind';

/** Until the returned function is called, a write on `mind` that meets another's lock fails at once, having written nothing. */
export function answerBusyAtOnce(mind: Mind): () => void {
  return holdBusyWaits(mind.store.db);
}
