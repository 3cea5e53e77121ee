/**
 * Test and bench support, run as a process of its own (`node --import tsx kernle-agent-process.ts
 * FILE RATE SECONDS`): an agent writing into its Kernle `memories.db` as Kernle does (WAL mode, one
 * transaction a memory), RATE notes a second for SECONDS seconds; every tenth write also edits the
 * note written five before (a changed row, not only new ones). Each note's `created_at` is the
 * instant it was written, which is how a follower's arrival latency is measured. Prints `started`,
 * then `done N` with the count written.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { nativeBinding } from './connection';

const [path, rate, seconds] = process.argv.slice(2);
if (path !== undefined && rate !== undefined && seconds !== undefined) {
  const db = new Database(path, { fileMustExist: true, timeout: 5_000, ...nativeBinding() });
  db.pragma('journal_mode = WAL');
  const insert = db.prepare(
    `INSERT INTO notes (id, stack_id, content, note_type, created_at, confidence, local_updated_at, version, deleted)
     VALUES (@id, 'agent', @content, 'observation', @at, 0.8, @at, 1, 0)`,
  );
  const edit = db.prepare(`UPDATE notes SET content = content || ' (edited)', local_updated_at = @at, version = version + 1 WHERE id = @id`);
  const ids: string[] = [];
  const count = Math.round(Number(rate) * Number(seconds));
  const started = Date.now();
  process.stdout.write('started\n');
  for (let i = 0; i < count; i++) {
    // Paced by the clock, not by sleeps alone: a slow write does not slow the whole run.
    const due = started + (i * 1000) / Number(rate);
    if (due > Date.now()) await sleep(due - Date.now());
    const id = randomUUID();
    ids.push(id);
    const at = new Date().toISOString();
    db.transaction(() => {
      insert.run({ id, content: `agent note ${String(i + 1).padStart(5, '0')}`, at });
      if ((i + 1) % 10 === 0 && ids.length > 5) edit.run({ id: ids[ids.length - 6], at });
    })();
  }
  db.close();
  process.stdout.write(`done ${count}\n`);
}
