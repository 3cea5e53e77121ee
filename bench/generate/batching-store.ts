/**
 * The generator writes thousands of operations per outer transaction. Each domain operation opens
 * its own transaction, which inside the outer one becomes a savepoint: real work per operation
 * that buys nothing here, because the outer batch is the unit that succeeds or fails (a failed
 * generation deletes its half-written file). This store runs nested work directly instead.
 */
import type { Store } from '../../src-main/store/connection';

export function batchingStore(store: Store): Store {
  return {
    db: store.db,
    path: store.path,
    schemaVersion: store.schemaVersion,
    backupPath: store.backupPath,
    transaction: (work) => (store.db.inTransaction ? work() : store.transaction(work)),
    close: () => store.close(),
  };
}
