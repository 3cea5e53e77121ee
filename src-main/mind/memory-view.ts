/**
 * One memory as a person inspects it: stored and effective confidence, tier and why, staleness,
 * retrieval strength, and its provenance (every related memory, named and clickable).
 */
import type { LinkKind, Memory, MemoryStatus, MemoryType, Tier } from '../../shared/model';
import { effectiveConfidence, isStale } from '../../shared/rules/decay';
import { retrievalStrength } from '../../shared/rules/retrieval';
import { tierOf } from '../../shared/rules/tiers';
import { evidenceRefsOf, type EvidenceRefWithAnchor } from '../store/evidence-refs-repo';
import { linksFrom, linksTo, type StoredLink } from '../store/links-repo';
import { findMemoriesBySeqs, findMemoryVersionAt } from '../store/memories-repo';
import { originOf } from '../store/origins-repo';
import type { MemoryRecord } from '../store/memory-record';
import { MindError } from '../../shared/errors';
import { loadMemory } from './change';
import type { Mind } from './mind';
import { iso, presentMemory } from './present';

export interface MemoryRef {
  id: string;
  type: MemoryType;
  content: string;
  status: MemoryStatus;
}

export interface Provenance {
  sourceType: string;
  sourceEntity: string | null;
  origin: { system: string; originalId: string; container: string | null; details: Record<string, unknown>; importedAt: string } | null;
  derivedFrom: MemoryRef[];
  processedInto: MemoryRef[];
  evidence: MemoryRef[];
  counterEvidence: MemoryRef[];
  supersedes: MemoryRef[];
  supersededBy: MemoryRef[];
  mergedFrom: MemoryRef[];
  splitFrom: MemoryRef[];
}

export interface MemoryView extends Memory {
  effectiveConfidence: number;
  tierWhy: string;
  stale: boolean;
  retrievalStrength: number;
  asOf: string | null;
  provenance: Provenance;
  evidenceRefs: (Omit<EvidenceRefWithAnchor, 'createdAt'> & { createdAt: string })[];
}

/** The parts of a view that depend on the clock. */
export function derivedReadings(record: MemoryRecord, now: number) {
  const verdict = tierOf(record);
  return {
    effectiveConfidence: effectiveConfidence(record, now),
    tier: verdict.tier as Tier,
    tierWhy: verdict.why,
    stale: isStale(record, now),
    retrievalStrength: retrievalStrength(record, now),
  };
}

export function getMemoryView(mind: Mind, id: string, options: { asOf?: number | undefined } = {}): MemoryView {
  const db = mind.store.db;
  const live = loadMemory(mind, id);
  let record = live;
  if (options.asOf !== undefined && !Number.isFinite(options.asOf)) throw new MindError('invalid_input', 'asOf must be a valid time.');
  if (options.asOf !== undefined) {
    const past = findMemoryVersionAt(db, live.id, options.asOf);
    if (!past) {
      throw new MindError('not_found', `${id} did not exist at ${iso(options.asOf)}.`, { id: live.id, asOf: iso(options.asOf) });
    }
    record = { ...past, seq: live.seq };
  }
  const at = options.asOf ?? mind.now();
  const asOf = options.asOf;
  // As of a past time: only the links made by then, each related memory as it stood then.
  const refsOf = (seqs: number[]): MemoryRef[] =>
    findMemoriesBySeqs(db, seqs).flatMap((m) => {
      const then = asOf === undefined ? m : findMemoryVersionAt(db, m.id, asOf);
      return then ? [{ id: m.id, type: then.type, content: then.content, status: then.status }] : [];
    });
  // A link voided by an undo stood from its making until then.
  const linkedThen = (link: StoredLink) => asOf === undefined || (link.createdAt <= asOf && (link.voidedAt === null || link.voidedAt > asOf));
  const out = linksFrom(db, live.seq, undefined, { voided: asOf !== undefined }).filter(linkedThen);
  const into = linksTo(db, live.seq, undefined, { voided: asOf !== undefined }).filter(linkedThen);
  const targets = (kind: LinkKind) => refsOf(out.filter((l) => l.kind === kind).map((l) => l.toSeq));
  const sources = (kind: LinkKind) => refsOf(into.filter((l) => l.kind === kind).map((l) => l.fromSeq));
  const evidenceRefs = evidenceRefsOf(db, live.seq)
    .filter((r) => options.asOf === undefined || r.createdAt <= options.asOf)
    .map((r) => ({ ...r, createdAt: iso(r.createdAt) as string }));
  const readings = derivedReadings(record, at);
  return {
    ...presentMemory(record),
    ...readings,
    tierWhy: asOf === undefined ? withStaleRefs(readings.tierWhy, evidenceRefs) : readings.tierWhy,
    asOf: options.asOf === undefined ? null : iso(options.asOf),
    provenance: {
      sourceType: record.sourceType,
      sourceEntity: record.sourceEntity,
      origin: originView(db, live.seq),
      derivedFrom: targets('derived_from'),
      processedInto: sources('derived_from'),
      evidence: targets('evidence'),
      counterEvidence: targets('counter_evidence'),
      supersedes: targets('supersedes'),
      supersededBy: sources('supersedes'),
      mergedFrom: targets('merged_from'),
      splitFrom: targets('split_from'),
    },
    evidenceRefs,
  };
}

/** The tier's words, naming the code references that stopped grounding the memory (their lines changed, their file is gone). */
function withStaleRefs(why: string, refs: readonly { state: string | null; ref: string }[]): string {
  const stale = refs.filter((r) => r.state === 'changed' || r.state === 'gone').map((r) => `${r.ref} ${r.state === 'gone' ? 'is gone' : 'changed'}`);
  return stale.length === 0 ? why : `${why}; not counted as grounding since its code moved on: ${stale.join(', ')}`;
}

function originView(db: Mind['store']['db'], seq: number): Provenance['origin'] {
  const origin = originOf(db, seq);
  if (origin === null) return null;
  return {
    system: origin.system,
    originalId: origin.originalId,
    container: origin.container,
    details: origin.details,
    importedAt: iso(origin.importedAt) as string,
  };
}
