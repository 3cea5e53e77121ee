/**
 * Proposals: what consolidation would revise, split, merge or archive, stored with exactly what
 * applying it writes, and applied only on a person's approval (or at once under auto-apply).
 * Applying is one transaction; its journal rows carry the proposing run's id, so the changes
 * belong to that run's changeset (and its revert).
 */
import { MindError } from '../../shared/errors';
import type { ReviewStatus } from '../../shared/model';
import { appendJournal } from '../store/journal-repo';
import { insertLink } from '../store/links-repo';
import type { MemoryRecord } from '../store/memory-record';
import { findProposal, insertProposal, listProposals, type ProposalRow } from '../store/proposals-repo';
import { applyChange, loadMemory } from '../mind/change';
import { createMemory } from '../mind/create';
import { archiveMemory } from '../mind/lifecycle';
import type { Mind } from '../mind/mind';
import { iso } from '../mind/present';
import { changeRecord } from '../mind/records';
import { supersedeBelief } from '../mind/supersede';
import { checkActor, type WriteOptions } from '../mind/write-options';

export const PROPOSAL_KINDS = ['revise', 'split', 'merge', 'archive'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

/** A belief statement a proposal would write, with its structured fields and the episodes it stands on. */
export interface ProposedBelief {
  statement: string;
  fields: Record<string, unknown>;
  evidence: string[];
}

export type ProposalPayload =
  | { kind: 'archive' }
  | ({ kind: 'revise' } & ProposedBelief)
  | { kind: 'split'; parts: ProposedBelief[] }
  | ({ kind: 'merge'; counterEvidence: string[] } & ProposedBelief);

export interface ProposalDraft {
  targets: string[];
  targetVersions: number[];
  payload: ProposalPayload;
  reason: string;
}

export interface ProposalView {
  id: string;
  runId: string;
  kind: ProposalKind;
  status: string;
  targets: { id: string; content: string; version: number; currentVersion: number; status: string }[];
  payload: ProposalPayload;
  reason: string;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  decisionNote: string | null;
}

/** Stores a pending proposal with its journal row; inside the caller's transaction. */
export function recordProposal(mind: Mind, draft: ProposalDraft, options: WriteOptions & { runId: string }): string {
  const id = mind.newRecordId('pr');
  const at = mind.now();
  insertProposal(mind.store.db, {
    id,
    runId: options.runId,
    kind: draft.payload.kind,
    targets: draft.targets,
    targetVersions: draft.targetVersions,
    payload: draft.payload,
    reason: draft.reason,
    createdAt: at,
  });
  appendJournal(mind.store.db, {
    at,
    actor: options.actor,
    op: `propose_${draft.payload.kind}`,
    memoryId: draft.targets[0] ?? null,
    runId: options.runId,
    after: { proposal: id, targets: draft.targets, payload: draft.payload },
    reason: draft.reason,
  });
  return id;
}

function requirePending(mind: Mind, id: string): ProposalRow {
  if (typeof id !== 'string' || id.trim() === '') throw new MindError('invalid_input', 'A proposal id is required.');
  const proposal = findProposal(mind.store.db, id);
  if (!proposal) throw new MindError('not_found', `No proposal with id ${id}.`, { id });
  if (proposal.status !== 'pending') {
    throw new MindError('invalid_state', `Proposal ${id} is ${proposal.status}; only a pending proposal can be decided.`, { id });
  }
  return proposal;
}

/** Applies a pending proposal: its changes, then its decision. Returns what it created. */
export function approveProposal(mind: Mind, id: string, options: { actor: string; note?: string }): MemoryRecord[] {
  checkActor(options.actor);
  return mind.store.transaction(() => {
    const proposal = requirePending(mind, id);
    const created = applyProposalChanges(mind, proposal, { actor: options.actor, runId: proposal.runId }, options.actor === 'user' ? 'approved' : 'pending');
    closeProposal(mind, proposal, 'approved', options.actor, options.note ?? null);
    return created;
  });
}

export function rejectProposal(mind: Mind, id: string, options: { actor: string; reason: string }): void {
  checkActor(options.actor);
  if (typeof options.reason !== 'string' || options.reason.trim() === '') {
    throw new MindError('invalid_input', 'Rejecting a proposal needs a reason.');
  }
  mind.store.transaction(() => {
    const proposal = requirePending(mind, id);
    closeProposal(mind, proposal, 'rejected', options.actor, options.reason.trim());
  });
}

/** Auto-apply: the run applies its own fresh proposal at once; inside the run's transaction. */
export function autoApplyProposal(mind: Mind, id: string, options: WriteOptions & { runId: string }): MemoryRecord[] {
  const proposal = requirePending(mind, id);
  const created = applyProposalChanges(mind, proposal, options, 'pending');
  closeProposal(mind, proposal, 'approved', options.actor, 'auto-applied');
  return created;
}

/** A pending proposal taken back (its run was reverted). */
export function withdrawProposal(mind: Mind, proposal: ProposalRow, actor: string): void {
  closeProposal(mind, proposal, 'withdrawn', actor, 'its run was reverted');
}

function closeProposal(mind: Mind, proposal: ProposalRow, status: string, actor: string, note: string | null): void {
  changeRecord(mind, {
    kind: 'proposal',
    id: proposal.id,
    before: { status: proposal.status, decidedAt: proposal.decidedAt, decidedBy: proposal.decidedBy, decisionNote: proposal.decisionNote },
    after: { status, decidedAt: mind.now(), decidedBy: actor, decisionNote: note },
    op: `proposal_${status}`,
    actor,
    memoryId: proposal.targets[0] ?? null,
    runId: proposal.runId,
    reason: note,
    note: { kind: proposal.kind },
  });
}

function requireActiveTargets(mind: Mind, proposal: ProposalRow): MemoryRecord[] {
  return proposal.targets.map((target) => {
    const record = loadMemory(mind, target);
    if (record.status !== 'active') {
      throw new MindError(
        'invalid_state',
        `Proposal ${proposal.id} no longer applies: ${target} is ${record.status}. Reject it; the next run proposes from the current state.`,
        { id: proposal.id, target, status: record.status },
      );
    }
    return record;
  });
}

function applyProposalChanges(mind: Mind, proposal: ProposalRow, options: WriteOptions, reviewStatus: ReviewStatus): MemoryRecord[] {
  const targets = requireActiveTargets(mind, proposal);
  const payload = proposal.payload as unknown as ProposalPayload;
  const write: WriteOptions = { actor: options.actor, runId: options.runId, reason: proposal.reason };
  const [first] = targets;
  if (!first) throw new MindError('invalid_state', `Proposal ${proposal.id} names no belief.`);
  switch (payload.kind) {
    case 'archive':
      archiveMemory(mind, first.id, write);
      return [];
    case 'revise':
      return [
        supersedeBelief(
          mind,
          first.id,
          { content: payload.statement, fields: payload.fields, evidence: payload.evidence, sourceType: 'consolidation', reviewStatus },
          write,
        ).created,
      ];
    case 'split': {
      const parts = payload.parts.map((part) => {
        const created = createMemory(
          mind,
          {
            type: 'belief',
            content: part.statement,
            fields: part.fields,
            sourceType: 'consolidation',
            reviewStatus,
            derivedFrom: [first.id],
            evidence: part.evidence,
            scope: first.scope,
            project: first.project,
          },
          write,
          { op: 'create', note: { splitFrom: first.id } },
        );
        insertLink(mind.store.db, { fromSeq: created.seq, toSeq: first.seq, kind: 'split_from' }, mind.now());
        return created;
      });
      applyChange(mind, first, { status: 'archived' }, { op: 'split', options: write, note: { splitInto: parts.map((p) => p.id) } });
      return parts;
    }
    case 'merge': {
      let merged = createMemory(
        mind,
        {
          type: 'belief',
          content: payload.statement,
          fields: payload.fields,
          sourceType: 'consolidation',
          reviewStatus,
          derivedFrom: targets.map((t) => t.id),
          evidence: payload.evidence,
          scope: first.scope,
          project: first.project,
        },
        write,
        { op: 'create', note: { mergedFrom: targets.map((t) => t.id) } },
      );
      for (const target of targets) insertLink(mind.store.db, { fromSeq: merged.seq, toSeq: target.seq, kind: 'merged_from' }, mind.now());
      const counter = payload.counterEvidence.map((episodeId) => loadMemory(mind, episodeId)).filter((e) => e.status !== 'forgotten');
      for (const episode of counter) insertLink(mind.store.db, { fromSeq: merged.seq, toSeq: episode.seq, kind: 'counter_evidence' }, mind.now());
      if (counter.length > 0) {
        const beta = (merged.beta ?? 1) + counter.length;
        const alpha = merged.alpha ?? 1;
        merged = applyChange(mind, merged, { beta, confidence: alpha / (alpha + beta) }, {
          op: 'counter_evidence',
          options: write,
          evidence: counter.map((e) => e.id),
          note: { counterEvidenceInherited: counter.map((e) => e.id) },
        });
      }
      for (const target of targets) {
        applyChange(mind, loadMemory(mind, target.id), { status: 'superseded', supersededBy: merged.id }, {
          op: 'merged',
          options: write,
          note: { mergedInto: merged.id },
        });
      }
      return [merged];
    }
  }
}

export function getProposals(mind: Mind, options: { status?: string | null; limit?: number } = {}): ProposalView[] {
  return listProposals(mind.store.db, options.status === undefined ? 'pending' : options.status, options.limit ?? 200).map((p) => proposalView(mind, p));
}

export function getProposal(mind: Mind, id: string): ProposalView {
  const row = findProposal(mind.store.db, id);
  if (!row) throw new MindError('not_found', `No proposal with id ${id}.`, { id });
  return proposalView(mind, row);
}

function proposalView(mind: Mind, p: ProposalRow): ProposalView {
  return {
    id: p.id,
    runId: p.runId,
    kind: p.kind as ProposalKind,
    status: p.status,
    targets: p.targets.map((target, i) => {
      const record = loadMemory(mind, target);
      return { id: target, content: record.content, version: p.targetVersions[i] ?? 0, currentVersion: record.version, status: record.status };
    }),
    payload: p.payload as unknown as ProposalPayload,
    reason: p.reason,
    createdAt: iso(p.createdAt) as string,
    decidedAt: iso(p.decidedAt),
    decidedBy: p.decidedBy,
    decisionNote: p.decisionNote,
  };
}
