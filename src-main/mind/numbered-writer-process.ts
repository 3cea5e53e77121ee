/**
 * Test support, run as a process of its own (`node --import tsx numbered-writer-process.ts FILE
 * COUNT`): an agent writing COUNT numbered notes into a mind, one transaction each, in order,
 * pausing a moment between them. Prints `started` before the first and `done` after the last.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createMemory } from './create';
import { openMind } from './mind';

const [path, count] = process.argv.slice(2);
if (path !== undefined && count !== undefined) {
  const mind = openMind(path, { mustExist: true });
  process.stdout.write('started\n');
  for (let i = 1; i <= Number(count); i++) {
    createMemory(mind, { type: 'note', content: `numbered note ${String(i).padStart(5, '0')}` }, { actor: 'agent:writer' });
    if (i % 10 === 0) await sleep(1);
  }
  mind.close();
  process.stdout.write('done\n');
}
