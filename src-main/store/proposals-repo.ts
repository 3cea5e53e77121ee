/** Consolidation's proposals (revise, split, merge, archive), waiting for a person's decision. */
import type { Db } from './connection';
import { selectColumns } from './schema-columns';
import { proposals } from './schema';
import { stmt } from './statements';

export interface ProposalRow {
  id: string;
  runId: string;
  kind: string;
  status: string;
  targets: string[];
  targetVersions: number[];
  payload: Record<string, unknown>;
  reason: string;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
  decisionNote: string | null;
}

type StoredProposal = typeof proposals.$inferSelect;
const PROPOSAL_COLUMNS = selectColumns(proposals);

function toProposal(row: StoredProposal): ProposalRow {
  return {
    id: row.id,
    runId: row.runId,
    kind: row.kind,
    status: row.status,
    targets: JSON.parse(row.targets) as string[],
    targetVersions: JSON.parse(row.targetVersions) as number[],
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    reason: row.reason,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
    decidedBy: row.decidedBy,
    decisionNote: row.decisionNote,
  };
}

export function insertProposal(
  db: Db,
  p: Pick<ProposalRow, 'id' | 'runId' | 'kind' | 'targets' | 'targetVersions' | 'reason' | 'createdAt'> & { payload: object },
): void {
  stmt(
    db,
    `INSERT INTO proposals (id, run_id, kind, status, targets, target_versions, payload, reason, created_at)
     VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?)`,
  ).run(p.id, p.runId, p.kind, JSON.stringify(p.targets), JSON.stringify(p.targetVersions), JSON.stringify(p.payload), p.reason, p.createdAt);
}

export function findProposal(db: Db, id: string): ProposalRow | null {
  const row = stmt(db, `SELECT ${PROPOSAL_COLUMNS} FROM proposals WHERE id = ?`).get(id) as StoredProposal | undefined;
  return row ? toProposal(row) : null;
}

export function decideProposal(db: Db, id: string, decision: { status: string; at: number; by: string; note: string | null }): void {
  writeProposalState(db, id, { status: decision.status, decidedAt: decision.at, decidedBy: decision.by, decisionNote: decision.note });
}

/** Newest first; `status` null lists every status. */
export function listProposals(db: Db, status: string | null, limit: number): ProposalRow[] {
  const rows =
    status === null
      ? stmt(db, `SELECT ${PROPOSAL_COLUMNS} FROM proposals ORDER BY created_at DESC, seq DESC LIMIT ?`).all(limit)
      : stmt(db, `SELECT ${PROPOSAL_COLUMNS} FROM proposals WHERE status = ? ORDER BY created_at DESC, seq DESC LIMIT ?`).all(status, limit);
  return (rows as StoredProposal[]).map(toProposal);
}

/** What deciding a proposal (or undoing the decision) changes on it. */
export interface ProposalState {
  status: string;
  decidedAt: number | null;
  decidedBy: string | null;
  decisionNote: string | null;
}

export function readProposalState(db: Db, id: string): ProposalState | null {
  const row = findProposal(db, id);
  return row ? { status: row.status, decidedAt: row.decidedAt, decidedBy: row.decidedBy, decisionNote: row.decisionNote } : null;
}

export function writeProposalState(db: Db, id: string, state: ProposalState): void {
  stmt(db, 'UPDATE proposals SET status = ?, decided_at = ?, decided_by = ?, decision_note = ? WHERE id = ?').run(
    state.status,
    state.decidedAt,
    state.decidedBy,
    state.decisionNote,
    id,
  );
}

/** How many proposals wait for a decision. */
export function countPendingProposals(db: Db): number {
  return (stmt(db, `SELECT count(*) AS n FROM proposals WHERE status = 'pending'`).get() as { n: number }).n;
}
