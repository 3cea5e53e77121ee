/**
 * The records a sync re-read that the mind already holds, as updates: each importer plans the rows
 * it read as if they were new (`asIfNew`, planned against the mind's origins minus the rows read,
 * so what they name outside the read resolves as in an import), and what it would make of each is
 * what the source now says about it. A successor named by the stand-in id planning gave a record
 * of the read is the memory that record is (or is about to be) here.
 */
import type { ExistingOrigins, ImportPlan, PlannedMemory } from '../import-plan';
import type { SourceField, SourceUpdate } from './follow-capability';

/** The mind's origins without the records read, so planning makes each of those anew. */
export function originsBesides(existing: ExistingOrigins, read: Iterable<string>): ExistingOrigins {
  const besides = new Map(existing);
  for (const key of read) besides.delete(key);
  return besides;
}

export interface UpdateOptions {
  /** The fields this source speaks for. */
  fields: readonly SourceField[];
  /** Whether its links and evidence refs are added to the memories here (new evidence, lineage, code refs). */
  attachments: boolean;
}

export function sourceUpdatesOf(asIfNew: readonly PlannedMemory[], existing: ExistingOrigins, plan: ImportPlan, options: UpdateOptions): SourceUpdate[] {
  const keyOfStandIn = new Map(asIfNew.map((p) => [p.memory.id, p.key]));
  const idOfKey = (key: string) => existing.get(key)?.memoryId ?? plan.memories.find((p) => p.key === key)?.memory.id ?? null;
  return asIfNew
    .filter((planned) => existing.has(planned.key))
    .map((planned) => {
      const m = planned.memory;
      const standIn = m.supersededBy === null ? undefined : keyOfStandIn.get(m.supersededBy);
      const supersededBy = standIn === undefined ? m.supersededBy : idOfKey(standIn);
      const memory: SourceUpdate['memory'] = { type: m.type };
      for (const field of options.fields) Object.assign(memory, { [field]: field === 'supersededBy' ? supersededBy : m[field] });
      return options.attachments ? { key: planned.key, memory, links: planned.links, refs: planned.refs } : { key: planned.key, memory };
    });
}
