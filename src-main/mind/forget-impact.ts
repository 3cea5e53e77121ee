/**
 * What forgetting a memory would do, before it is done: where its words are removed from, what
 * stands on it (and keeps its own words), the contradictions it settles, and what a person types
 * to confirm. The CLI's `forget`, the app's Forget… dialog and the agents' MCP tool all show this,
 * then forget through `forgetConfirmed` (or lifecycle.ts `forgetMemory` where no person types).
 */
import { MindError } from '../../shared/errors';
import type { LinkKind, MemoryStatus, MemoryType } from '../../shared/model';
import { confirmationPhrase, confirms } from '../../shared/rules/forget-confirmation';
import { forgetFootprint, memoriesStandingOn } from '../store/forget-queries';
import { walkLineage } from '../store/lineage-query';
import { previewText } from './preview';
import { truncateWriteAheadLog } from '../store/maintenance-queries';
import type { MemoryRecord } from '../store/memory-record';
import { loadMemory } from './change';
import { forgetMemory } from './lifecycle';
import type { Mind } from './mind';
import type { WriteOptions } from './write-options';

/** How much of a memory's words the impact shows. */
const PREVIEW_CHARS = 200;
/** How many of the memories standing on it are listed (all are counted). */
const LISTED_DEPENDENTS = 50;

export interface ForgetImpact {
  id: string;
  type: MemoryType;
  status: MemoryStatus;
  version: number;
  /** The start of its words, so the person sees what goes. */
  preview: string;
  /** What the person types to confirm (shared/rules/forget-confirmation.ts). */
  confirmation: string;
  /** Why it cannot be forgotten now (protected, already forgotten); null when it can. */
  refusal: string | null;
  /** Where its words are removed from, besides the memory itself and the search index. */
  removes: { versions: number; journalEntries: number; evidenceRefs: number; embedding: boolean; rejections: number };
  /** Open contradictions it is part of: resolved as forgotten. */
  resolvesContradictions: number;
  /** Memories with a link to it: they stay, keep their own words, and keep the link to its tombstone. */
  dependents: {
    items: { id: string; type: MemoryType; status: MemoryStatus; preview: string; kind: LinkKind }[];
    /** Direct links to it. */
    total: number;
    /** Memories standing on it directly or through others (its whole lineage downwards). */
    transitive: number;
    /** Listed ones that count it as supporting evidence: their tier may drop. */
    losingEvidence: number;
  };
}

export function getForgetImpact(mind: Mind, id: string): ForgetImpact {
  const memory = loadMemory(mind, id);
  const db = mind.store.db;
  const footprint = forgetFootprint(db, memory.seq, memory.id);
  const standing = memoriesStandingOn(db, memory.seq, LISTED_DEPENDENTS);
  const lineage = walkLineage(db, memory.seq, ['down'], null);
  return {
    id: memory.id,
    type: memory.type,
    status: memory.status,
    version: memory.version,
    preview: preview(memory.content),
    confirmation: confirmationPhrase(memory.content, memory.id),
    refusal: refusalOf(memory),
    removes: {
      versions: footprint.versions,
      journalEntries: footprint.journalEntries,
      evidenceRefs: footprint.evidenceRefs,
      embedding: footprint.hasEmbedding,
      rejections: footprint.rejections,
    },
    resolvesContradictions: footprint.openContradictions,
    dependents: {
      items: standing.items.map((item) => ({ id: item.id, type: item.type, status: item.status, preview: preview(item.content), kind: item.kind })),
      total: standing.total,
      transitive: lineage.depths.size - 1,
      losingEvidence: standing.items.filter((item) => item.kind === 'evidence' && item.status !== 'forgotten').length,
    },
  };
}

export interface ForgetResult {
  record: MemoryRecord;
  /** Memories whose state the forgetting changed besides it (lost evidence). */
  affected: string[];
  /**
   * Whether the write-ahead log was folded back and emptied: false while another connection reads
   * the file, and the old words may then sit in the log until that reader lets go.
   */
  logCleared: boolean;
}

/**
 * Forgets a memory a person confirmed by typing its first words (`invalid_input` otherwise,
 * writing nothing). `expectedVersion` in the options makes a memory changed since the impact was
 * shown a conflict.
 */
export function forgetConfirmed(mind: Mind, id: string, confirmation: string, options: WriteOptions): ForgetResult {
  const impact = getForgetImpact(mind, id);
  if (impact.refusal !== null) throw new MindError('invalid_state', impact.refusal, { id });
  if (!confirms(confirmation, impact.confirmation)) {
    throw new MindError('invalid_input', `To forget ${id}, type its first words exactly: "${impact.confirmation}". Nothing was forgotten.`, {
      id,
      expected: impact.confirmation,
    });
  }
  return forgetWithReport(mind, impact, options);
}

/** Forgets the memory an impact describes (a person confirmed it their own way: the CLI's --yes) and says how it went. */
export function forgetWithReport(mind: Mind, impact: ForgetImpact, options: WriteOptions): ForgetResult {
  const record = forgetMemory(mind, impact.id, options);
  return {
    record,
    affected: impact.dependents.items.filter((item) => item.kind === 'evidence' && item.status !== 'forgotten').map((item) => item.id),
    logCleared: truncateWriteAheadLog(mind.store.db),
  };
}

function refusalOf(memory: MemoryRecord): string | null {
  if (memory.status === 'forgotten') return `${memory.id} was already forgotten.`;
  if (memory.protected) return `${memory.id} is protected; unprotect it before forgetting it.`;
  return null;
}

const preview = (content: string): string => previewText(content, PREVIEW_CHARS);
