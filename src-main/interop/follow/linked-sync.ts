/**
 * One sync of a linked source: read what is new or changed since its cursor, and in one
 * transaction write the new records (as an import does, journaled as `import:SYSTEM`), apply the
 * changes to memories already here, and save the new cursor. A follower killed at any instant
 * leaves either all of a sync or none of it, so the next one starts from a cursor that matches the
 * mind: nothing is lost, nothing doubled (origins are unique, too).
 *
 * A memory changed on both sides keeps Mindloom's edit: when someone other than an importer changed
 * its words or fields here, the source's new words are recorded in its history (`source_change`),
 * not applied. Its other changes (confidence, status) are applied.
 */
import { resolve } from 'node:path';
import { MindError } from '../../../shared/errors';
import { applyChange } from '../../mind/change';
import type { Mind } from '../../mind/mind';
import { appendJournal } from '../../store/journal-repo';
import { findLinkedSource, insertLinkedSource, type LinkedSourceRow, saveSync, saveSyncError } from '../../store/linked-sources-repo';
import { editedInMindloom } from '../../store/linked-sources-repo';
import { findMemoryBySeq } from '../../store/memories-repo';
import type { MemoryPatch, MemoryRecord } from '../../store/memory-record';
import { originsOfSystem } from '../../store/origins-repo';
import { resolvePlan, summarizePlan } from '../import-plan';
import type { ImportKind } from '../importer';
import { IMPORTERS } from '../importers';
import { writePlan } from '../plan-writer';
import type { FollowCapability, SourceUpdate } from './follow-capability';

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
      for (const update of changes.updates) {
        const target = existing.get(update.key);
        const current = target ? findMemoryBySeq(db, target.memorySeq) : null;
        if (!current) continue;
        const outcome = applySourceUpdate(mind, current, update, kind);
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

const TEXT_FIELDS = ['content', 'fields'] as const;
const OTHER_FIELDS = ['status', 'supersededBy', 'confidence'] as const;

function applySourceUpdate(mind: Mind, current: MemoryRecord, update: SourceUpdate, kind: string): 'same' | 'updated' | 'kept' {
  if (current.status === 'forgotten' || update.memory.type !== current.type) return 'same';
  const differs = (key: keyof SourceUpdate['memory']) => JSON.stringify(update.memory[key]) !== JSON.stringify(current[key]);
  const patch: MemoryPatch = {};
  // Forgetting is the person's call here, and a successor this mind does not hold is no supersession.
  const statusTaken = update.memory.status !== 'forgotten' && !(update.memory.status === 'superseded' && update.memory.supersededBy === null);
  for (const key of OTHER_FIELDS) {
    if ((key === 'status' || key === 'supersededBy') && !statusTaken) continue;
    // A belief's confidence follows its evidence here (α/β), not the source's number.
    if (key === 'confidence' && current.type === 'belief') continue;
    if (differs(key)) Object.assign(patch, { [key]: update.memory[key] });
  }
  const textChanged = TEXT_FIELDS.filter(differs);
  const keepOurs = textChanged.length > 0 && editedInMindloom(mind.store.db, current.id);
  if (!keepOurs) for (const key of textChanged) Object.assign(patch, { [key]: update.memory[key] });
  const actor = `import:${kind}`;
  if (Object.keys(patch).length > 0) {
    applyChange(mind, current, patch, { op: 'source_update', options: { actor, reason: `changed in ${kind}` } });
  }
  if (keepOurs) {
    appendJournal(mind.store.db, {
      at: mind.now(),
      actor,
      op: 'source_change',
      memoryId: current.id,
      before: null,
      after: { source: Object.fromEntries(textChanged.map((key) => [key, update.memory[key]])), kept: 'mindloom' },
      reason: `${kind} changed this memory too; Mindloom's edit is kept and the source's change recorded here, not applied`,
    });
    return 'kept';
  }
  return Object.keys(patch).length > 0 ? 'updated' : 'same';
}
