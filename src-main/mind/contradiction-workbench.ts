/**
 * The contradiction workbench's operations: list contradictions with both sides in full, flag two
 * memories by hand, resolve (supersede one by the other, reconcile both into a new belief, keep
 * both as an acknowledged tension, scope each to its context, archive one) and reopen. Each
 * resolution is one action with the memory changes it makes, so one undo takes all of it back.
 * A resolution names the versions of both memories the person saw: a side changed meanwhile is a
 * conflict, and nothing changes.
 */
import { MindError } from '../../shared/errors';
import {
  CONTRADICTION_RESOLUTIONS,
  type ContradictionResolution,
  type ContradictionStatus,
  withArticle,
} from '../../shared/model';
import {
  type ContradictionRecord,
  contradictionsPage,
  findContradiction,
  findContradictionByPair,
  insertContradiction,
} from '../store/contradictions-repo';
import { insertLink, linksFrom } from '../store/links-repo';
import { findMemoriesBySeqs, findMemoryBySeq } from '../store/memories-repo';
import type { MemoryRecord } from '../store/memory-record';
import { applyChange, loadMemory, loadWritable } from './change';
import { createMemory } from './create';
import { editMemory } from './edit';
import { archiveMemory } from './lifecycle';
import { type MemorySummary, summarizeMemory } from './list';
import type { Mind } from './mind';
import { type SeqPage, seqPage, seqPageRequest } from './paging';
import { type ContradictionViewOf, presentContradiction } from './contradictions';
import { changeRecord, journalRecord } from './records';
import { checkActor } from './write-options';

/** Supporting episodes shown with each side in a list (the side's full evidence is on its memory page). */
const EVIDENCE_SHOWN = 5;

export interface ContradictionSide {
  memory: MemorySummary;
  evidence: { id: string; content: string }[];
  evidenceCount: number;
}

export type ContradictionCase = ContradictionViewOf<ContradictionSide>;

export type ContradictionPage = SeqPage<ContradictionCase>;

function side(mind: Mind, record: MemoryRecord): ContradictionSide {
  const links = linksFrom(mind.store.db, record.seq, ['evidence']);
  return {
    memory: summarizeMemory(record, mind.now()),
    evidence: findMemoriesBySeqs(mind.store.db, links.slice(0, EVIDENCE_SHOWN).map((l) => l.toSeq)).map((e) => ({ id: e.id, content: e.content })),
    evidenceCount: links.length,
  };
}

function caseOf(mind: Mind, c: ContradictionRecord): ContradictionCase {
  const [a, b] = [findMemoryBySeq(mind.store.db, c.aSeq), findMemoryBySeq(mind.store.db, c.bSeq)] as [MemoryRecord, MemoryRecord];
  return presentContradiction(c, side(mind, a), side(mind, b));
}

export function listContradictionCases(
  mind: Mind,
  options: { which?: 'open' | 'settled' | 'all'; limit?: number; cursor?: string | null } = {},
): ContradictionPage {
  const { limit, beforeSeq } = seqPageRequest(options, 50, 'contradictions');
  const rows = contradictionsPage(mind.store.db, { which: options.which ?? 'open', beforeSeq, limit: limit + 1 });
  return seqPage(rows, limit, (c) => caseOf(mind, c));
}

export function getContradictionCase(mind: Mind, id: string): ContradictionCase {
  return caseOf(mind, requireContradiction(mind, id));
}

function requireContradiction(mind: Mind, id: string): ContradictionRecord {
  if (typeof id !== 'string' || id.trim() === '') throw new MindError('invalid_input', 'A contradiction id is required.');
  const found = findContradiction(mind.store.db, id);
  if (!found) throw new MindError('not_found', `There is no contradiction ${id}.`, { id });
  return found;
}

const stateOfRecord = (c: ContradictionRecord) => ({ status: c.status, resolution: c.resolution, note: c.note, resolvedAt: c.resolvedAt, resolvedBy: c.resolvedBy });

/** Marks two memories as contradicting, by hand. */
export function flagContradiction(mind: Mind, aId: string, bId: string, options: { actor: string; note?: string | undefined }): ContradictionCase {
  checkActor(options.actor);
  return mind.store.transaction(() => {
    const a = loadWritable(mind, aId, options);
    const b = loadWritable(mind, bId, options);
    if (a.seq === b.seq) throw new MindError('invalid_input', 'A memory cannot contradict itself.', { id: aId });
    const known = findContradictionByPair(mind.store.db, a.seq, b.seq);
    if (known) {
      throw new MindError(
        'invalid_state',
        `${aId} and ${bId} are already recorded as contradiction ${known.id} (${known.status})${known.status === 'open' ? '' : ': reopen it instead'}.`,
        { id: known.id, status: known.status },
      );
    }
    const id = mind.newRecordId('ct');
    const note = options.note?.trim() || null;
    insertContradiction(mind.store.db, { id, aSeq: a.seq, bSeq: b.seq, kind: 'flagged', detector: 'user', note }, mind.now());
    journalRecord(mind, {
      kind: 'contradiction',
      id,
      before: null,
      after: { status: 'open', resolution: null, note, resolvedAt: null, resolvedBy: null },
      op: 'contradiction_flagged',
      actor: options.actor,
      memoryId: a.id,
      note: { with: b.id, kind: 'flagged' },
    });
    return getContradictionCase(mind, id);
  });
}

export interface ResolveInput {
  as: ContradictionResolution;
  /** supersede: the memory that stays and supersedes the other; archive: the one that stays. */
  keep?: string | undefined;
  /** reconcile: the new belief's statement. */
  text?: string | undefined;
  /** scope: each memory's context, by id. */
  contexts?: Record<string, string> | undefined;
  /** Why (required for a tension; kept with the contradiction). */
  note?: string | undefined;
  /** The versions of the two memories as the person saw them, by id. */
  expectedVersions?: Record<string, number> | undefined;
}

export interface ResolveResult {
  contradiction: ContradictionCase;
  /** Memories the resolution changed or made. */
  changed: string[];
}

export function resolveContradictionCase(mind: Mind, id: string, input: ResolveInput, options: { actor: string }): ResolveResult {
  checkActor(options.actor);
  if (!CONTRADICTION_RESOLUTIONS.includes(input.as)) {
    throw new MindError('invalid_input', `Resolve as one of ${CONTRADICTION_RESOLUTIONS.join(', ')} (got "${String(input.as)}").`);
  }
  const note = input.note?.trim() || null;
  if (input.as === 'tension' && note === null) throw new MindError('invalid_input', 'Say why both stand: a tension needs a note.');
  return mind.store.transaction(() => {
    const c = requireContradiction(mind, id);
    if (c.status !== 'open') {
      throw new MindError('invalid_state', `Contradiction ${id} is already ${c.status} (${c.resolution ?? 'no resolution'}); reopen it first.`, {
        id,
        status: c.status,
      });
    }
    const db = mind.store.db;
    const [a, b] = [findMemoryBySeq(db, c.aSeq), findMemoryBySeq(db, c.bSeq)] as [MemoryRecord, MemoryRecord];
    const expected = (m: MemoryRecord) => input.expectedVersions?.[m.id];
    for (const m of [a, b]) loadWritable(mind, m.id, { actor: options.actor, expectedVersion: expected(m) });
    const write = { actor: options.actor, reason: note ?? `resolves contradiction ${id}` };
    const changed = settle(mind, c, a, b, input, write);
    const after = {
      status: (input.as === 'tension' ? 'acknowledged' : 'resolved') as ContradictionStatus,
      resolution: input.as,
      note: note ?? c.note,
      resolvedAt: mind.now(),
      resolvedBy: options.actor,
    };
    changeRecord(mind, {
      kind: 'contradiction',
      id,
      before: stateOfRecord(c),
      after,
      op: 'contradiction_resolved',
      actor: options.actor,
      memoryId: a.id,
      reason: note,
      note: { with: b.id, changed },
    });
    return { contradiction: getContradictionCase(mind, id), changed };
  });
}

function pick(a: MemoryRecord, b: MemoryRecord, keep: string | undefined, as: string): { kept: MemoryRecord; other: MemoryRecord } {
  if (keep === a.id) return { kept: a, other: b };
  if (keep === b.id) return { kept: b, other: a };
  throw new MindError('invalid_input', `Resolving as ${as} needs --keep: ${a.id} or ${b.id}.`, { a: a.id, b: b.id });
}

function requireActive(m: MemoryRecord): void {
  if (m.status !== 'active') throw new MindError('invalid_state', `${m.id} is ${m.status}; only an active memory can be resolved this way.`, { id: m.id });
}

/** The memory changes of a resolution; returns the ids changed or made. */
function settle(mind: Mind, c: ContradictionRecord, a: MemoryRecord, b: MemoryRecord, input: ResolveInput, write: { actor: string; reason: string }): string[] {
  const db = mind.store.db;
  switch (input.as) {
    case 'supersede': {
      const { kept, other } = pick(a, b, input.keep, 'supersede');
      requireActive(kept);
      requireActive(other);
      insertLink(db, { fromSeq: kept.seq, toSeq: other.seq, kind: 'supersedes' }, mind.now());
      applyChange(mind, other, { status: 'superseded', supersededBy: kept.id }, { op: 'superseded', options: write, note: { supersededBy: kept.id } });
      return [other.id, kept.id];
    }
    case 'reconcile': {
      const text = input.text?.trim() ?? '';
      if (text === '') throw new MindError('invalid_input', 'Reconciling needs the new belief: --text "…".');
      for (const m of [a, b]) {
        requireActive(m);
        if (m.type !== 'belief') throw new MindError('not_a_belief', `${m.id} is ${withArticle(m.type)}; only beliefs are reconciled into a new belief.`, { id: m.id });
      }
      const evidence = findMemoriesBySeqs(db, [...linksFrom(db, a.seq, ['evidence']), ...linksFrom(db, b.seq, ['evidence'])].map((l) => l.toSeq))
        .filter((e) => e.status !== 'forgotten')
        .map((e) => e.id);
      const created = createMemory(
        mind,
        { type: 'belief', content: text, derivedFrom: [a.id, b.id], evidence: [...new Set(evidence)], scope: a.scope, project: a.project, reviewStatus: 'approved' },
        write,
        { op: 'supersede', note: { supersedes: [a.id, b.id], reconciles: c.id } },
      );
      for (const m of [a, b]) {
        insertLink(db, { fromSeq: created.seq, toSeq: m.seq, kind: 'supersedes' }, mind.now());
        applyChange(mind, loadMemory(mind, m.id), { status: 'superseded', supersededBy: created.id }, { op: 'superseded', options: write, note: { supersededBy: created.id } });
      }
      return [created.id, a.id, b.id];
    }
    case 'tension':
      return [];
    case 'scope': {
      const contexts = input.contexts ?? {};
      for (const m of [a, b]) {
        const context = contexts[m.id]?.trim() ?? '';
        if (context === '') throw new MindError('invalid_input', `Scoping needs a context for each: none given for ${m.id}.`, { id: m.id });
        // A belief's context is its own field; other memories carry a scope.
        editMemory(mind, m.id, m.type === 'belief' ? { fields: { context } } : { scope: context }, { ...write, expectedVersion: loadMemory(mind, m.id).version });
      }
      return [a.id, b.id];
    }
    case 'archive': {
      const { other } = pick(a, b, input.keep, 'archive');
      archiveMemory(mind, other.id, write);
      return [other.id];
    }
  }
}

/** Opens a settled contradiction again for another decision (what its resolution changed stays: undo takes that back). */
export function reopenContradiction(mind: Mind, id: string, options: { actor: string; note?: string | undefined }): ContradictionCase {
  checkActor(options.actor);
  return mind.store.transaction(() => {
    const c = requireContradiction(mind, id);
    if (c.status === 'open') throw new MindError('invalid_state', `Contradiction ${id} is already open.`, { id });
    const a = findMemoryBySeq(mind.store.db, c.aSeq) as MemoryRecord;
    changeRecord(mind, {
      kind: 'contradiction',
      id,
      before: stateOfRecord(c),
      after: { status: 'open', resolution: null, note: options.note?.trim() || c.note, resolvedAt: null, resolvedBy: null },
      op: 'contradiction_reopened',
      actor: options.actor,
      memoryId: a.id,
      reason: options.note?.trim() || null,
    });
    return getContradictionCase(mind, id);
  });
}
