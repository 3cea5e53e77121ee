/**
 * A memory's confidence over time, from its journal: every change with the stored confidence before
 * and after, α/β for beliefs, what caused it (and the memory that caused it), who and why, and the
 * decay clock after it, so a chart can draw the effective (decayed) curve between changes. Decay
 * itself is computed on read (shared/rules/decay.ts), never journaled: it is the curve, not events.
 */
import type { Timeline, TimelineCause, TimelineEvent } from '../../shared/contract/timeline';
import { MindError } from '../../shared/errors';
import { decayAnchor } from '../../shared/rules/decay';
import { linksFrom, linksTo } from '../store/links-repo';
import { findMemoryBySeq } from '../store/memories-repo';
import type { MemoryRecord } from '../store/memory-record';
import { type TimelineRow, timelineRowsOf, type VersionState, versionStatesOf } from '../store/timeline-query';
import { describesMemory, loadMemory } from './change';
import type { Mind } from './mind';
import { iso } from './present';

/** Which cause each journal operation is, and where its row names the memory behind it. */
const CAUSE_OF_OP: Readonly<Record<string, { cause: TimelineCause; linkedKeys: readonly string[] }>> = {
  create: { cause: 'created', linkedKeys: ['derivedFrom'] },
  promote: { cause: 'promoted', linkedKeys: ['promotedFrom', 'derivedFrom'] },
  supersede: { cause: 'supersedes', linkedKeys: ['supersedes'] },
  reinforce: { cause: 'reinforced', linkedKeys: ['evidenceLinked'] },
  link_evidence: { cause: 'reinforced', linkedKeys: ['evidenceLinked'] },
  counter_evidence: { cause: 'contradicted', linkedKeys: ['counterEvidenceLinked'] },
  verify: { cause: 'verified', linkedKeys: [] },
  edit: { cause: 'edited', linkedKeys: [] },
  add_evidence_ref: { cause: 'edited', linkedKeys: [] },
  remove_evidence_ref: { cause: 'edited', linkedKeys: [] },
  revert_field: { cause: 'reverted', linkedKeys: [] },
  revert: { cause: 'reverted', linkedKeys: [] },
  superseded: { cause: 'superseded', linkedKeys: ['supersededBy'] },
  merged: { cause: 'superseded', linkedKeys: ['mergedInto'] },
  approve: { cause: 'reviewed', linkedKeys: [] },
  auto_approve: { cause: 'reviewed', linkedKeys: [] },
  reject: { cause: 'reviewed', linkedKeys: [] },
  archive: { cause: 'lifecycle', linkedKeys: [] },
  restore: { cause: 'lifecycle', linkedKeys: [] },
  processed: { cause: 'lifecycle', linkedKeys: ['processedInto'] },
  protect: { cause: 'lifecycle', linkedKeys: [] },
  unprotect: { cause: 'lifecycle', linkedKeys: [] },
  forget: { cause: 'lifecycle', linkedKeys: [] },
  evidence_forgotten: { cause: 'lifecycle', linkedKeys: ['forgotten'] },
  undo: { cause: 'undone', linkedKeys: [] },
};

/** Supersession chains longer than this are cut (an overlay of more would not be readable anyway). */
const CHAIN_LIMIT = 20;

export function getTimeline(mind: Mind, id: string, options: { asOf?: number | undefined; limit?: number | undefined } = {}): Timeline {
  const limit = options.limit ?? 20_000;
  if (!Number.isInteger(limit) || limit < 1) throw new MindError('invalid_input', 'limit must be a positive whole number.');
  if (options.asOf !== undefined && !Number.isFinite(options.asOf)) throw new MindError('invalid_input', 'asOf must be a valid time.');
  const memory = loadMemory(mind, id);
  const window = timelineRowsOf(mind.store.db, memory.id, options.asOf ?? null, limit);
  const rows = window.rows.filter(describesMemory);
  const versions = statesByVersion(mind, memory, rows);
  // A row that changed no field (a record journaled under the memory) keeps the state before it.
  let state: VersionState = versions.values().next().value ?? memory;
  const events = rows.map((row) => {
    state = (row.memoryVersion !== null ? versions.get(row.memoryVersion) : undefined) ?? state;
    return eventOf(row, state);
  });
  return {
    id: memory.id,
    type: memory.type,
    events,
    truncated: window.truncated,
    asOf: options.asOf === undefined ? null : iso(options.asOf),
    predecessors: supersessionChain(mind, memory, 'predecessors', options.asOf),
    successors: supersessionChain(mind, memory, 'successors', options.asOf),
  };
}

/** The stored state after each version the rows made (α/β, the decay clock, protection). */
function statesByVersion(mind: Mind, memory: MemoryRecord, rows: readonly TimelineRow[]): Map<number, VersionState> {
  const first = rows.find((row) => row.memoryVersion !== null)?.memoryVersion;
  return first === undefined || first === null ? new Map() : versionStatesOf(mind.store.db, memory.seq, first);
}

function eventOf(row: TimelineRow, state: VersionState): TimelineEvent {
  const known = CAUSE_OF_OP[row.op];
  return {
    seq: row.seq,
    at: iso(row.at) as string,
    op: row.op,
    cause: known?.cause ?? 'other',
    actor: row.actor,
    reason: row.reason,
    evidence: evidenceText(row.evidence),
    linkedId: linkedIdOf(row, known?.linkedKeys ?? []),
    confidenceBefore: row.confidenceBefore,
    confidenceAfter: row.confidenceAfter,
    alpha: state.alpha,
    beta: state.beta,
    decayFrom: iso(decayAnchor(state)) as string,
    protected: state.protected,
    version: row.memoryVersion,
  };
}

/** The first memory id the row names under one of `keys` (a list names its first), else an episode named as evidence. */
function linkedIdOf(row: TimelineRow, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = row.after?.[key];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first !== '') return first;
  }
  const evidence = Array.isArray(row.evidence) ? row.evidence[0] : row.evidence;
  return typeof evidence === 'string' && /^[a-z]+_[0-9a-z]+$/.test(evidence) ? evidence : null;
}

function evidenceText(evidence: unknown): string | null {
  if (evidence === null || evidence === undefined) return null;
  if (typeof evidence === 'string') return evidence;
  if (Array.isArray(evidence)) return evidence.map(String).join(', ');
  return JSON.stringify(evidence);
}

/** Walks `supersedes` links one way (those made by `asOf`): the beliefs this one replaced, or those that replaced it. */
function supersessionChain(mind: Mind, memory: MemoryRecord, direction: 'predecessors' | 'successors', asOf: number | undefined): string[] {
  const db = mind.store.db;
  const chain: string[] = [];
  const seen = new Set([memory.seq]);
  let current = memory.seq;
  while (chain.length < CHAIN_LIMIT) {
    const links = direction === 'predecessors' ? linksFrom(db, current, ['supersedes']) : linksTo(db, current, ['supersedes']);
    const next = links
      .filter((l) => asOf === undefined || l.createdAt <= asOf)
      .map((l) => (direction === 'predecessors' ? l.toSeq : l.fromSeq)).find((seq) => !seen.has(seq));
    if (next === undefined) break;
    seen.add(next);
    const found = findMemoryBySeq(db, next);
    if (!found) break;
    chain.push(found.id);
    current = next;
  }
  return chain;
}
