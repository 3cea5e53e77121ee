/**
 * Writes an import plan in one transaction: memories with their origins, annotations, links, their
 * past as journal rows at their own times, review outcomes and rejections. Every row is journaled
 * under the importer's actor (`import:kernle`); nothing is written unless all of it is.
 */
import { EVENT_REF_KINDS, GROUNDING_REF_KINDS } from '../../shared/model';
import { insertEvidenceRef } from '../store/evidence-refs-repo';
import { appendJournal } from '../store/journal-repo';
import { insertLink } from '../store/links-repo';
import { findMemoryBySeq, insertMemory, updateMemory } from '../store/memories-repo';
import { insertRejection } from '../store/rejections-repo';
import { anchorRefsOfMemories } from '../mind/code-refs/anchor';
import type { Mind } from '../mind/mind';
import { rejectionFingerprint } from '../mind/review';
import { insertOrigin, originsOfSystem } from '../store/origins-repo';
import { mergeSearchIndexAfterBulkWrite } from '../store/search-index-merge';
import { type ExistingOrigins, type ImportPlan, type PlannedHistory, resolvePlan, summarizePlan } from './import-plan';
import type { ImportOptions, ImportSummary } from './importer';

const PROGRESS_EVERY = 500;

/**
 * Every importer's last steps: plan against what the mind already holds (re-importing skips it),
 * resolve the references, and write the plan unless this is a dry run.
 */
export function importByPlan(mind: Mind, system: string, options: ImportOptions, build: (existing: ExistingOrigins) => ImportPlan): ImportSummary {
  const existing = originsOfSystem(mind.store.db, system);
  const plan = resolvePlan(build(existing), existing);
  if (!options.dryRun) writePlan(mind, plan, existing, options.onProgress);
  return summarizePlan(plan, options.dryRun ?? false);
}

export function writePlan(mind: Mind, plan: ImportPlan, existing: ExistingOrigins, onProgress?: (done: number, total: number | null) => void): void {
  const actor = `import:${plan.system}`;
  const total = plan.memories.length;
  mind.store.transaction(() => {
    const db = mind.store.db;
    const at = mind.now();
    const seqOf = new Map<string, { memoryId: string; memorySeq: number }>(existing);
    plan.memories.forEach((planned, i) => {
      const refs = planned.refs;
      const memory = {
        ...planned.memory,
        codeRefCount: planned.memory.codeRefCount + refs.filter((r) => GROUNDING_REF_KINDS.includes(r.kind)).length,
        eventEvidenceCount:
          planned.memory.eventEvidenceCount +
          refs.filter((r) => EVENT_REF_KINDS.includes(r.kind)).length +
          planned.links.filter((l) => l.kind === 'evidence').length,
        version: 1,
      };
      const seq = insertMemory(db, memory);
      seqOf.set(planned.key, { memoryId: memory.id, memorySeq: seq });
      insertOrigin(db, { memorySeq: seq, system: plan.system, originalId: planned.key, container: planned.container, details: planned.details }, at);
      for (const ref of refs) insertEvidenceRef(db, seq, ref, at);
      if ((i + 1) % PROGRESS_EVERY === 0) onProgress?.(i + 1, total);
    });
    // Imported code references are anchored now when their repository is already named (else when it is added).
    const grounded = plan.memories.filter((p) => p.refs.some((r) => GROUNDING_REF_KINDS.includes(r.kind)));
    anchorRefsOfMemories(mind, new Set(grounded.map((p) => (seqOf.get(p.key) as { memorySeq: number }).memorySeq)));
    const idsOf = (keys: readonly string[] | undefined) => keys?.map((key) => seqOf.get(key)?.memoryId ?? key) ?? null;
    const journalHistory = (memoryId: string, row: PlannedHistory, memoryVersion: number | null) =>
      appendJournal(db, {
        at: row.at,
        actor,
        op: row.op,
        memoryId,
        before: row.before ?? null,
        after: row.after ?? null,
        confidenceBefore: row.confidenceBefore ?? null,
        confidenceAfter: row.confidenceAfter ?? null,
        reason: row.reason ?? null,
        evidence: idsOf(row.evidence),
        memoryVersion,
      });
    for (const planned of plan.memories) {
      const self = seqOf.get(planned.key) as { memoryId: string; memorySeq: number };
      for (const link of planned.links) {
        const target = seqOf.get(link.to);
        if (target) insertLink(db, { fromSeq: self.memorySeq, toSeq: target.memorySeq, kind: link.kind }, at);
      }
      // The memory's past first, so its history reads in the order things happened.
      for (const row of planned.history) journalHistory(self.memoryId, row, null);
      const m = planned.memory;
      appendJournal(db, {
        at,
        actor,
        op: 'import',
        memoryId: self.memoryId,
        before: null,
        after: {
          type: m.type,
          content: m.content,
          fields: m.fields,
          sourceType: m.sourceType,
          sourceEntity: m.sourceEntity,
          status: m.status,
          reviewStatus: m.reviewStatus,
          protected: m.protected,
          origin: `${plan.system}:${planned.key}`,
          container: planned.container,
          links: planned.links.map((l) => ({ kind: l.kind, to: seqOf.get(l.to)?.memoryId })),
        },
        confidenceBefore: null,
        confidenceAfter: m.confidence,
        memoryVersion: 1,
      });
    }
    for (const rejection of plan.rejections) {
      const target = seqOf.get(rejection.key);
      insertRejection(
        db,
        { fingerprint: rejectionFingerprint(rejection.text), text: rejection.text, memoryId: target?.memoryId ?? null, reason: rejection.reason },
        rejection.at,
      );
    }
    for (const note of plan.notes) {
      const target = seqOf.get(note.key);
      if (!target) continue;
      let version: number | null = null;
      if (note.reviewStatus !== undefined) {
        const current = findMemoryBySeq(db, target.memorySeq);
        if (current && current.reviewStatus !== note.reviewStatus) {
          version = current.version + 1;
          updateMemory(db, target.memorySeq, { reviewStatus: note.reviewStatus, version, updatedAt: at });
        }
      }
      journalHistory(target.memoryId, note, version);
    }
    onProgress?.(total, total);
  });
  mergeSearchIndexAfterBulkWrite(mind.store.db, total);
}
