/**
 * The review queue: every memory waiting for review (inferred by consolidation or written by an
 * agent as an inference) and every pending proposal, in one stated order.
 *
 * Priority = (1 + pieces of evidence) × confidence, highest first; ties go to the oldest (it has
 * waited longest). A memory's evidence is its event evidence (supporting episodes and event
 * references) and its confidence the stored one; a proposal's evidence is the episodes its payload
 * stands on and its confidence that of the belief it would change (the most confident of a merge's
 * pair). At equal priority and age a proposal comes before a memory.
 */
import { MindError } from '../../../shared/errors';
import type { MemoryType } from '../../../shared/model';
import { contentTerms, contentWords } from '../../../shared/rules/contradiction';
import { linksFrom } from '../../store/links-repo';
import { findMemoriesBySeqs } from '../../store/memories-repo';
import type { MemoryRecord } from '../../store/memory-record';
import { countPendingProposals } from '../../store/proposals-repo';
import { creationRowOf, derivedFromByType, pendingQueuePage } from '../../store/review-queue-query';
import { textNeighbours } from '../../store/search-query';
import { memoryCounts, readTallies } from '../../store/tallies-query';
import { loadMemory } from '../../mind/change';
import { type MemorySummary, summarizeMemory } from '../../mind/list';
import type { Mind } from '../../mind/mind';
import { getProposal, getProposals, type ProposalKind, type ProposalPayload, type ProposalView } from '../proposals';

/** What approving an item does. A pending memory is new, or was drafted as a revision, split or merge. */
export type ReviewWhat = 'new' | ProposalKind;

export interface QueueMemoryItem {
  kind: 'memory';
  id: string;
  what: ReviewWhat;
  priority: number;
  memory: MemorySummary;
  /** Consolidation drafted it from this many episodes (its `derived_from`); null for other writers. */
  /** What consolidation drafted it from, counted by type (episodes for a belief, a capture for a triaged note); null when another writer did. */
  draftedFrom: { type: MemoryType; count: number }[] | null;
  /** Who wrote it and why (its creation's journal row). */
  createdBy: string;
  reason: string | null;
}

export interface QueueProposalItem {
  kind: 'proposal';
  id: string;
  what: ProposalKind;
  priority: number;
  proposal: ProposalView;
}

export type QueueItem = QueueMemoryItem | QueueProposalItem;

export interface QueuePage {
  items: QueueItem[];
  nextCursor: string | null;
  /** Everything waiting: active pending memories plus pending proposals. */
  total: number;
}

/** Pending proposals are few (one per belief at most); past this many the queue lists the first. */
const PROPOSALS_READ = 2_000;

/** The order's key: priority (desc), creation time (asc), proposals before memories, then id/seq. */
interface OrderKey {
  priority: number;
  createdAt: number;
  rank: 0 | 1;
  tie: number | string;
}

function after(a: OrderKey, b: OrderKey): boolean {
  if (a.priority !== b.priority) return a.priority < b.priority;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  if (a.rank !== b.rank) return a.rank > b.rank;
  return a.tie > b.tie;
}

const encodeCursor = (key: OrderKey) => Buffer.from(JSON.stringify([key.priority, key.createdAt, key.rank, key.tie])).toString('base64url');

function decodeCursor(cursor: string): OrderKey {
  try {
    const [priority, createdAt, rank, tie] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof priority === 'number' && typeof createdAt === 'number' && (rank === 0 || rank === 1) && (typeof tie === 'number' || typeof tie === 'string')) {
      return { priority, createdAt, rank, tie };
    }
  } catch {
    // falls through to the error below
  }
  throw new MindError('invalid_input', 'That review queue cursor is damaged.');
}

function payloadEvidence(payload: ProposalPayload): string[] {
  switch (payload.kind) {
    case 'archive':
      return [];
    case 'split':
      return [...new Set(payload.parts.flatMap((part) => part.evidence))];
    default:
      return payload.evidence;
  }
}

function proposalKey(mind: Mind, proposal: ProposalView): OrderKey {
  const confidence = Math.max(0, ...proposal.targets.map((t) => loadMemory(mind, t.id).confidence));
  return {
    priority: (1 + payloadEvidence(proposal.payload).length) * confidence,
    createdAt: Date.parse(proposal.createdAt),
    rank: 0,
    tie: proposal.id,
  };
}

/** What a pending memory is, from the row that created it. */
function whatCreated(mind: Mind, memoryId: string): { what: ReviewWhat; createdBy: string; reason: string | null } {
  const row = creationRowOf(mind.store.db, memoryId);
  if (row === null) return { what: 'new', createdBy: 'unknown', reason: null };
  const note = row.after === null ? {} : (JSON.parse(row.after) as Record<string, unknown>);
  const what: ReviewWhat = row.op === 'supersede' ? 'revise' : 'splitFrom' in note ? 'split' : 'mergedFrom' in note ? 'merge' : 'new';
  return { what, createdBy: row.actor, reason: row.reason };
}

function memoryItem(mind: Mind, record: MemoryRecord, priority: number): QueueMemoryItem {
  const drafted = record.sourceType === 'consolidation' ? derivedFromByType(mind.store.db, record.seq) : null;
  return {
    kind: 'memory',
    id: record.id,
    priority,
    memory: summarizeMemory(record, mind.now()),
    draftedFrom: drafted,
    ...whatCreated(mind, record.id),
  };
}

export function countReviewQueue(mind: Mind): number {
  return memoryCounts(readTallies(mind.store.db)).pendingReview + countPendingProposals(mind.store.db);
}

export function listReviewQueue(mind: Mind, options: { limit?: number; cursor?: string | null } = {}): QueuePage {
  const limit = options.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new MindError('invalid_input', 'limit must be a whole number from 1 to 500.');
  const from = options.cursor ? decodeCursor(options.cursor) : null;
  const proposals = getProposals(mind, { status: 'pending', limit: PROPOSALS_READ })
    .map((proposal) => ({ proposal, key: proposalKey(mind, proposal) }))
    .filter(({ key }) => from === null || after(key, from))
    .sort((a, b) => (after(a.key, b.key) ? 1 : after(b.key, a.key) ? -1 : 0))
    .slice(0, limit + 1);
  const memories = pendingQueuePage(
    mind.store.db,
    from === null ? null : { priority: from.priority, createdAt: from.createdAt, seq: from.rank === 0 ? -1 : (from.tie as number) },
    limit + 1,
  ).map(({ record, priority }) => ({ record, priority, key: { priority, createdAt: record.createdAt, rank: 1 as const, tie: record.seq } }));
  const merged: { key: OrderKey; item: () => QueueItem }[] = [
    ...proposals.map(({ proposal, key }) => ({
      key,
      item: (): QueueItem => ({ kind: 'proposal', id: proposal.id, what: proposal.kind, priority: key.priority, proposal }),
    })),
    ...memories.map(({ record, priority, key }) => ({ key, item: (): QueueItem => memoryItem(mind, record, priority) })),
  ].sort((a, b) => (after(a.key, b.key) ? 1 : after(b.key, a.key) ? -1 : 0));
  const page = merged.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((entry) => entry.item()),
    nextCursor: merged.length > limit && last ? encodeCursor(last.key) : null,
    total: countReviewQueue(mind),
  };
}

export interface EvidenceItem {
  id: string;
  type: MemorySummary['type'];
  content: string;
  fields: Record<string, unknown>;
  status: MemorySummary['status'];
  createdAt: string;
}

export interface NearMemory {
  memory: MemorySummary;
  /** Shared content terms: |A ∩ B| / √(|A|·|B|), 0 to 1. */
  similarity: number;
}

export interface ReviewDetail {
  id: string;
  /** The episodes it came from and stands on, oldest link first. */
  evidence: EvidenceItem[];
  counterEvidence: EvidenceItem[];
}

/** How many candidates the full-text index is asked for, and how many neighbours an item shows. */
const NEIGHBOUR_CANDIDATES = 40;
const NEIGHBOURS_SHOWN = 5;
/** Below this, a neighbour is no possible duplicate. */
const MIN_SIMILARITY = 0.3;

export function termSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const set = new Set(a);
  const shared = b.filter((term) => set.has(term)).length;
  return shared / Math.sqrt(a.length * b.length);
}

function evidenceItems(records: readonly MemoryRecord[]): EvidenceItem[] {
  return records.map((r) => ({
    id: r.id,
    type: r.type,
    content: r.content,
    fields: r.fields,
    status: r.status,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

function nearestTo(mind: Mind, record: { seq: number; type: MemoryRecord['type']; content: string }, exclude: ReadonlySet<number>): NearMemory[] {
  const terms = contentTerms(record.content);
  return textNeighbours(mind.store.db, contentWords(record.content).slice(0, 8), record.type, record.seq, NEIGHBOUR_CANDIDATES)
    .filter((candidate) => !exclude.has(candidate.seq))
    .map((candidate) => ({ candidate, similarity: termSimilarity(terms, contentTerms(candidate.content)) }))
    .filter(({ similarity }) => similarity >= MIN_SIMILARITY)
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, NEIGHBOURS_SHOWN)
    .map(({ candidate, similarity }) => ({ memory: summarizeMemory(candidate, mind.now()), similarity: Math.round(similarity * 100) / 100 }));
}

/** An item's evidence and its possible duplicates: what a person weighs before approving. */
export function getReviewDetail(mind: Mind, id: string): ReviewDetail {
  if (id.startsWith('pr_')) {
    const proposal = getProposal(mind, id);
    const ids = payloadEvidence(proposal.payload);
    const counter = proposal.payload.kind === 'merge' ? proposal.payload.counterEvidence : [];
    return {
      id,
      evidence: evidenceItems(ids.map((e) => loadMemory(mind, e))),
      counterEvidence: evidenceItems(counter.map((e) => loadMemory(mind, e))),
    };
  }
  const record = loadMemory(mind, id);
  return { id, evidence: evidenceItems([...sourcesOf(mind, record).values()]), counterEvidence: evidenceItems(linked(mind, record, ['counter_evidence'])) };
}

function linked(mind: Mind, record: MemoryRecord, kinds: Parameters<typeof linksFrom>[2]): MemoryRecord[] {
  const db = mind.store.db;
  return findMemoriesBySeqs(db, linksFrom(db, record.seq, kinds).map((l) => l.toSeq)).filter((m) => m.status !== 'forgotten');
}

/** Where it came from and what stands behind it: derived-from sources and supporting episodes, once each. */
function sourcesOf(mind: Mind, record: MemoryRecord): Map<number, MemoryRecord> {
  return new Map([...linked(mind, record, ['derived_from']), ...linked(mind, record, ['evidence'])].map((m) => [m.seq, m]));
}

/** Existing memories of its type that may already say it (possible duplicates), most similar first; none for a proposal. */
export function getNearest(mind: Mind, id: string): NearMemory[] {
  if (id.startsWith('pr_')) return [];
  const record = loadMemory(mind, id);
  return nearestTo(mind, record, new Set(sourcesOf(mind, record).keys()));
}
