/**
 * The mind's tables (docs/ARCHITECTURE.md §3). drizzle-kit generates the SQL migrations from this file;
 * FTS5, vec0 and triggers are hand-written custom migrations beside them.
 *
 * Times are INTEGER epoch milliseconds. Memories carry an INTEGER `seq` key (the rowid FTS5 and
 * vec0 key on, and what links point at) and a public TEXT `id` with its type prefix.
 */
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { TIER_SQL } from '../../shared/rules/tiers';

/** The tier rule of shared/rules/tiers, computed by the database so lists can filter on it. */
const TIER_CASE = sql.raw(TIER_SQL);

/** Columns shared by the live row and every snapshot of it in `memory_versions`. */
const memoryColumns = () => ({
  type: text('type').notNull(),
  content: text('content').notNull(),
  fields: text('fields').notNull().default('{}'),
  sourceType: text('source_type').notNull(),
  sourceEntity: text('source_entity'),
  confidence: real('confidence').notNull(),
  alpha: real('alpha'),
  beta: real('beta'),
  timesReinforced: integer('times_reinforced').notNull().default(0),
  verificationCount: integer('verification_count').notNull().default(0),
  lastVerifiedAt: integer('last_verified_at'),
  lastReinforcedAt: integer('last_reinforced_at'),
  reviewStatus: text('review_status'),
  status: text('status').notNull().default('active'),
  protected: integer('protected').notNull().default(0),
  scope: text('scope').notNull().default('global'),
  project: text('project'),
  stability: real('stability').notNull().default(1),
  accessCount: integer('access_count').notNull().default(0),
  lastAccessedAt: integer('last_accessed_at'),
  codeRefCount: integer('code_ref_count').notNull().default(0),
  eventEvidenceCount: integer('event_evidence_count').notNull().default(0),
  supersededBy: text('superseded_by'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
  version: integer('version').notNull().default(1),
  tier: text('tier').generatedAlwaysAs(TIER_CASE, { mode: 'virtual' }),
});

export const memories = sqliteTable(
  'memories',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull(),
    ...memoryColumns(),
  },
  (t) => [
    uniqueIndex('memories_id').on(t.id),
    index('memories_updated').on(t.updatedAt),
    index('memories_created').on(t.createdAt),
    index('memories_confidence').on(t.confidence),
    index('memories_type_updated').on(t.type, t.updatedAt),
    index('memories_status_updated').on(t.status, t.updatedAt),
    index('memories_status_confidence').on(t.status, t.confidence),
    index('memories_review').on(t.reviewStatus, t.updatedAt),
    index('memories_source').on(t.sourceType, t.updatedAt),
    index('memories_tier').on(t.tier, t.updatedAt),
    // Single-column indexes carry seq (the rowid) as their tail: the keyset order of the type and tier sorts.
    index('memories_type_seq').on(t.type),
    index('memories_tier_seq').on(t.tier),
    index('memories_scope').on(t.scope, t.updatedAt),
    // The review queue's order (mind/review-queue.ts): priority = (1 + evidence) × confidence, then oldest first.
    index('memories_review_queue')
      .on(sql`(1 + ${t.eventEvidenceCount}) * ${t.confidence} DESC`, t.createdAt, t.seq)
      .where(sql`${t.reviewStatus} = 'pending' AND ${t.status} = 'active'`),
  ],
);

/**
 * Every state a memory has been in, with its validity interval [valid_from, valid_to). Written by
 * triggers in the same transaction as the change, so "the mind as of T" is one indexed query.
 */
export const memoryVersions = sqliteTable(
  'memory_versions',
  {
    versionSeq: integer('version_seq').primaryKey({ autoIncrement: true }),
    seq: integer('seq').notNull(),
    id: text('id').notNull(),
    validFrom: integer('valid_from').notNull(),
    validTo: integer('valid_to'),
    ...memoryColumns(),
  },
  (t) => [
    index('memory_versions_seq').on(t.seq, t.validFrom),
    index('memory_versions_open').on(t.seq).where(sql`valid_to IS NULL`),
    // Lists as of a past instant default to "most recently changed then": a version's updated_at is its valid_from.
    index('memory_versions_updated').on(t.updatedAt, t.seq),
  ],
);

/** Write-once relations between memories; `from` stands on `to`. */
export const links = sqliteTable(
  'links',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    fromSeq: integer('from_seq')
      .notNull()
      .references(() => memories.seq),
    toSeq: integer('to_seq')
      .notNull()
      .references(() => memories.seq),
    kind: text('kind').notNull(),
    createdAt: integer('created_at').notNull(),
    /** The action (journal/actions) that made the link: undoing the action voids it. */
    actionId: integer('action_id'),
    /** A voided link no longer counts (its action was undone); the row stays, write-once. */
    voidedAt: integer('voided_at'),
    /** The undo action that voided it: undoing that undo revives it. */
    voidedBy: integer('voided_by'),
  },
  (t) => [
    uniqueIndex('links_from').on(t.fromSeq, t.kind, t.toSeq),
    index('links_to').on(t.toSeq, t.kind, t.fromSeq),
    index('links_action').on(t.actionId).where(sql`action_id IS NOT NULL`),
  ],
);

export const evidenceRefs = sqliteTable(
  'evidence_refs',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    memorySeq: integer('memory_seq')
      .notNull()
      .references(() => memories.seq),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    note: text('note'),
    createdAt: integer('created_at').notNull(),
    /**
     * A code or file reference anchored in a named repository (code_repos) when it was verified: the
     * commit and a hash of the lines it points at. Null for references never anchored (no repository
     * holds the file, or kinds that are not code), which count as they always did.
     */
    repoSeq: integer('repo_seq'),
    verifiedCommit: text('verified_commit'),
    linesHash: text('lines_hash'),
    /** `current`, `renamed` (same lines at `current_path`), `changed` or `gone`: the last two no longer ground the memory. */
    state: text('state'),
    /** The file's path at the repository's HEAD when it was renamed since it was verified. */
    currentPath: text('current_path'),
    /** Why the state is what it is ("src/db/pool.ts:18 changed since it was verified at 3f2a1c0"). */
    stateReason: text('state_reason'),
  },
  (t) => [
    uniqueIndex('evidence_refs_memory').on(t.memorySeq, t.kind, t.ref),
    // The Overview's "code changed" and the memory pages' badges read only the stale ones.
    index('evidence_refs_stale').on(t.state).where(sql`state IN ('changed', 'gone')`),
  ],
);

/** The code repositories a mind speaks about: code and file references are anchored in them and checked against their HEAD. */
export const codeRepos = sqliteTable(
  'code_repos',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    /** The repository's top folder, absolute. */
    path: text('path').notNull(),
    addedAt: integer('added_at').notNull(),
    /** The HEAD commit at the last check, so a poll knows when HEAD moved. */
    checkedHead: text('checked_head'),
    checkedAt: integer('checked_at'),
  },
  (t) => [uniqueIndex('code_repos_path').on(t.path)],
);

/**
 * Linked sources (`import kernle PATH --follow`): a foreign store the mind keeps importing from.
 * `cursor` is the importer's own mark of what it has read (opaque JSON), written in the same
 * transaction as what it brought, so a follower killed at any instant resumes without a gap or a double.
 */
export const linkedSources = sqliteTable(
  'linked_sources',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    system: text('system').notNull(),
    path: text('path').notNull(),
    /** Kernle: the one stack followed (null: every stack). */
    container: text('container'),
    cursor: text('cursor').notNull().default('{}'),
    createdAt: integer('created_at').notNull(),
    lastSyncedAt: integer('last_synced_at'),
    /** What the last sync that brought anything brought (JSON: counts), for Settings → Linked sources. */
    lastChange: text('last_change'),
    lastChangeAt: integer('last_change_at'),
    /** Totals since the source was linked (JSON: added, updated, kept). */
    totals: text('totals').notNull().default('{}'),
    lastError: text('last_error'),
  },
  (t) => [uniqueIndex('linked_sources_path').on(t.system, t.path)],
);

/** Append-only log of every change: who, what, before/after, confidence before/after, why. */
export const journal = sqliteTable(
  'journal',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    at: integer('at').notNull(),
    actor: text('actor').notNull(),
    op: text('op').notNull(),
    memoryId: text('memory_id'),
    runId: text('run_id'),
    before: text('before'),
    after: text('after'),
    confidenceBefore: real('confidence_before'),
    confidenceAfter: real('confidence_after'),
    reason: text('reason'),
    evidence: text('evidence'),
    /**
     * The action the row belongs to: every row one transaction writes shares it (the seq of its
     * first row), so a multi-memory change undoes as one unit. Null on rows from before undo.
     */
    actionId: integer('action_id'),
    /** The memory's version after this row's change (null when the row changed no memory). */
    memoryVersion: integer('memory_version'),
  },
  (t) => [
    index('journal_memory').on(t.memoryId, t.seq),
    index('journal_action').on(t.actionId).where(sql`action_id IS NOT NULL`),
    index('journal_run').on(t.runId).where(sql`run_id IS NOT NULL`),
    index('journal_at').on(t.at),
    // The mind diff counts a window's changes from this alone (at, version and op are all a category needs), never
    // reading the rows: a month of a large mind is hundreds of thousands of them.
    index('journal_at_changes').on(t.at, t.memoryVersion, t.op).where(sql`memory_version IS NOT NULL`),
  ],
);

export const contradictions = sqliteTable(
  'contradictions',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull(),
    aSeq: integer('a_seq')
      .notNull()
      .references(() => memories.seq),
    bSeq: integer('b_seq')
      .notNull()
      .references(() => memories.seq),
    kind: text('kind').notNull(),
    detector: text('detector').notNull(),
    status: text('status').notNull().default('open'),
    resolution: text('resolution'),
    note: text('note'),
    detectedAt: integer('detected_at').notNull(),
    resolvedAt: integer('resolved_at'),
    /** Who settled it (`user`, `agent:NAME`, a run's scheduler): the workbench says whose decision stands. */
    resolvedBy: text('resolved_by'),
  },
  (t) => [
    uniqueIndex('contradictions_id').on(t.id),
    uniqueIndex('contradictions_pair').on(t.aSeq, t.bSeq),
    index('contradictions_b').on(t.bSeq),
    index('contradictions_status').on(t.status),
  ],
);

/** Never-learn-again fingerprints: consolidation drops candidates that match one. */
export const rejections = sqliteTable(
  'rejections',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    fingerprint: text('fingerprint').notNull(),
    text: text('text').notNull(),
    memoryId: text('memory_id'),
    reason: text('reason').notNull(),
    createdAt: integer('created_at').notNull(),
    /** A revoked rejection no longer stops consolidation; the row stays (its revoke can be undone). */
    revokedAt: integer('revoked_at'),
  },
  (t) => [index('rejections_fingerprint').on(t.fingerprint)],
);

export const consolidationRuns = sqliteTable(
  'consolidation_runs',
  {
    id: text('id').primaryKey(),
    trigger: text('trigger').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    startedAt: integer('started_at').notNull(),
    finishedAt: integer('finished_at'),
    budgetUsed: text('budget_used').notNull().default('{}'),
    stats: text('stats').notNull().default('{}'),
    error: text('error'),
    /** Set while the run stands reverted (an undone revert clears it, and the run may be reverted again). */
    revertedAt: integer('reverted_at'),
    /**
     * The action (store/actions.ts) of the revert that stands: which memories it took back and which
     * it left as they were is read from that action's rows. Null while not reverted, and for a
     * revert made before reverts were actions.
     */
    revertAction: integer('revert_action'),
    /**
     * The run's lease: the process that runs it (host name, pid, and the process's start time as
     * the OS reports it, so a reused pid is not mistaken for the owner) and its last sign of life.
     * A `running` row whose owner is gone was interrupted (src-main/mind/interrupted-runs.ts).
     */
    ownerHost: text('owner_host'),
    ownerPid: integer('owner_pid'),
    ownerStart: text('owner_start'),
    heartbeatAt: integer('heartbeat_at'),
  },
  (t) => [
    index('consolidation_runs_started').on(t.startedAt),
    index('consolidation_runs_running').on(t.status).where(sql`status = 'running'`),
  ],
);

/**
 * What consolidation proposes instead of doing (revise, split, merge, archive): applied only when
 * a person approves it, or at once when auto-apply is on. `targets` and `target_versions` name
 * the beliefs as the proposal saw them; `payload` is exactly what applying it would write.
 */
export const proposals = sqliteTable(
  'proposals',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull(),
    runId: text('run_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    targets: text('targets').notNull(),
    targetVersions: text('target_versions').notNull(),
    payload: text('payload').notNull(),
    reason: text('reason').notNull(),
    createdAt: integer('created_at').notNull(),
    decidedAt: integer('decided_at'),
    decidedBy: text('decided_by'),
    decisionNote: text('decision_note'),
  },
  (t) => [
    uniqueIndex('proposals_id').on(t.id),
    index('proposals_status').on(t.status, t.createdAt),
    index('proposals_run').on(t.runId),
  ],
);

/**
 * Episodes (and raw captures) a consolidation run has handled past the checkpoint: a run that
 * stops on its budget keeps what it finished, and the next run skips those. Cluster marks at or
 * below the checkpoint are compacted away; triage marks stay (a skipped capture is not re-triaged);
 * `unclustered` marks stay while their episode is inside consolidation's look-back window.
 */
export const consolidationMarks = sqliteTable('consolidation_marks', {
  seq: integer('seq').primaryKey(),
  stage: text('stage').notNull(),
  runId: text('run_id').notNull(),
});

/**
 * Why consolidation drafted a belief, recorded with it (consolidation/explanation.ts): the
 * cluster's episodes with their similarity to its centroid, the words they share, the threshold
 * used. One row per belief a run created; forgetting the belief deletes it.
 */
export const beliefExplanations = sqliteTable('belief_explanations', {
  memorySeq: integer('memory_seq')
    .primaryKey()
    .references(() => memories.seq),
  runId: text('run_id').notNull(),
  createdAt: integer('created_at').notNull(),
  explanation: text('explanation').notNull(),
});

export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Where an imported memory came from: the system that held it, its id there, and the container
 * it sat in (a Kernle stack, a JSONL file). One origin per (system, original id), so importing the
 * same source again finds what it brought before, and `show kernle:UUID` reaches the memory.
 */
export const memoryOrigins = sqliteTable(
  'memory_origins',
  {
    memorySeq: integer('memory_seq')
      .primaryKey()
      .references(() => memories.seq),
    system: text('system').notNull(),
    originalId: text('original_id').notNull(),
    container: text('container'),
    /** What the source record held that Mindloom has no field for (JSON object: tags, scope, annotations). */
    details: text('details').notNull().default('{}'),
    importedAt: integer('imported_at').notNull(),
  },
  (t) => [uniqueIndex('memory_origins_original').on(t.system, t.originalId)],
);
