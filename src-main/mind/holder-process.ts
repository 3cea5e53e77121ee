/**
 * Test support, run as a process of its own (`node --import tsx holder-process.ts FILE COUNT`):
 * another program holding a mind open (an agent, the CLI) after writing COUNT notes, with the
 * log never folded back, so its frames stay in `FILE-wal`. Prints `holding` once written, then
 * holds the mind until its stdin closes.
 */
import { createMemory } from './create';
import { openMind } from './mind';

const [path, count] = process.argv.slice(2);
if (path !== undefined && count !== undefined) {
  const mind = openMind(path, { mustExist: true });
  mind.store.db.pragma('wal_autocheckpoint = 0');
  for (let i = 1; i <= Number(count); i++) createMemory(mind, { type: 'note', content: `held note ${i}` }, { actor: 'agent:holder' });
  process.stdout.write('holding\n');
  process.stdin.resume();
  process.stdin.on('end', () => {
    mind.close();
    process.exit(0);
  });
}
