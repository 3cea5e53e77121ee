/** How long a connection waits on another's write lock before SQLite answers busy. */
import type { Db } from './connection';

/** Makes `db` answer busy at once instead of waiting; returns what puts its wait back. */
export function holdBusyWaits(db: Db): () => void {
  const wait = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  return () => {
    if (db.open) db.pragma(`busy_timeout = ${wait}`);
  };
}
