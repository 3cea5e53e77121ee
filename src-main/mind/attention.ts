/** Memories that need a person's attention: orphans and uncertain ones. Both page by cursor. */
import { MindError } from '../../shared/errors';
import { DECAY, effectiveConfidence } from '../../shared/rules/decay';
import { activeByConfidence, oldestCreatedAt, orphanRecords } from '../store/maintenance-queries';
import { type MemorySummary, summarizeMemory } from './list';
import type { Mind } from './mind';

const DAY_MS = 86_400_000;

export interface AttentionPage {
  items: MemorySummary[];
  nextCursor: string | null;
}

function checkLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new MindError('invalid_input', 'limit must be from 1 to 500.');
}

function decodeNumbers(cursor: string, count: number): number[] {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split(':').map(Number);
  if (parts.length !== count || parts.some((n) => !Number.isFinite(n))) {
    throw new MindError('invalid_input', 'That page cursor is damaged.');
  }
  return parts;
}

const encodeNumbers = (...numbers: number[]) => Buffer.from(numbers.join(':')).toString('base64url');

export function listOrphans(mind: Mind, options: { limit?: number; cursor?: string | null } = {}): AttentionPage {
  const limit = options.limit ?? 50;
  checkLimit(limit);
  const afterSeq = options.cursor ? (decodeNumbers(options.cursor, 1)[0] as number) : 0;
  const records = orphanRecords(mind.store.db, afterSeq, limit + 1);
  const page = records.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => summarizeMemory(r, mind.now())),
    nextCursor: records.length > limit && last ? encodeNumbers(last.seq) : null,
  };
}

/**
 * Active memories whose effective (decayed) confidence is below the threshold, in ascending stored
 * confidence. Only rows stored below `threshold + the most any memory can have decayed` can
 * qualify, so the scan stops there instead of reading the whole mind.
 */
export function listUncertain(
  mind: Mind,
  options: { threshold?: number; limit?: number; cursor?: string | null } = {},
): AttentionPage {
  const threshold = options.threshold ?? 0.5;
  if (!(threshold > 0 && threshold <= 1)) throw new MindError('invalid_input', 'threshold must be within (0, 1].');
  const limit = options.limit ?? 50;
  checkLimit(limit);
  const now = mind.now();
  const oldest = oldestCreatedAt(mind.store.db) ?? now;
  const maxDecay = Math.max(
    0,
    ...Object.values(DECAY).map((d) => (d ? (d.rate * Math.max(0, now - oldest)) / (d.periodDays * DAY_MS) : 0)),
  );
  const [confidence, seq] = options.cursor ? decodeNumbers(options.cursor, 2) : [];
  const after = confidence !== undefined && seq !== undefined ? { confidence, seq } : null;
  const items: MemorySummary[] = [];
  let last: { confidence: number; seq: number } | null = null;
  let more = false;
  for (const record of activeByConfidence(mind.store.db, after, threshold + maxDecay + 1e-9)) {
    if (effectiveConfidence(record, now) >= threshold) continue;
    if (items.length === limit) {
      more = true;
      break;
    }
    items.push(summarizeMemory(record, now));
    last = { confidence: record.confidence, seq: record.seq };
  }
  return { items, nextCursor: more && last ? encodeNumbers(last.confidence, last.seq) : null };
}
