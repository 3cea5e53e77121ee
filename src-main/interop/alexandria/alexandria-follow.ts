/**
 * Following an Alexandria `alexandria.db` as a coding agent writes to it: rows new since the cursor
 * become memories exactly as an import makes them (alexandria-plan.ts); memory objects changed
 * since (store/alexandria-changes.ts) update the memories they became: words, status and
 * supersession, review status, confidence, a newer verification, evidence events cited since and
 * code references added since; an outcome reported for a memory already here joins its history.
 */
import { readAlexandriaChanges } from '../../store/alexandria-changes';
import { EMPTY_ROW_CURSOR, type RowCursor } from '../../store/live-sqlite';
import type { FollowCapability, SourceField } from '../follow/follow-capability';
import { originsBesides, sourceUpdatesOf } from '../follow/source-updates';
import { outcomeHistory, planAlexandriaImport } from './alexandria-plan';

const ALEXANDRIA_FIELDS: readonly SourceField[] = [
  'content', 'fields', 'status', 'supersededBy', 'confidence', 'alpha', 'beta', 'reviewStatus', 'lastVerifiedAt', 'verificationCount',
];

export const alexandriaFollow: FollowCapability = {
  // Alexandria writes in WAL mode: a commit touches the -wal first and the database only at a checkpoint.
  watchedFiles: (path) => [path, `${path}-wal`],
  changesSince(mind, path, { cursor, existing }) {
    const read = readAlexandriaChanges(path, { ...EMPTY_ROW_CURSOR, ...(cursor as Partial<RowCursor>) });
    const { source } = read;
    const keys = [...source.sessions, ...source.events, ...source.objects].map((row) => row.id);
    const plan = planAlexandriaImport(mind, source, existing);
    const asIfNew = planAlexandriaImport(mind, source, originsBesides(existing, keys)).memories;
    const updates = sourceUpdatesOf(asIfNew, existing, plan, { fields: ALEXANDRIA_FIELDS, attachments: true });
    // A new object's outcomes are in its planned history; one already here gets each as a note.
    for (const outcome of source.outcomes) {
      const key = String(outcome.memory_id);
      if (existing.has(key)) plan.notes.push({ key, ...outcomeHistory(outcome, mind.now()) });
    }
    return { plan, updates, cursor: { ...read.cursor }, read: read.read };
  },
};
