/** A memory row with every column filled, for store-level tests that insert directly. */
import type { MemoryWrite } from './memory-record';

export function memoryRow(over: Partial<MemoryWrite> & Pick<MemoryWrite, 'id'>): MemoryWrite {
  return {
    type: 'note',
    content: 'a note',
    fields: {},
    sourceType: 'direct_experience',
    sourceEntity: null,
    confidence: 0.8,
    alpha: null,
    beta: null,
    timesReinforced: 0,
    verificationCount: 0,
    lastVerifiedAt: null,
    lastReinforcedAt: null,
    reviewStatus: null,
    status: 'active',
    protected: false,
    scope: 'global',
    project: null,
    stability: 1,
    accessCount: 0,
    lastAccessedAt: null,
    codeRefCount: 0,
    eventEvidenceCount: 0,
    supersededBy: null,
    createdAt: 1_000,
    updatedAt: 1_000,
    version: 1,
    ...over,
  };
}
