/**
 * One sync of a linked source: read what is new or changed since its cursor, and in one
 * transaction write the new records (as an import does, journaled as `import:SYSTEM`), apply the
 * changes to memories already here, and save the new cursor. A follower killed at any instant
 * leaves either all of a sync or none of it, so the next one starts from a cursor that matches the
 * mind: nothing is lost, nothing doubled (origins are unique, too).
 *
 * A memory changed on both sides keeps Mindloom's edit: when a person (or an agent through
 * Mindloom) changed it here — words, fields, status or supersession, review, confidence,
 * verification, protection — the source's changes to its fields are recorded in its history
 * (`source_change`), once, not applied. New evidence, lineage and code references the source adds
 * only add to what is here, so they come in either way.
 */
import { resolve } from 'node:path';
import { MindError } from '../../../shared/errors';
import { EVENT_REF_KINDS, GROUNDING_REF_KINDS } from '../../../shared/model';
import { applyChange } from '../../mind/change';
import type { Mind } from '../../mind/mind';
import { appendJournal } from '../../store/journal-repo';
import { rejectionFingerprint } from '../../mind/review';
import type { Db } from '../../store/connection';
import { evidenceRefsOf, insertEvidenceRef } from '../../store/evidence-refs-repo';
import {
  changedInMindloom,
  findLinkedSource,
  insertLinkedSource,
  lastRecordedSourceChange,
  type LinkedSourceRow,
  saveSync,
  saveSyncError,
} from '../../store/linked-sources-repo';
import { insertLink, linksFrom } from '../../store/links-repo';
import { findMemoryBySeq } from '../../store/memories-repo';
import type { MemoryPatch, MemoryRecord } from '../../store/memory-record';
import { originsOfSystem } from '../../store/origins-repo';
import { insertRejection } from '../../store/rejections-repo';
import { type ExistingOrigins, resolvePlan, summarizePlan } from '../import-plan';
import type { ImportKind } from '../importer';
import { IMPORTERS } from '../importers';
import { writePlan } from '../plan-writer';
import { type FollowCapability, SOURCE_FIELDS, type SourceField, type SourceUpdate } from './follow-capability';

export interface SyncSummary {
  /** New memories by type. */
  added: Record<string, number>;
  /** Memories the source changed, changes applied. */
  updated: number;
  /** Memories changed on both sides: Mindloom's edit kept, the source's recorded. */
  kept: number;
  /** Records read from the source (new and re-read). */
  read: number;
}

export function followCapabilityOf(kind: string): FollowCapability {
  const importer = IMPORTERS[kind as ImportKind] as { follow?: FollowCapability } | undefined;
  if (!importer?.follow) throw new MindError('unsupported', `A ${kind} source cannot be followed (no cursor query for it in this build).`, { kind });
  return importer.follow;
}

/** The linked source for `path`, registered now if it was not. */
export function linkSource(mind: Mind, kind: string, path: string, container: string | null): LinkedSourceRow {
  followCapabilityOf(kind);
  const absolute = resolve(path);
  return mind.store.transaction(() => {
    const known = findLinkedSource(mind.store.db, kind, absolute);
    if (known) return known;
    insertLinkedSource(mind.store.db, { system: kind, path: absolute, container }, mind.now());
    appendJournal(mind.store.db, { at: mind.now(), actor: `import:${kind}`, op: 'link_source', memoryId: null, after: { path: absolute, container } });
    return findLinkedSource(mind.store.db, kind, absolute) as LinkedSourceRow;
  });
}

/** Reads and writes one sync; the cursor is read inside the transaction, so two followers of one source never both take the same records. */
export function syncLinkedSource(mind: Mind, kind: string, path: string): SyncSummary {
  const follow = followCapabilityOf(kind);
  const absolute = resolve(path);
  try {
    return mind.store.transaction(() => {
      const db = mind.store.db;
      const source = findLinkedSource(db, kind, absolute);
      if (!source) throw new MindError('not_found', `${absolute} is not a linked ${kind} source of this mind.`, { path: absolute });
      const existing = originsOfSystem(db, kind);
      const changes = follow.changesSince(mind, absolute, { container: source.container, cursor: source.cursor, existing });
      const plan = resolvePlan(changes.plan, existing);
      if (plan.memories.length + plan.notes.length + plan.rejections.length > 0) writePlan(mind, plan, existing);
      let updated = 0;
      let kept = 0;
      // What the plan just wrote is here too: updates may link to it.
      const origins = changes.updates.length > 0 ? originsOfSystem(db, kind) : existing;
      for (const update of changes.updates) {
        const target = existing.get(update.key);
        const current = target ? findMemoryBySeq(db, target.memorySeq) : null;
        if (!current) continue;
        const outcome = applySourceUpdate(mind, current, update, kind, origins);
        if (outcome === 'updated') updated++;
        if (outcome === 'kept') kept++;
      }
      const added = summarizePlan(plan, false).imported.byType as Record<string, number>;
      const addedCount = Object.values(added).reduce((a, b) => a + b, 0);
      const brought = addedCount + updated + kept > 0;
      const totals = { ...source.totals };
      totals.added = (totals.added ?? 0) + addedCount;
      totals.updated = (totals.updated ?? 0) + updated;
      totals.kept = (totals.kept ?? 0) + kept;
      const summary: SyncSummary = { added, updated, kept, read: changes.read };
      saveSync(db, source.seq, { cursor: changes.cursor, at: mind.now(), change: brought ? { ...summary } : null, totals });
      return summary;
    });
  } catch (error) {
    // Said where Settings → Linked sources shows it; the follower tries again at the next change.
    const message = error instanceof Error ? error.message : String(error);
    try {
      const source = findLinkedSource(mind.store.db, kind, absolute);
      if (source) mind.store.transaction(() => saveSyncError(mind.store.db, source.seq, message));
    } catch {
      // The mind itself is busy or closing: the sync's own failure is the one to report.
    }
    throw error;
  }
}

/** The fields whose local change makes Mindloom's version the one kept (protection is the person's word too). */
const PERSON_FIELDS = [...SOURCE_FIELDS, 'protected'] as const;
/** Fields that only move forward: a source's older verification never takes back a newer one here. */
const FORWARD_FIELDS: ReadonlySet<SourceField> = new Set(['lastVerifiedAt', 'verificationCount']);

/** The source's fields that differ from the memory's and are the source's to change. */
function sourceChanges(current: MemoryRecord, source: SourceUpdate['memory']): MemoryPatch {
  const changes: Record<string, unknown> = {};
  // Forgetting is the person's call here, and a successor this mind does not hold is no supersession.
  const statusTaken = source.status !== undefined && source.status !== 'forgotten' && !(source.status === 'superseded' && !source.supersededBy);
  // A belief's confidence follows its evidence here (α/β): a source's bare number does not move it.
  const confidenceTaken = current.type !== 'belief' || (source.alpha != null && source.beta != null);
  for (const key of SOURCE_FIELDS) {
    const value = source[key];
    if (value === undefined) continue;
    if ((key === 'status' || key === 'supersededBy') && !statusTaken) continue;
    if (key === 'confidence' && !confidenceTaken) continue;
    if (FORWARD_FIELDS.has(key) && (value === null || (current[key] !== null && (value as number) <= (current[key] as number)))) continue;
    if (JSON.stringify(value) !== JSON.stringify(current[key])) changes[key] = value;
  }
  return changes as MemoryPatch;
}

/** Links and evidence refs the source has on the record that the memory lacks (a link a person undid stays undone). */
function missingAttachments(db: Db, current: MemoryRecord, update: SourceUpdate, origins: ExistingOrigins) {
  const links = (update.links ?? []).flatMap((link) => {
    const target = origins.get(link.to);
    if (!target || target.memorySeq === current.seq) return [];
    const stands = linksFrom(db, current.seq, [link.kind], { voided: true }).some((l) => l.toSeq === target.memorySeq);
    return stands ? [] : [{ kind: link.kind, toSeq: target.memorySeq, to: target.memoryId }];
  });
  const held = new Set(evidenceRefsOf(db, current.seq).map((r) => `${r.kind} ${r.ref}`));
  const refs = (update.refs ?? []).filter((ref) => !held.has(`${ref.kind} ${ref.ref}`));
  return { links, refs };
}

function applySourceUpdate(mind: Mind, current: MemoryRecord, update: SourceUpdate, kind: string, origins: ExistingOrigins): 'same' | 'updated' | 'kept' {
  if (current.status === 'forgotten' || update.memory.type !== current.type) return 'same';
  const db = mind.store.db;
  const at = mind.now();
  const actor = `import:${kind}`;
  let changes = sourceChanges(current, update.memory);
  let kept = false;
  if (Object.keys(changes).length > 0 && changedInMindloom(db, current.id, PERSON_FIELDS)) {
    // A re-read of the same source change (the cursor looks a few seconds back) is recorded once.
    kept = JSON.stringify(lastRecordedSourceChange(db, current.id)) !== JSON.stringify(changes);
    if (kept) {
      appendJournal(db, {
        at,
        actor,
        op: 'source_change',
        memoryId: current.id,
        before: null,
        after: { source: changes, kept: 'mindloom' },
        reason: `${kind} changed this memory too; Mindloom's edit is kept and the source's change recorded here, not applied`,
      });
    }
    changes = {};
  }
  // New evidence, lineage and code references only add to what is here, so they come in either way.
  const { links, refs } = missingAttachments(db, current, update, origins);
  for (const link of links) insertLink(db, { fromSeq: current.seq, toSeq: link.toSeq, kind: link.kind }, at);
  for (const ref of refs) insertEvidenceRef(db, current.seq, ref, at);
  const attached = links.length + refs.length > 0;
  if (attached) {
    changes.codeRefCount = current.codeRefCount + refs.filter((r) => GROUNDING_REF_KINDS.includes(r.kind)).length;
    changes.eventEvidenceCount =
      current.eventEvidenceCount + refs.filter((r) => EVENT_REF_KINDS.includes(r.kind)).length + links.filter((l) => l.kind === 'evidence').length;
  }
  if (changes.reviewStatus === 'rejected' && current.reviewStatus !== 'rejected') {
    insertRejection(db, { fingerprint: rejectionFingerprint(current.content), text: current.content, memoryId: current.id, reason: `rejected in ${kind}` }, at);
  }
  if (Object.keys(changes).length > 0) {
    const note = attached ? { links: links.map((l) => ({ kind: l.kind, to: l.to })), refs: refs.map((r) => `${r.kind} ${r.ref}`) } : undefined;
    applyChange(mind, current, changes, { op: 'source_update', options: { actor, reason: `changed in ${kind}` }, ...(note ? { note } : {}) });
  }
  if (kept) return 'kept';
  return Object.keys(changes).length > 0 ? 'updated' : 'same';
}
