/**
 * Test and bench support, run as a process of its own (`node --import tsx seed-agent-process.ts
 * engram|alexandria FILE RATE SECONDS`): an agent writing into a copy of its Engram or Alexandria
 * database as that system's code does (seed-agent-writes.ts: WAL mode, one transaction a write),
 * RATE records a second for SECONDS seconds. Engram: an episode each time, and every tenth also
 * reinforces a belief with it (α + 1, the episode as support). Alexandria: a memory object each
 * time, and every tenth also edits the object written five before. Each record's creation stamp is
 * the instant it was written (arrival latency is measured from it). Prints `started`, then `done N`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { editAlexandriaObject, insertAlexandriaObject, insertEngramEpisode, openAsAgent, reinforceEngramBelief, writeOnce } from './seed-agent-writes';

/** The Engram fixture's belief every tenth episode reinforces (α 8, β 1 there). */
const REINFORCED_BELIEF = 'bl_d1efa44d2abc4e4d8a2f';

const [system, path, rate, seconds] = process.argv.slice(2);
if (path !== undefined && rate !== undefined && seconds !== undefined && (system === 'engram' || system === 'alexandria')) {
  const count = Math.round(Number(rate) * Number(seconds));
  // Held open for the run, as the systems' own processes hold their database.
  const db = openAsAgent(path);
  const started = Date.now();
  process.stdout.write('started\n');
  for (let i = 0; i < count; i++) {
    // Paced by the clock, not by sleeps alone: a slow write does not slow the whole run.
    const due = started + (i * 1000) / Number(rate);
    if (due > Date.now()) await sleep(due - Date.now());
    const n = String(i + 1).padStart(5, '0');
    const at = Date.now();
    const tenth = (i + 1) % 10 === 0;
    writeOnce(db, () => {
      if (system === 'engram') {
        insertEngramEpisode(db, { id: `ep_agent_${n}`, summary: `agent episode ${n}`, at });
        if (tenth) reinforceEngramBelief(db, REINFORCED_BELIEF, `ep_agent_${n}`, at);
      } else {
        insertAlexandriaObject(db, { id: `agent_${n}`, content: `agent object ${n}`, at: new Date(at).toISOString() });
        if (tenth && i >= 5) editAlexandriaObject(db, `agent_${String(i - 4).padStart(5, '0')}`, `agent object ${String(i - 4).padStart(5, '0')} (edited)`, new Date(at).toISOString());
      }
    });
  }
  db.close();
  process.stdout.write(`done ${count}\n`);
}
