/**
 * A memory's confidence over time, from its journal: every change with the stored confidence before
 * and after, α/β for beliefs, what caused it (and the memory that caused it), who and why, and the
 * decay clock after it, so a chart can draw the effective (decayed) curve between changes. Decay
 * itself is computed on read (shared/rules/decay.ts), never journaled: it is the curve, not events.
 */
import { TIMELINE_CAUSES, type Timeline, type TimelineCause, type TimelineEventColumns } from '../../shared/contract/timeline';
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

/** Each linked key as it appears in a row's JSON bag, made once (not per row of a long timeline). */
const QUOTED_KEY = new Map(Object.values(CAUSE_OF_OP).flatMap(({ linkedKeys }) => linkedKeys.map((key) => [key, `"${key}"`] as const)));

/** Supersession chains longer than this are cut (an overlay of more would not be readable anyway). */
const CHAIN_LIMIT = 20;

export function getTimeline(mind: Mind, id: string, options: { asOf?: number | undefined; limit?: number | undefined } = {}): Timeline {
  const limit = options.limit ?? 20_000;
  if (!Number.isInteger(limit) || limit < 1) throw new MindError('invalid_input', 'limit must be a positive whole number.');
  if (options.asOf !== undefined && !Number.isFinite(options.asOf)) throw new MindError('invalid_input', 'asOf must be a valid time.');
  const memory = loadMemory(mind, id);
  const window = timelineRowsOf(mind.store.db, memory.id, options.asOf ?? null, limit);
  // describesMemory reads the bag only of rows that made no version (rare): the rest are not parsed.
  const rows = window.rows.filter((row) =>
    describesMemory({ memoryId: row.memoryId, memoryVersion: row.memoryVersion, after: row.memoryVersion === null ? afterOf(row) : null }),
  );
  return {
    id: memory.id,
    type: memory.type,
    events: eventColumns(rows, statesByVersion(mind, memory, rows), memory),
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

const CAUSE_POSITION = new Map<TimelineCause, number>(TIMELINE_CAUSES.map((cause, i) => [cause, i]));

/** The rows as columns, each text once in `strings`. */
function eventColumns(rows: readonly TimelineRow[], versions: Map<number, VersionState>, memory: MemoryRecord): TimelineEventColumns {
  const columns: TimelineEventColumns = {
    seq: [], at: [], op: [], cause: [], actor: [], reason: [], evidence: [], linkedId: [],
    confidenceBefore: [], confidenceAfter: [], alpha: [], beta: [], decayFrom: [], protected: [], version: [], strings: [],
  };
  const positions = new Map<string, number>();
  const intern = (text: string | null): number | null => {
    if (text === null) return null;
    let position = positions.get(text);
    if (position === undefined) {
      position = columns.strings.push(text) - 1;
      positions.set(text, position);
    }
    return position;
  };
  // A row that changed no field (a record journaled under the memory) keeps the state before it.
  let state: VersionState = versions.values().next().value ?? memory;
  for (const row of rows) {
    state = (row.memoryVersion !== null ? versions.get(row.memoryVersion) : undefined) ?? state;
    const known = CAUSE_OF_OP[row.op];
    columns.seq.push(row.seq);
    columns.at.push(row.at);
    columns.op.push(intern(row.op) as number);
    columns.cause.push(CAUSE_POSITION.get(known?.cause ?? 'other') as number);
    columns.actor.push(intern(row.actor) as number);
    columns.reason.push(intern(row.reason));
    const evidence = row.evidenceJson === null ? null : (JSON.parse(row.evidenceJson) as unknown);
    columns.evidence.push(intern(evidenceText(evidence)));
    columns.linkedId.push(intern(linkedIdOf(row, evidence, known?.linkedKeys ?? [])));
    columns.confidenceBefore.push(row.confidenceBefore);
    columns.confidenceAfter.push(row.confidenceAfter);
    columns.alpha.push(state.alpha);
    columns.beta.push(state.beta);
    columns.decayFrom.push(decayAnchor(state));
    columns.protected.push(state.protected);
    columns.version.push(row.memoryVersion);
  }
  return columns;
}

/** The row's `after` bag, parsed. */
function afterOf(row: TimelineRow): Record<string, unknown> | null {
  return row.afterJson === null ? null : (JSON.parse(row.afterJson) as Record<string, unknown>);
}

/** The first memory id the row names under one of `keys` (a list names its first), else an episode named as evidence. */
function linkedIdOf(row: TimelineRow, evidence: unknown, keys: readonly string[]): string | null {
  // Most rows (a reinforcement's α/β) name none of the keys: their bag is not parsed at all.
  const after = keys.some((key) => row.afterJson?.includes(QUOTED_KEY.get(key) as string)) ? afterOf(row) : null;
  for (const key of keys) {
    const value = after?.[key];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first !== '') return first;
  }
  const named = Array.isArray(evidence) ? evidence[0] : evidence;
  return typeof named === 'string' && /^[a-z]+_[0-9a-z]+$/.test(named) ? named : null;
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
