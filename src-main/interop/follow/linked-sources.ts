/** The linked sources as Settings → Linked sources and `mindloom sources` show them, and unlinking one. */
import { isoTime } from '../../mind/iso-time';
import type { Mind } from '../../mind/mind';
import { appendJournal } from '../../store/journal-repo';
import { deleteLinkedSource, findLinkedSource, listLinkedSources } from '../../store/linked-sources-repo';

const counted = (value: unknown) => (typeof value === 'number' ? value : 0);

export function linkedSourcesOf(mind: Mind) {
  return listLinkedSources(mind.store.db).map((s) => ({
    system: s.system,
    path: s.path,
    container: s.container,
    linkedAt: isoTime(s.createdAt),
    lastSyncedAt: s.lastSyncedAt === null ? null : isoTime(s.lastSyncedAt),
    lastChange:
      s.lastChange === null
        ? null
        : { added: (s.lastChange.added ?? {}) as Record<string, number>, updated: counted(s.lastChange.updated), kept: counted(s.lastChange.kept) },
    lastChangeAt: s.lastChangeAt === null ? null : isoTime(s.lastChangeAt),
    totals: { added: counted(s.totals.added), updated: counted(s.totals.updated), kept: counted(s.totals.kept) },
    lastError: s.lastError,
  }));
}

export function unlinkSource(mind: Mind, system: string, path: string): boolean {
  return mind.store.transaction(() => {
    const source = findLinkedSource(mind.store.db, system, path);
    if (!source) return false;
    deleteLinkedSource(mind.store.db, source.seq);
    appendJournal(mind.store.db, { at: mind.now(), actor: 'user', op: 'unlink_source', memoryId: null, before: { system, path }, after: { totals: source.totals } });
    return true;
  });
}
