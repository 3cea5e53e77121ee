/**
 * The mind diff: what happened to the mind between two instants, sorted into categories
 * (shared/mind-diff.ts), with each memory shown as it stood at the window's end.
 */
import { MindError } from '../../shared/errors';
import { DIFF_CATEGORIES, type DiffCategory } from '../../shared/mind-diff';
import type { MemoryStatus, MemoryType } from '../../shared/model';
import { findMemoryVersionAt } from '../store/memories-repo';
import { countDiff, type DiffCounts, diffPage, type DiffRow } from '../store/mind-diff-query';
import type { Mind } from './mind';
import { type SeqPage, seqPage, seqPageRequest } from './paging';
import { iso } from './present';

/** Epoch ms; `to` defaults to now. */
export interface DiffWindowRequest {
  from: number;
  to?: number | undefined;
}

export interface DiffWindow {
  from: string;
  to: string;
}

export interface DiffCountsResult extends DiffWindow {
  counts: DiffCounts;
}

export interface DiffItem {
  id: string;
  /** The memory as it stood at the window's end. */
  type: MemoryType;
  status: MemoryStatus;
  content: string;
  /** Its last change of this kind in the window. */
  op: string;
  at: string;
  actor: string;
  reason: string | null;
  /** How many changes of this kind it had in the window. */
  events: number;
}

export interface DiffPageRequest extends DiffWindowRequest {
  category: DiffCategory;
  cursor?: string | null | undefined;
  limit?: number | undefined;
}

export type DiffPageResult = DiffWindow & { category: DiffCategory } & SeqPage<DiffItem>;

function checkWindow(mind: Mind, request: DiffWindowRequest): { from: number; to: number } {
  const to = request.to ?? mind.now();
  if (!Number.isFinite(request.from) || !Number.isFinite(to)) throw new MindError('invalid_input', 'from and to must be valid times.');
  if (request.from >= to) {
    throw new MindError('invalid_input', `from (${iso(request.from)}) must be before to (${iso(to)}).`, { from: iso(request.from), to: iso(to) });
  }
  return { from: request.from, to };
}

const windowView = (window: { from: number; to: number }): DiffWindow => ({ from: iso(window.from) as string, to: iso(window.to) as string });

/** How many memories each category holds in (from, to]. */
export function getDiffCounts(mind: Mind, request: DiffWindowRequest): DiffCountsResult {
  const window = checkWindow(mind, request);
  return { ...windowView(window), counts: countDiff(mind.store.db, window.from, window.to) };
}

/** One page of a category's memories, the most recently touched first. */
export function getDiffPage(mind: Mind, request: DiffPageRequest): DiffPageResult {
  const window = checkWindow(mind, request);
  if (!DIFF_CATEGORIES.includes(request.category)) {
    throw new MindError('invalid_input', `Unknown category "${String(request.category)}" (use ${DIFF_CATEGORIES.join(', ')}).`);
  }
  const { limit, beforeSeq } = seqPageRequest(request, 50, 'diff');
  const rows = diffPage(mind.store.db, window, request.category, { limit: limit + 1, beforeSeq: beforeSeq ?? undefined });
  const item = (row: DiffRow): DiffItem => {
    // Every counted row changed the memory at or before `to`, so a version stood then unless the
    // version history is damaged (`mindloom check` names that).
    const then = findMemoryVersionAt(mind.store.db, row.memoryId, window.to);
    if (then === null) throw new Error(`${row.memoryId} has no version at ${iso(window.to)}: its version history is damaged.`);
    return {
      id: row.memoryId,
      type: then.type,
      status: then.status,
      content: then.content,
      op: row.op,
      at: iso(row.at) as string,
      actor: row.actor,
      reason: row.reason,
      events: row.events,
    };
  };
  return { ...windowView(window), category: request.category, ...seqPage(rows, limit, item) };
}
