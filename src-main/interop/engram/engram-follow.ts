/**
 * Following an Engram `memory.db` as the Claude Code memory daemon writes to it: rows new since
 * the cursor become memories exactly as an import makes them (engram-plan.ts); rows changed since
 * (store/engram-changes.ts) update the memories they became: a revised statement, a status
 * (revised, split, merged, archived) with its lineage to the beliefs that replaced it, α and β as
 * evidence accrues, and supporting or contradicting episodes added since as evidence links.
 */
import { basename } from 'node:path';
import { readEngramChanges } from '../../store/engram-changes';
import { EMPTY_ROW_CURSOR, type RowCursor } from '../../store/live-sqlite';
import type { FollowCapability, SourceField } from '../follow/follow-capability';
import { originsBesides, sourceUpdatesOf } from '../follow/source-updates';
import { chunkKey, planEngramImport, projectKey } from './engram-plan';

/** What an Engram row says of the memory it became: a belief's confidence is α/(α+β), both kept exactly. */
const ENGRAM_FIELDS: readonly SourceField[] = ['content', 'fields', 'status', 'supersededBy', 'confidence', 'alpha', 'beta'];

export const engramFollow: FollowCapability = {
  // Engram writes in WAL mode: a commit touches the -wal first and the database only at a checkpoint.
  watchedFiles: (path) => [path, `${path}-wal`],
  changesSince(mind, path, { cursor, existing }) {
    const read = readEngramChanges(path, { ...EMPTY_ROW_CURSOR, ...(cursor as Partial<RowCursor>) });
    const { source } = read;
    const file = basename(path);
    const keys = [
      ...source.projects.map((row) => projectKey(row.id)),
      ...source.episodes.map((row) => row.id),
      ...source.chunks.map((row) => chunkKey(row.id)),
      ...source.beliefs.map((row) => row.id),
    ];
    const plan = planEngramImport(mind, source, existing, file);
    const asIfNew = planEngramImport(mind, source, originsBesides(existing, keys), file).memories;
    const updates = sourceUpdatesOf(asIfNew, existing, plan, { fields: ENGRAM_FIELDS, attachments: true });
    return { plan, updates, cursor: { ...read.cursor }, read: read.read };
  },
};
