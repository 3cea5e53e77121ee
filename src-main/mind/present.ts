/** Records (epoch ms, seq keys) become the contract's shapes (ISO times, public ids only). */
import type { Memory } from '../../shared/model';
import type { MemoryRecord } from '../store/memory-record';
import { isoTime } from './iso-time';

export const iso = (ms: number | null): string | null => (ms === null ? null : isoTime(ms));

export function presentMemory(r: MemoryRecord): Memory {
  return {
    id: r.id,
    type: r.type,
    content: r.content,
    fields: r.fields,
    sourceType: r.sourceType,
    sourceEntity: r.sourceEntity,
    confidence: r.confidence,
    alpha: r.alpha,
    beta: r.beta,
    timesReinforced: r.timesReinforced,
    verificationCount: r.verificationCount,
    lastVerifiedAt: iso(r.lastVerifiedAt),
    lastReinforcedAt: iso(r.lastReinforcedAt),
    reviewStatus: r.reviewStatus,
    status: r.status,
    protected: r.protected,
    scope: r.scope,
    project: r.project,
    stability: r.stability,
    accessCount: r.accessCount,
    lastAccessedAt: iso(r.lastAccessedAt),
    codeRefCount: r.codeRefCount,
    eventEvidenceCount: r.eventEvidenceCount,
    tier: r.tier,
    supersededBy: r.supersededBy,
    createdAt: iso(r.createdAt) as string,
    updatedAt: iso(r.updatedAt) as string,
    version: r.version,
  };
}
