/**
 * Migrations are append-only. Each has a named test of what it adds, and replaying them all on an
 * empty database must produce exactly the committed schema snapshot (a changed migration, or a
 * schema change without a migration, shows up as a snapshot diff).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore } from './connection';
import { findMigrationsFolder } from './migrations-folder';
import { insertMemory, updateMemory } from './memories-repo';
import { countDiff } from './mind-diff-query';
import { memoryRow, writeOlderMind } from './store-test-support';

function schemaOf(): string {
  const store = openStore(':memory:');
  try {
    const rows = store.db
      .prepare(
        `SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY type, name`,
      )
      .all() as { type: string; name: string; sql: string }[];
    return `${rows.map((r) => `-- ${r.type} ${r.name}\n${r.sql};`).join('\n\n')}\n`;
  } finally {
    store.close();
  }
}

function objectNames(): Set<string> {
  const store = openStore(':memory:');
  try {
    return new Set((store.db.prepare('SELECT name FROM sqlite_master').all() as { name: string }[]).map((r) => r.name));
  } finally {
    store.close();
  }
}

/**
 * An older mind (the first `version` migrations), filled by `fill` as the app of that time would
 * have left it, then opened by today's store (which migrates it) for `check`.
 */
function migratedFrom(version: number, fill: (older: Database.Database) => void, check: (store: ReturnType<typeof openStore>) => void): void {
  const dir = mkdtempSync(join(tmpdir(), `mindloom-v${version}-`));
  try {
    const path = join(dir, 'older.mind');
    writeOlderMind(dir, path, version);
    const older = new Database(path);
    try {
      fill(older);
    } finally {
      older.close();
    }
    const store = openStore(path);
    try {
      check(store);
    } finally {
      store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The memory tallies as kept by the triggers, and the same counts grouped from the memories themselves. */
function tallies(store: ReturnType<typeof openStore>) {
  return {
    recount: () =>
      store.db
        .prepare(
          `SELECT type, status, tier, coalesce(review_status, '') AS review, min(CAST(confidence * 10 AS INTEGER), 9) AS bucket, count(*) AS n
           FROM memories GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
        )
        .all(),
    tallied: () => store.db.prepare('SELECT * FROM memory_tallies WHERE n > 0 ORDER BY 1, 2, 3, 4, 5').all(),
  };
}

describe('migrations', () => {
  it('are listed in order in the drizzle journal, one file each', () => {
    const folder = findMigrationsFolder();
    const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
    for (const entry of journal.entries) expect(readFileSync(join(folder, `${entry.tag}.sql`), 'utf8').length).toBeGreaterThan(0);
  });

  it('0000_init creates the tables of the data model (docs/ARCHITECTURE.md §3)', () => {
    const names = objectNames();
    for (const table of [
      'memories',
      'memory_versions',
      'links',
      'evidence_refs',
      'journal',
      'contradictions',
      'rejections',
      'consolidation_runs',
      'meta',
    ]) {
      expect(names.has(table), table).toBe(true);
    }
  });

  it('0001_search_and_history adds full-text search, version triggers and the vec0 table', () => {
    const names = objectNames();
    for (const object of [
      'memories_fts',
      'memories_fts_insert',
      'memories_fts_update',
      'memories_fts_delete',
      'memories_version_insert',
      'memories_version_update',
      'memory_vectors',
    ]) {
      expect(names.has(object), object).toBe(true);
    }
  });

  it('0002_list_sorts adds the indexes behind the type and tier sorts and the as-of list order', () => {
    const names = objectNames();
    for (const index of ['memories_type_seq', 'memories_tier_seq', 'memory_versions_updated']) {
      expect(names.has(index), index).toBe(true);
    }
  });

  it('0003_search_secure_delete turns on FTS5 secure-delete, so deleted text leaves the index at once', () => {
    const store = openStore(':memory:');
    try {
      expect(store.db.prepare(`SELECT v FROM memories_fts_config WHERE k = 'secure-delete'`).get()).toEqual({ v: 1 });
    } finally {
      store.close();
    }
  });

  it('0004_consolidation_proposals adds proposals, consolidation marks and the run revert time', () => {
    const names = objectNames();
    for (const object of ['proposals', 'proposals_id', 'proposals_status', 'proposals_run', 'consolidation_marks']) {
      expect(names.has(object), object).toBe(true);
    }
    const store = openStore(':memory:');
    try {
      const columns = (store.db.prepare('PRAGMA table_info(consolidation_runs)').all() as { name: string }[]).map((c) => c.name);
      expect(columns).toContain('reverted_at');
    } finally {
      store.close();
    }
  });

  it('0005_memory_tallies counts the memories an older mind already holds, and keeps counting every write', () => {
    migratedFrom(
      5,
      (older) => {
        insertMemory(older, memoryRow({ id: 'nt_a', confidence: 0.8 }));
        insertMemory(older, memoryRow({ id: 'nt_b', confidence: 0.85 }));
        insertMemory(older, memoryRow({ id: 'bl_c', type: 'belief', confidence: 1, status: 'archived', reviewStatus: 'pending' }));
      },
      (store) => {
        const { recount: groupBy, tallied } = tallies(store);
        expect(tallied()).toEqual(groupBy());
        expect(tallied()).toContainEqual({ type: 'note', status: 'active', tier: 'hypothesis', review: '', bucket: 8, n: 2 });
        expect(tallied()).toContainEqual({ type: 'belief', status: 'archived', tier: 'inferred', review: 'pending', bucket: 9, n: 1 });
        // Every kind of write moves the counts with it: insert, a change of key, a change of nothing counted, delete.
        insertMemory(store.db, memoryRow({ id: 'ep_d', type: 'episode', confidence: 0.3 }));
        store.db.prepare(`UPDATE memories SET status = 'archived', confidence = 0.05 WHERE id = 'nt_a'`).run();
        store.db.prepare(`UPDATE memories SET review_status = 'approved' WHERE id = 'bl_c'`).run();
        store.db.prepare(`UPDATE memories SET content = 'b, reworded' WHERE id = 'nt_b'`).run();
        store.db.prepare(`DELETE FROM memories WHERE id = 'ep_d'`).run();
        expect(tallied()).toEqual(groupBy());
      },
    );
  });

  it('0006_run_owner gives runs their owner and heartbeat, and indexes the running ones', () => {
    const names = objectNames();
    expect(names.has('consolidation_runs_running')).toBe(true);
    const store = openStore(':memory:');
    try {
      const columns = (store.db.prepare('PRAGMA table_info(consolidation_runs)').all() as { name: string }[]).map((c) => c.name);
      expect(columns).toEqual(expect.arrayContaining(['owner_host', 'owner_pid', 'owner_start', 'heartbeat_at']));
      const plan = store.db.prepare(`EXPLAIN QUERY PLAN SELECT id FROM consolidation_runs WHERE status = 'running'`).all() as { detail: string }[];
      expect(plan.map((row) => row.detail).join(' ')).toContain('consolidation_runs_running');
    } finally {
      store.close();
    }
  });

  it('0007_belief_explanations adds the table where consolidation records why it drafted each belief', () => {
    const store = openStore(':memory:');
    try {
      const columns = (store.db.prepare('PRAGMA table_info(belief_explanations)').all() as { name: string; pk: number }[]).map((c) => [c.name, c.pk]);
      expect(columns).toEqual([
        ['memory_seq', 1],
        ['run_id', 0],
        ['created_at', 0],
        ['explanation', 0],
      ]);
      const references = store.db.prepare('PRAGMA foreign_key_list(belief_explanations)').all() as { table: string; from: string; to: string }[];
      expect(references.map((r) => [r.table, r.from, r.to])).toEqual([['memories', 'memory_seq', 'seq']]);
    } finally {
      store.close();
    }
  });

  it('0008_editing_and_undo groups journal rows and links by action, lets links be voided, rejections revoked, and indexes the review queue', () => {
    migratedFrom(
      8,
      (older) => {
        insertMemory(older, memoryRow({ id: 'bl_old', type: 'belief', reviewStatus: 'pending' }));
        older.prepare(`INSERT INTO journal (at, actor, op, memory_id) VALUES (1, 'user', 'create', 'bl_old')`).run();
      },
      (store) => {
        const columns = (table: string) => (store.db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
        expect(columns('journal')).toEqual(expect.arrayContaining(['action_id', 'memory_version']));
        expect(columns('links')).toEqual(expect.arrayContaining(['action_id', 'voided_at', 'voided_by']));
        expect(columns('rejections')).toContain('revoked_at');
        // A row from before undo keeps no action: it reads as an action of its own.
        expect(store.db.prepare(`SELECT action_id FROM journal WHERE memory_id = 'bl_old'`).get()).toEqual({ action_id: null });
        const plan = store.db
          .prepare(
            // INDEXED BY fails to prepare when the index cannot serve the query.
            `EXPLAIN QUERY PLAN SELECT seq FROM memories INDEXED BY memories_review_queue WHERE review_status = 'pending' AND status = 'active'
             ORDER BY (1 + event_evidence_count) * confidence DESC, created_at, seq LIMIT 10`,
          )
          .all() as { detail: string }[];
        expect(plan.map((p) => p.detail).join('\n')).not.toContain('TEMP B-TREE');
      },
    );
  });

  it('0009_memory_origins keeps one origin per imported memory, unique per (system, original id), and leaves older memories without one', () => {
    migratedFrom(
      9,
      (older) => {
        insertMemory(older, memoryRow({ id: 'bl_before', type: 'belief' }));
      },
      (store) => {
        const columns = (store.db.prepare('PRAGMA table_info(memory_origins)').all() as { name: string; pk: number }[]).map((c) => [c.name, c.pk]);
        expect(columns).toEqual([
          ['memory_seq', 1],
          ['system', 0],
          ['original_id', 0],
          ['container', 0],
          ['details', 0],
          ['imported_at', 0],
        ]);
        expect(store.db.prepare('SELECT count(*) AS n FROM memory_origins').get()).toEqual({ n: 0 });
        const seq = insertMemory(store.db, memoryRow({ id: 'bl_imported', type: 'belief' }));
        const other = insertMemory(store.db, memoryRow({ id: 'bl_other', type: 'belief' }));
        const add = store.db.prepare(`INSERT INTO memory_origins (memory_seq, system, original_id, container, imported_at) VALUES (?, 'kernle', ?, 'stack', 1)`);
        add.run(seq, 'uuid-1');
        expect(() => add.run(other, 'uuid-1')).toThrow(/UNIQUE/);
        expect(store.db.prepare('SELECT details FROM memory_origins WHERE memory_seq = ?').get(seq)).toEqual({ details: '{}' });
      },
    );
  });

  it('0010_diff_counts_index indexes the changes of an older mind by time, version and op, so the diff counts read the index alone', () => {
    migratedFrom(
      10,
      (older) => {
        const journal = older.prepare(`INSERT INTO journal (at, actor, op, memory_id, memory_version) VALUES (?, 'user', ?, 'nt_1', ?)`);
        journal.run(10, 'create', 1);
        journal.run(20, 'edit', 2);
        journal.run(30, 'access', null);
        journal.run(40, 'archive', 3);
      },
      (store) => {
        const columns = (store.db.prepare('PRAGMA index_info(journal_at_changes)').all() as { name: string }[]).map((c) => c.name);
        expect(columns).toEqual(['at', 'memory_version', 'op']);
        const { sql } = store.db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'journal_at_changes'`).get() as { sql: string };
        expect(sql).toMatch(/WHERE memory_version IS NOT NULL$/);
        expect(countDiff(store.db, 0, 100)).toMatchObject({ added: 1, changed: 1, archived: 1 });
        expect(countDiff(store.db, 15, 100)).toMatchObject({ added: 0, changed: 1, archived: 1 });
      },
    );
  });

  it('0011_contradiction_resolver records who settled a contradiction, and fills it in for those settled before from the journal', () => {
    migratedFrom(
      11,
      (older) => {
        const seqs = ['a', 'b', 'c', 'd'].map((id) => insertMemory(older, memoryRow({ id: `bl_${id}`, type: 'belief' })));
        const contradiction = older.prepare(`INSERT INTO contradictions (id, a_seq, b_seq, kind, detector, status, detected_at) VALUES (?, ?, ?, 'direct', 'rules', ?, 1)`);
        contradiction.run('ct_settled', seqs[0], seqs[1], 'resolved');
        contradiction.run('ct_reopened', seqs[2], seqs[3], 'open');
        contradiction.run('ct_unjournaled', seqs[0], seqs[3], 'resolved');
        const journal = older.prepare(`INSERT INTO journal (at, actor, op, memory_id, after) VALUES (?, ?, ?, 'bl_a', ?)`);
        journal.run(10, 'agent:ada', 'contradiction_resolved', JSON.stringify({ contradiction: 'ct_settled', status: 'resolved' }));
        journal.run(20, 'user', 'contradiction_reopened', JSON.stringify({ contradiction: 'ct_settled', status: 'open' }));
        journal.run(30, 'user', 'contradiction_resolved', JSON.stringify({ contradiction: 'ct_settled', status: 'resolved' }));
        journal.run(40, 'user', 'contradiction_resolved', JSON.stringify({ contradiction: 'ct_reopened', status: 'resolved' }));
        journal.run(50, 'user', 'contradiction_reopened', JSON.stringify({ contradiction: 'ct_reopened', status: 'open' }));
      },
      (store) => {
        const resolvers = store.db.prepare('SELECT id, resolved_by AS resolvedBy FROM contradictions ORDER BY id').all();
        expect(resolvers).toEqual([
          { id: 'ct_reopened', resolvedBy: null },
          { id: 'ct_settled', resolvedBy: 'user' },
          { id: 'ct_unjournaled', resolvedBy: null },
        ]);
      },
    );
  });

  it('0012_run_revert_action records which revert of a run stands, and fills it in for runs reverted before from the journal', () => {
    migratedFrom(
      12,
      (older) => {
        const run = older.prepare(`INSERT INTO consolidation_runs (id, trigger, provider, status, started_at, reverted_at) VALUES (?, 'manual', 'offline', 'completed', 1, ?)`);
        run.run('run_again', 90);
        run.run('run_undone', null);
        run.run('run_old_style', 50);
        const journal = older.prepare(`INSERT INTO journal (seq, at, actor, op, memory_id, after, action_id) VALUES (?, ?, 'user', ?, NULL, ?, ?)`);
        const mark = (run: string, at: number | null) => JSON.stringify({ run, revertedAt: at });
        // run_again: reverted, undone, reverted again; run_undone: reverted and undone.
        journal.run(10, 10, 'revert_run', mark('run_again', 10), 10);
        journal.run(11, 20, 'undo', mark('run_again', null), 11);
        journal.run(12, 30, 'revert_run', mark('run_undone', 30), 12);
        journal.run(13, 40, 'undo', mark('run_undone', null), 13);
        journal.run(14, 90, 'revert_run', mark('run_again', 90), 14);
      },
      (store) => {
        const actions = store.db.prepare('SELECT id, revert_action AS revertAction FROM consolidation_runs ORDER BY id').all();
        expect(actions).toEqual([
          { id: 'run_again', revertAction: 14 },
          { id: 'run_old_style', revertAction: null },
          { id: 'run_undone', revertAction: null },
        ]);
      },
    );
  });

  it('0013_search_prefix_index rebuilds the full-text index with 2-, 3- and 4-character prefix indexes, keeping its rows, secure-delete and triggers', () => {
    migratedFrom(
      13,
      (older) => {
        insertMemory(older, memoryRow({ id: 'nt_deploy', content: 'Deploying the billing service on Friday' }));
        insertMemory(older, memoryRow({ id: 'nt_tea', content: 'Tea is brewed at 80 degrees' }));
      },
      (store) => {
        const { sql } = store.db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'memories_fts'`).get() as { sql: string };
        expect(sql).toMatch(/prefix = '2 3 4'/);
        expect(store.db.prepare(`SELECT v FROM memories_fts_config WHERE k = 'secure-delete'`).get()).toEqual({ v: 1 });
        const matches = (expression: string) =>
          (store.db.prepare(`SELECT m.id FROM memories_fts f JOIN memories m ON m.seq = f.rowid WHERE memories_fts MATCH ? ORDER BY m.id`).all(expression) as { id: string }[]).map((r) => r.id);
        expect(matches('"de"*')).toEqual(['nt_deploy', 'nt_tea']);
        expect(matches('"depl"*')).toEqual(['nt_deploy']);
        expect(matches('"brewed"')).toEqual(['nt_tea']);
        // The triggers on memories still feed the rebuilt index.
        insertMemory(store.db, memoryRow({ id: 'nt_later', content: 'Deployment freeze in December' }));
        expect(matches('"depl"*')).toEqual(['nt_deploy', 'nt_later']);
        expect(store.db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name = 'memories_fts_rebuild'`).get()).toEqual({ n: 0 });
      },
    );
  });

  it('0014_recall_context places the turns of an older mind in their conversations and indexes each with its speaker, date and neighbours', () => {
    const may8 = Date.UTC(2023, 4, 8, 13, 56);
    const turn = (id: string, conversation: string, role: string, content: string, at: number) =>
      memoryRow({ id, type: 'raw', content, fields: { source: { conversationId: conversation, turnId: id, role } }, createdAt: at, updatedAt: at });
    migratedFrom(
      14,
      (older) => {
        insertMemory(older, turn('raw_a', 'c1', 'Caroline', 'What did you paint last week?', may8));
        insertMemory(older, turn('raw_b', 'c1', 'Melanie', 'A sunset over the lake', may8 + 30_000));
        insertMemory(older, turn('raw_other', 'c2', 'Omar', 'Lisbon was sunny', may8));
        insertMemory(older, memoryRow({ id: 'nt_plain', content: 'not a turn' }));
      },
      (store) => {
        const turns = store.db.prepare('SELECT seq, conversation, speaker FROM memory_turns ORDER BY seq').all();
        expect(turns).toEqual([
          { seq: 1, conversation: 'c1', speaker: 'Caroline' },
          { seq: 2, conversation: 'c1', speaker: 'Melanie' },
          { seq: 3, conversation: 'c2', speaker: 'Omar' },
        ]);
        const inContext = (words: string) =>
          (store.db.prepare('SELECT rowid FROM memory_turns_fts WHERE memory_turns_fts MATCH ? ORDER BY rowid').all(`context : (${words})`) as { rowid: number }[]).map((r) => r.rowid);
        expect(inContext('paint')).toEqual([2]); // the question before Melanie's answer
        expect(inContext('sunset')).toEqual([1]); // and the answer after Caroline's question
        expect(inContext('Melanie')).toEqual([1, 2]); // her own turn, and the one beside it
        expect(inContext('"8 May 2023" AND Monday')).toEqual([1, 2, 3]);
        expect(inContext('Lisbon')).toEqual([]); // another conversation is no neighbour
        const view = store.db.prepare('SELECT context FROM memory_turn_context WHERE seq = 3').get() as { context: string };
        expect(view.context).toBe('Omar 8 May 2023 Monday  ');
      },
    );
  });

  it('0015_code_refs_and_linked_sources adds code repositories, linked sources, and anchors on evidence references (old ones unanchored, still counting)', () => {
    migratedFrom(
      15,
      (older) => {
        older.prepare('INSERT INTO memories (seq, id, type, content, source_type, confidence, created_at, updated_at, code_ref_count) VALUES (1, ?, ?, ?, ?, 0.8, 1, 1, 1)').run('bl_old', 'belief', 'pool caps at 10', 'direct_experience');
        older.prepare(`INSERT INTO evidence_refs (memory_seq, kind, ref, created_at) VALUES (1, 'code', 'src/db/pool.ts:18', 1)`).run();
      },
      (store) => {
        expect(store.db.prepare('SELECT ref, verified_commit AS commitId, state FROM evidence_refs').all()).toEqual([{ ref: 'src/db/pool.ts:18', commitId: null, state: null }]);
        expect(store.db.prepare('SELECT count(*) AS n FROM code_repos').get()).toEqual({ n: 0 });
        expect(store.db.prepare('SELECT count(*) AS n FROM linked_sources').get()).toEqual({ n: 0 });
      },
    );
  });

  it('0016_tier_grounded_unless_rejected grounds a pending memory with verified code, never a rejected one, and counts the tallies again', () => {
    const verifiedCode = { codeRefCount: 1, lastVerifiedAt: 5_000 };
    migratedFrom(
      16,
      (older) => {
        insertMemory(older, memoryRow({ id: 'bl_pending', type: 'belief', reviewStatus: 'pending', ...verifiedCode }));
        insertMemory(older, memoryRow({ id: 'bl_rejected', type: 'belief', reviewStatus: 'rejected', status: 'archived', ...verifiedCode }));
        insertMemory(older, memoryRow({ id: 'nt_direct', ...verifiedCode }));
        insertMemory(older, memoryRow({ id: 'nt_approved', reviewStatus: 'approved', ...verifiedCode }));
        insertMemory(older, memoryRow({ id: 'nt_unverified', reviewStatus: 'pending', codeRefCount: 2 }));
        const before = older.prepare(`SELECT tier FROM memories WHERE id = 'bl_pending'`).get();
        expect(before).toEqual({ tier: 'inferred' });
      },
      (store) => {
        const tiers = () => Object.fromEntries((store.db.prepare('SELECT id, tier FROM memories ORDER BY id').all() as { id: string; tier: string }[]).map((r) => [r.id, r.tier]));
        expect(tiers()).toEqual({ bl_pending: 'grounded', bl_rejected: 'hypothesis', nt_direct: 'grounded', nt_approved: 'grounded', nt_unverified: 'inferred' });
        // The versions' generated column follows the same rule, so the mind as of any time reads alike.
        expect(store.db.prepare(`SELECT tier FROM memory_versions WHERE id = 'bl_pending'`).all()).toEqual([{ tier: 'grounded' }]);
        const { recount, tallied } = tallies(store);
        expect(tallied()).toEqual(recount());
        expect(tallied()).toContainEqual({ type: 'belief', status: 'active', tier: 'grounded', review: 'pending', bucket: 8, n: 1 });
        // The triggers and the tier indexes are back: a rejection moves the count, and the index answers.
        store.db.prepare(`UPDATE memories SET review_status = 'rejected' WHERE id = 'bl_pending'`).run();
        store.db.prepare(`UPDATE memories SET last_verified_at = 6000 WHERE id = 'nt_unverified'`).run();
        expect(tallied()).toEqual(recount());
        const plan = store.db.prepare(`EXPLAIN QUERY PLAN SELECT seq FROM memories WHERE tier = 'grounded' ORDER BY updated_at`).all() as { detail: string }[];
        expect(plan.map((p) => p.detail).join(' ')).toContain('memories_tier');
        expect(store.db.prepare(`SELECT id FROM memories WHERE tier = 'grounded' ORDER BY id`).all()).toEqual([{ id: 'nt_approved' }, { id: 'nt_direct' }, { id: 'nt_unverified' }]);
      },
    );
  });

  it('0017_belief_search indexes the active beliefs of an older mind alone, and its triggers follow them as they change', () => {
    migratedFrom(
      17,
      (older) => {
        insertMemory(older, memoryRow({ id: 'bl_pool', type: 'belief', content: 'The pool caps at ten connections', fields: { subject: 'database' } }));
        insertMemory(older, memoryRow({ id: 'bl_old', type: 'belief', content: 'The pool caps at five connections', status: 'superseded' }));
        insertMemory(older, memoryRow({ id: 'ep_pool', type: 'episode', content: 'Raised the pool size' }));
      },
      (store) => {
        const matches = (expression: string) =>
          (store.db.prepare(`SELECT m.id FROM belief_fts f JOIN memories m ON m.seq = f.rowid WHERE belief_fts MATCH ? ORDER BY m.id`).all(expression) as { id: string }[]).map((r) => r.id);
        expect(matches('"pool"')).toEqual(['bl_pool']);
        expect(matches('"database"')).toEqual(['bl_pool']); // its fields' text, as the main index holds it
        insertMemory(store.db, memoryRow({ id: 'bl_tabs', type: 'belief', content: 'Tabs beat spaces in the pool scripts' }));
        insertMemory(store.db, memoryRow({ id: 'nt_pool', content: 'pool notes' }));
        expect(matches('"pool"')).toEqual(['bl_pool', 'bl_tabs']);
        const seqOf = (id: string) => (store.db.prepare('SELECT seq FROM memories WHERE id = ?').get(id) as { seq: number }).seq;
        updateMemory(store.db, seqOf('bl_tabs'), { content: 'Tabs beat spaces in scripts' });
        expect(matches('"pool"')).toEqual(['bl_pool']);
        expect(matches('"scripts"')).toEqual(['bl_tabs']);
        updateMemory(store.db, seqOf('bl_pool'), { status: 'archived' });
        expect(matches('"pool"')).toEqual([]);
        updateMemory(store.db, seqOf('bl_old'), { status: 'active' });
        expect(matches('"pool"')).toEqual(['bl_old']);
        store.db.prepare('DELETE FROM memories WHERE id = ?').run('bl_old');
        expect(matches('"pool" OR "scripts"')).toEqual(['bl_tabs']);
      },
    );
  });

  it('0018_imports_in_progress adds the marks of imports under way, none on an older mind', () => {
    migratedFrom(
      18,
      (older) => {
        older.prepare('INSERT INTO memories (seq, id, type, content, source_type, confidence, created_at, updated_at) VALUES (1, ?, ?, ?, ?, 0.8, 1, 1)').run('nt_old', 'note', 'kept', 'direct_experience');
      },
      (store) => {
        expect(store.db.prepare('SELECT count(*) AS n FROM imports_in_progress').get()).toEqual({ n: 0 });
        expect(store.db.prepare('SELECT id FROM memories').all()).toEqual([{ id: 'nt_old' }]);
      },
    );
  });

  it('replayed on an empty database, match the committed schema snapshot', async () => {
    await expect(schemaOf()).toMatchFileSnapshot('./__snapshots__/schema.sql');
  });
});
