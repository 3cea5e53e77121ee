/**
 * Following a Kernle `memories.db` as the agent writes to it: rows new since the cursor become
 * memories exactly as an import makes them (kernle-plan.ts), rows changed since become updates of
 * the memories they became (a row Kernle soft-deleted archives its memory). The database and its -wal are watched: Kernle writes in WAL mode, so a
 * commit touches the -wal first and the database only at a checkpoint.
 */
import { EMPTY_KERNLE_CURSOR, type KernleCursor, readKernleChanges } from '../../store/kernle-changes';
import type { KernleRow, KernleTable } from '../../store/kernle-source';
import type { FollowCapability, SourceUpdate } from '../follow/follow-capability';
import { planKernleImport } from './kernle-plan';
import { KERNLE_TYPES } from './kernle-types';

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
    const plan = planKernleImport(mind, { stacks: read.source.stacks, rows: live }, existing);
    const asIfNew = planKernleImport(mind, { stacks: read.source.stacks, rows: known }, new Map()).memories;
    // A successor named by the stand-in id planning gave it is the memory that row is (or is about to be) here.
    const keyOfStandIn = new Map(asIfNew.map((p) => [p.memory.id, p.key]));
    const idOfKey = (key: string) => existing.get(key)?.memoryId ?? plan.memories.find((p) => p.key === key)?.memory.id ?? null;
    const updates: SourceUpdate[] = asIfNew.map((planned) => {
      const m = planned.memory;
      const successorKey = m.supersededBy === null ? null : (keyOfStandIn.get(m.supersededBy) ?? null);
      const supersededBy = successorKey === null ? null : idOfKey(successorKey);
      return {
        key: planned.key,
        memory: { type: m.type, content: m.content, fields: m.fields, status: deleted.has(planned.key) ? 'archived' : m.status, supersededBy, confidence: m.confidence },
      };
    });
    return { plan, updates, cursor: { ...read.cursor }, read: read.read };
  },
};
