/**
 * Test support, run as a process of its own (`node --import tsx promote-process.ts FILE ID
 * VERSION`): an agent promoting one raw capture to an episode at the version it saw, through
 * `promoteMany` as the inbox does. Opens the mind, prints `ready`, waits for a line on stdin (so
 * racers start together), then prints `ok` or the error's code.
 */
import { createInterface } from 'node:readline';
import { isMindError } from '../../shared/errors';
import { promoteMany } from './inbox';
import { openMind } from './mind';

const [path, id, version] = process.argv.slice(2);
if (path !== undefined && id !== undefined && version !== undefined) {
  const mind = openMind(path, { mustExist: true });
  process.stdout.write('ready\n');
  const lines = createInterface({ input: process.stdin });
  lines.once('line', () => {
    let answer = 'ok';
    try {
      promoteMany(mind, [{ id, expectedVersion: Number(version) }], 'episode', { actor: 'agent:racer' });
    } catch (error) {
      answer = isMindError(error) ? error.code : `unexpected: ${(error as Error).message}`;
    }
    mind.close();
    process.stdout.write(`${answer}\n`);
    lines.close();
  });
}
