/**
 * Test and bench support, run as a process of its own (`node --import tsx timed-writer-process.ts
 * FILE`): an agent writing numbered notes into a mind, one transaction each, every few milliseconds,
 * until its stdin closes; each write's time is measured (nearly all of it is the wait for the write
 * lock when another holds it). Prints `started` before the first write, then one JSON line:
 * `{writes, failures, waitsMs, seqs}`. A write that fails (store_busy after the 5 s busy timeout) is
 * counted in `failures` with its code, and the writer goes on.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMindError } from '../../shared/errors';
import { createMemory } from './create';
import { openMind } from './mind';

const [path] = process.argv.slice(2);
if (path !== undefined) {
  const mind = openMind(path, { mustExist: true });
  let stopped = false;
  process.stdin.on('end', () => (stopped = true)).resume();
  const waitsMs: number[] = [];
  const seqs: number[] = [];
  const failures: string[] = [];
  process.stdout.write('started\n');
  for (let i = 1; !stopped; i++) {
    const started = performance.now();
    try {
      seqs.push(createMemory(mind, { type: 'note', content: `timed note ${i}` }, { actor: 'agent:writer' }).seq);
    } catch (error) {
      failures.push(isMindError(error) ? error.code : String(error));
    }
    waitsMs.push(Math.round(performance.now() - started));
    await sleep(5);
  }
  mind.close();
  process.stdout.write(`${JSON.stringify({ writes: seqs.length, failures, waitsMs, seqs })}\n`);
}
