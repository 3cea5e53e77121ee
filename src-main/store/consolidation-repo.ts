/**
 * What the consolidation pipeline reads: episodes past the checkpoint, raw captures to triage,
 * active beliefs and the evidence each has gathered, and the marks that record handled items.
 */
import type { Db } from './connection';
import { type MemoryRecord, type MemoryRow, toRecord } from './memory-record';
import { stmt } from './statements';

/**
 * `cluster`: the episode was handled in a cluster; `unclustered`: a run looked at it and it joined
 * no cluster (later runs look back at it, see consolidation/lookback.ts); `triage`: a raw capture
 * triage has seen.
 */
export type MarkStage = 'cluster' | 'unclustered' | 'triage';

/** Marks the items; an `unclustered` mark gives way to a later stage (the episode found its cluster). */
export function insertMarks(db: Db, seqs: readonly number[], stage: MarkStage, runId: string): void {
  const insert = stmt(
    db,
    `INSERT INTO consolidation_marks (seq, stage, run_id) VALUES (?, ?, ?)
     ON CONFLICT (seq) DO UPDATE SET stage = excluded.stage, run_id = excluded.run_id
     WHERE consolidation_marks.stage = 'unclustered' AND excluded.stage != 'unclustered'`,
  );
  for (const seq of seqs) insert.run(seq, stage, runId);
}

/**
 * Cluster marks at or below the checkpoint say nothing the checkpoint does not; unclustered marks
 * there are kept while their episode is active and inside the look-back window (created at or
 * after `lookBackFrom`).
 */
export function compactClusterMarks(db: Db, checkpointSeq: number, lookBackFrom: number): void {
  stmt(db, `DELETE FROM consolidation_marks WHERE stage = 'cluster' AND seq <= ?`).run(checkpointSeq);
  stmt(
    db,
    `DELETE FROM consolidation_marks WHERE stage = 'unclustered' AND seq <= ? AND seq IN
       (SELECT seq FROM memories WHERE status != 'active' OR created_at < ?)`,
  ).run(checkpointSeq, lookBackFrom);
}

/** Active episodes a run left unclustered, created at or after `from`: the newest `limit`, oldest first. */
export function unclusteredEpisodes(db: Db, from: number, limit: number): MemoryRecord[] {
  const rows = stmt(
    db,
    `SELECT m.* FROM consolidation_marks k JOIN memories m ON m.seq = k.seq
     WHERE k.stage = 'unclustered' AND m.type = 'episode' AND m.status = 'active' AND m.created_at >= ?
     ORDER BY m.seq DESC LIMIT ?`,
  ).all(from, limit) as MemoryRow[];
  return rows.reverse().map(toRecord);
}

const PENDING_EPISODES = `FROM memories m WHERE m.type = 'episode' AND m.status = 'active' AND m.seq > ?
  AND NOT EXISTS (SELECT 1 FROM consolidation_marks k WHERE k.seq = m.seq)`;

/** Active episodes after the checkpoint that no run has handled yet, oldest first. */
export function pendingEpisodes(db: Db, checkpointSeq: number, limit: number): MemoryRecord[] {
  return (stmt(db, `SELECT m.* ${PENDING_EPISODES} ORDER BY m.seq LIMIT ?`).all(checkpointSeq, limit) as MemoryRow[]).map(toRecord);
}

/** Pending episodes, counted up to `cap` (the walk stops there, in seq order along its index). */
export function countPendingEpisodes(db: Db, checkpointSeq: number, cap: number): number {
  return (stmt(db, `SELECT count(*) AS n FROM (SELECT 1 ${PENDING_EPISODES} LIMIT ?)`).get(checkpointSeq, cap) as { n: number }).n;
}

/** The lowest pending episode seq, or null when every episode past the checkpoint is handled. */
export function lowestPendingEpisodeSeq(db: Db, checkpointSeq: number): number | null {
  const row = stmt(db, `SELECT min(m.seq) AS seq ${PENDING_EPISODES}`).get(checkpointSeq) as { seq: number | null };
  return row.seq;
}

export function maxMemorySeqOf(db: Db): number {
  return (stmt(db, 'SELECT coalesce(max(seq), 0) AS seq FROM memories').get() as { seq: number }).seq;
}

/** The mind's latest active episodes before `beforeSeq`, newest first. */
export function recentEpisodes(db: Db, beforeSeq: number, limit: number): MemoryRecord[] {
  return (
    stmt(db, `SELECT * FROM memories WHERE type = 'episode' AND status = 'active' AND seq < ? ORDER BY seq DESC LIMIT ?`).all(beforeSeq, limit) as MemoryRow[]
  ).map(toRecord);
}

/** Raw captures nobody has processed, and that triage has not looked at yet, oldest first. */
export function untriagedRaws(db: Db, limit: number): MemoryRecord[] {
  return (
    stmt(
      db,
      `SELECT m.* FROM memories m WHERE m.type = 'raw' AND m.status = 'active'
       AND NOT EXISTS (SELECT 1 FROM consolidation_marks k WHERE k.seq = m.seq) ORDER BY m.seq LIMIT ?`,
    ).all(limit) as MemoryRow[]
  ).map(toRecord);
}

export function activeBeliefs(db: Db): MemoryRecord[] {
  return (stmt(db, `SELECT * FROM memories WHERE type = 'belief' AND status = 'active' ORDER BY seq`).all() as MemoryRow[]).map(
    toRecord,
  );
}

/**
 * The supporting episodes of the active beliefs (the latest `perBelief` of each, at most `limit`
 * in all, newest beliefs first): what each belief is about, in its episodes' words.
 */
export function evidenceEpisodesOfActiveBeliefs(db: Db, perBelief: number, limit: number): { beliefSeq: number; episode: MemoryRecord }[] {
  const rows = stmt(
    db,
    `SELECT belief_seq, m.* FROM (
       SELECT l.from_seq AS belief_seq, l.to_seq AS episode_seq,
              row_number() OVER (PARTITION BY l.from_seq ORDER BY l.seq DESC) AS rank
       FROM links l JOIN memories b ON b.seq = l.from_seq
       WHERE l.kind = 'evidence' AND b.type = 'belief' AND b.status = 'active'
     ) e JOIN memories m ON m.seq = e.episode_seq
     WHERE e.rank <= ? AND m.type = 'episode' AND m.status != 'forgotten'
     ORDER BY belief_seq DESC, m.seq LIMIT ?`,
  ).all(perBelief, limit) as (MemoryRow & { belief_seq: number })[];
  return rows.map((row) => ({ beliefSeq: row.belief_seq, episode: toRecord(row) }));
}

/** A belief's evidence as the gates read it. */
export interface BeliefEvidenceRow {
  supporting: string[];
  counter: string[];
  /** Episodes classified PARTIAL (journal rows `partial_evidence` not taken back by a revert of their run that stands). */
  partial: string[];
  /** The last `recent` verdicts against the belief, newest first: `counter_evidence` or `partial_evidence`. */
  recentAgainst: string[];
  /** Highest confidence the belief has ever held. */
  peakConfidence: number;
}

export function beliefEvidence(db: Db, seq: number, id: string, recent: number): BeliefEvidenceRow {
  const linked = (kind: string) =>
    (
      stmt(
        db,
        `SELECT e.id FROM links l JOIN memories e ON e.seq = l.to_seq
         WHERE l.from_seq = ? AND l.kind = ? AND l.voided_at IS NULL AND e.status != 'forgotten' ORDER BY l.seq`,
      ).all(seq, kind) as { id: string }[]
    ).map((r) => r.id);
  // A verdict no longer counts while the revert that stands for its run took it back: undoing the
  // revert counts it again, and so does a later revert that left this memory as it was. (A revert
  // from before reverts were actions has no action on record; any revert row naming it is that one.)
  const against = stmt(
    db,
    `SELECT j.op, j.evidence FROM journal j WHERE j.memory_id = ? AND j.op IN ('counter_evidence', 'partial_evidence')
     AND NOT EXISTS (SELECT 1 FROM consolidation_runs c JOIN journal r ON r.memory_id = j.memory_id AND r.op = 'revert'
                     WHERE c.id = j.run_id AND c.reverted_at IS NOT NULL
                       AND (c.revert_action IS NULL OR coalesce(r.action_id, r.seq) = c.revert_action)
                       AND j.seq IN (SELECT value FROM json_each(r.after, '$.reverts')))
     ORDER BY j.seq DESC`,
  ).all(id) as { op: string; evidence: string | null }[];
  const peak = stmt(db, 'SELECT max(confidence_after) AS peak FROM journal WHERE memory_id = ?').get(id) as { peak: number | null };
  // A verdict row names one episode or a list of them; each episode is one verdict.
  const verdicts = against.flatMap((row) => {
    const evidence: unknown = row.evidence === null ? null : JSON.parse(row.evidence);
    return (Array.isArray(evidence) ? evidence : [evidence]).map((episode) => ({ op: row.op, episode }));
  });
  return {
    supporting: linked('evidence'),
    counter: linked('counter_evidence'),
    partial: verdicts.filter((v) => v.op === 'partial_evidence' && typeof v.episode === 'string').map((v) => v.episode as string),
    recentAgainst: verdicts.slice(0, recent).map((v) => v.op),
    peakConfidence: peak.peak ?? 0,
  };
}

/**
 * Active, unprotected beliefs that may meet the archive gate: confidence below `below`, or not
 * reinforced since `staleBefore` (never reinforced counts from creation) with fewer than
 * `minEvidence` supporting and contradicting episodes.
 */
export function archiveCandidates(db: Db, below: number, staleBefore: number, minEvidence: number): MemoryRecord[] {
  return (
    stmt(
      db,
      `SELECT m.* FROM memories m WHERE m.type = 'belief' AND m.status = 'active' AND m.protected = 0 AND (
         m.confidence < ? OR (coalesce(m.last_reinforced_at, m.created_at) < ?
           AND (SELECT count(*) FROM links l WHERE l.from_seq = m.seq AND l.kind IN ('evidence', 'counter_evidence') AND l.voided_at IS NULL) < ?))
       ORDER BY m.seq`,
    ).all(below, staleBefore, minEvidence) as MemoryRow[]
  ).map(toRecord);
}

/** Active beliefs the merge gate may pair: confident enough and not changed since `updatedBefore`. */
export function mergeEligibleBeliefs(db: Db, minConfidence: number, updatedBefore: number): MemoryRecord[] {
  return (
    stmt(
      db,
      `SELECT * FROM memories WHERE type = 'belief' AND status = 'active' AND confidence > ? AND updated_at < ? ORDER BY seq`,
    ).all(minConfidence, updatedBefore) as MemoryRow[]
  ).map(toRecord);
}

/** Rejected statements still in force (forgotten ones keep only their fingerprint; revoked ones no longer count). */
export function rejectedStatements(db: Db): { fingerprint: string; text: string }[] {
  return stmt(db, 'SELECT fingerprint, text FROM rejections WHERE revoked_at IS NULL ORDER BY seq').all() as {
    fingerprint: string;
    text: string;
  }[];
}
