/**
 * Test support, run as a process of its own (`node --import tsx lock-holder-process.ts FILE`):
 * another program holding a mind's write lock (an IMMEDIATE transaction left open). Prints
 * `locked` once it holds it, and lets go when its stdin closes.
 */
import { openMind } from './mind';

const [path] = process.argv.slice(2);
if (path !== undefined) {
  const mind = openMind(path, { mustExist: true });
  mind.store.db.exec('BEGIN IMMEDIATE');
  process.stdout.write('locked\n');
  process.stdin.resume();
  process.stdin.on('end', () => {
    mind.store.db.exec('ROLLBACK');
    mind.close();
    process.exit(0);
  });
}
