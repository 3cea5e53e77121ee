/**
 * Following a Kernle `memories.db` as the agent writes to it: rows new since the cursor become
 * memories exactly as an import makes them (kernle-plan.ts), rows changed since become updates of
 * the memories they became (a row Kernle soft-deleted archives its memory). The database and its -wal are watched: Kernle writes in WAL mode, so a
 * commit touches the -wal first and the database only at a checkpoint.
 */
import { EMPTY_KERNLE_CURSOR, type KernleCursor, readKernleChanges } from '../../store/kernle-changes';
import type { KernleRow, KernleTable } from '../../store/kernle-source';
import type { FollowCapability, SourceField } from '../follow/follow-capability';
import { originsBesides, sourceUpdatesOf } from '../follow/source-updates';
import { planKernleImport } from './kernle-plan';
import { KERNLE_TYPES } from './kernle-types';

/** What a Kernle row says of the memory it became (a belief's confidence follows α/β here, not Kernle's number). */
const KERNLE_FIELDS: readonly SourceField[] = ['content', 'fields', 'status', 'supersededBy', 'confidence'];

export const kernleFollow: FollowCapability = {
  watchedFiles: (path) => [path, `${path}-wal`],
  changesSince(mind, path, { container, cursor, existing }) {
    const read = readKernleChanges(path, container ?? undefined, { ...EMPTY_KERNLE_CURSOR, ...(cursor as Partial<KernleCursor>) });
    const { rows } = read.source;
    // Soft-deleted rows only archive what they became here; they are never imported.
    const deleted = new Set<string>();
    const live = {} as Record<KernleTable, KernleRow[]>;
    for (const table of Object.keys(rows) as KernleTable[]) {
      for (const row of rows[table]) if (row.deleted === 1) deleted.add(row.id);
      live[table] = rows[table].filter((row) => row.deleted !== 1);
    }
    // Rows already here are planned on their own, as if new, only to read what they would become now.
    const known = {} as Record<KernleTable, KernleRow[]>;
    for (const table of Object.keys(rows) as KernleTable[]) known[table] = [];
    for (const mapping of KERNLE_TYPES) known[mapping.table] = rows[mapping.table].filter((row) => existing.has(row.id));
    const knownKeys = Object.values(known).flatMap((table) => table.map((row) => row.id));
    const plan = planKernleImport(mind, { stacks: read.source.stacks, rows: live }, existing);
    const asIfNew = planKernleImport(mind, { stacks: read.source.stacks, rows: known }, originsBesides(existing, knownKeys)).memories;
    const updates = sourceUpdatesOf(asIfNew, existing, plan, { fields: KERNLE_FIELDS, attachments: false }).map((update) =>
      deleted.has(update.key) ? { ...update, memory: { ...update.memory, status: 'archived' as const } } : update,
    );
    return { plan, updates, cursor: { ...read.cursor }, read: read.read };
  },
};
