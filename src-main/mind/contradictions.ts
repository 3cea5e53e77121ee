/**
 * Rule contradiction detection (negation, comparative and preference pairs, and denials:
 * shared/rules/contradiction.ts). A statement is compared
 * only with its near neighbours among active beliefs (shared terms through full-text search),
 * never with every belief.
 */
import { MindError } from '../../shared/errors';
import type { ContradictionStatus } from '../../shared/model';
import {
  contradictionBetween,
  NEGATORS,
  partnerSearch,
  POLARITY_TERMS,
  readStatement,
  type RuleContradiction,
} from '../../shared/rules/contradiction';
import {
  type ContradictionFacts,
  type ContradictionRow,
  countOpenContradictions as countOpen,
  countSettledContradictions as countSettled,
  findContradictionByPair,
  hasContradiction,
  insertContradiction,
  listContradictions,
  openContradictionsTouching,
} from '../store/contradictions-repo';
import type { MemoryRecord } from '../store/memory-record';
import { maxMemorySeqOf } from '../store/consolidation-repo';
import { beliefNeighbours, beliefsSayingAll, polarityPage } from '../store/search-query';
import type { Mind } from './mind';
import { iso } from './present';
import { journalRecord } from './records';
import { checkActor } from './write-options';

/** How many full-text neighbours each statement is compared with. */
export const NEIGHBOURS_PER_STATEMENT = 25;
/** Memories read from the polarity index per page (and per transaction). */
const SCAN_PAGE = 2000;

export interface ContradictionMatch {
  belief: { id: string; content: string };
  kind: RuleContradiction['kind'];
  terms: [string, string];
  sharedTerms: string[];
}

/**
 * The active beliefs a statement contradicts by rule, among its full-text neighbours: those taking
 * the other side of a pair it takes, and those saying the same words affirmed where it denies them
 * (or denied where it affirms them).
 */
function matchesFor(mind: Mind, statement: string, excludeSeq: number | null): { record: MemoryRecord; rule: RuleContradiction }[] {
  const read = readStatement(statement);
  const search = partnerSearch(statement, read);
  const db = mind.store.db;
  const candidates = new Map<number, MemoryRecord>();
  for (const record of beliefNeighbours(db, { ...search, negators: NEGATORS }, NEIGHBOURS_PER_STATEMENT, excludeSeq)) candidates.set(record.seq, record);
  if (search.denial !== null) {
    const query = { words: search.words, negators: NEGATORS, negated: search.denial === 'negated' };
    for (const record of beliefsSayingAll(db, query, NEIGHBOURS_PER_STATEMENT, excludeSeq)) candidates.set(record.seq, record);
  }
  const found: { record: MemoryRecord; rule: RuleContradiction }[] = [];
  for (const record of candidates.values()) {
    const rule = contradictionBetween(read, readStatement(record.content));
    if (rule) found.push({ record, rule });
  }
  return found;
}

/** Active beliefs that a statement contradicts by rule. Reads only. */
export function detectContradictionsFor(mind: Mind, statement: string): ContradictionMatch[] {
  if (typeof statement !== 'string' || statement.trim() === '') throw new MindError('invalid_input', 'A statement is required.');
  return matchesFor(mind, statement, null).map(({ record, rule }) => ({
    belief: { id: record.id, content: record.content },
    kind: rule.kind,
    terms: rule.terms,
    sharedTerms: rule.sharedTerms,
  }));
}

/** A contradiction found as a belief was written, and the open record it became. */
export interface RecordedContradiction extends ContradictionMatch {
  contradiction: string;
}

/**
 * Records, open and journaled, the rule contradictions a belief has with the active beliefs, inside
 * the caller's transaction (the write that made the belief): the workbench, `contradictions` and
 * the context pack see them at once, and undoing the write withdraws them with it. A pair already
 * recorded keeps its record.
 */
export function recordContradictionsOf(mind: Mind, belief: MemoryRecord, options: { actor: string; runId?: string | undefined }): RecordedContradiction[] {
  checkActor(options.actor);
  return mind.store.transaction(() =>
    matchesFor(mind, belief.content, belief.seq).map(({ record, rule }) => ({
      belief: { id: record.id, content: record.content },
      kind: rule.kind,
      terms: rule.terms,
      sharedTerms: rule.sharedTerms,
      contradiction: findContradictionByPair(mind.store.db, belief.seq, record.seq)?.id ?? recordRuleContradiction(mind, belief, record, rule, options),
    })),
  );
}

/** One open rule contradiction between two beliefs, journaled as its record's creation (undo withdraws it); returns its id. */
function recordRuleContradiction(
  mind: Mind,
  belief: Pick<MemoryRecord, 'seq' | 'id'>,
  other: Pick<MemoryRecord, 'seq' | 'id'>,
  rule: RuleContradiction,
  options: { actor: string; runId?: string | undefined },
): string {
  const id = mind.newRecordId('ct');
  insertContradiction(mind.store.db, { id, aSeq: belief.seq, bSeq: other.seq, kind: rule.kind, detector: 'rules' }, mind.now());
  journalRecord(mind, {
    kind: 'contradiction',
    id,
    before: null,
    after: { status: 'open', resolution: null, note: null, resolvedAt: null, resolvedBy: null },
    op: 'contradiction_detected',
    actor: options.actor,
    memoryId: belief.id,
    runId: options.runId ?? null,
    note: { with: other.id, kind: rule.kind, terms: rule.terms },
  });
  return id;
}

export interface ScanResult {
  scanned: number;
  found: number;
  recorded: number;
}

/**
 * Store-wide scan: only beliefs that carry a polarity word can take part in a rule
 * contradiction, so only they are walked (a page of the full-text index at a time); each is
 * compared with its neighbours. Each page's new pairs are recorded, with a journal row each, in
 * one transaction: a long scan never holds the store against an agent's writes.
 */
export function scanContradictions(
  mind: Mind,
  options: { actor: string; runId?: string; onProgress?: (scanned: number) => void },
): ScanResult {
  const scan = startScan(mind, options);
  while (scan.step()) options.onProgress?.(scan.result.scanned);
  return scan.finish();
}

/** Progress of a scan run from the app: beliefs compared so far, and how far through the index it is (0–1). */
export interface ScanProgress {
  scanned: number;
  fraction: number;
}

/**
 * The same scan, yielding to the event loop between pages so a window stays live and can show
 * progress (a million-memory mind takes minutes); `signal` stops it between pages, keeping what
 * it recorded.
 */
export async function scanContradictionsInSteps(
  mind: Mind,
  options: { actor: string; onProgress?: (progress: ScanProgress) => void; signal?: AbortSignal },
): Promise<ScanResult & { cancelled: boolean }> {
  const scan = startScan(mind, options);
  const last = Math.max(1, maxMemorySeqOf(mind.store.db));
  while (!options.signal?.aborted && scan.step()) {
    options.onProgress?.({ scanned: scan.result.scanned, fraction: Math.min(1, scan.afterSeq / last) });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { ...scan.finish(), cancelled: options.signal?.aborted ?? false };
}

/** A scan walked a page at a time: `step` records one page (false when the index is done). */
function startScan(mind: Mind, options: { actor: string; runId?: string }) {
  checkActor(options.actor);
  const db = mind.store.db;
  const result: ScanResult = { scanned: 0, found: 0, recorded: 0 };
  // Each pair can be met from both ends; it counts once.
  const pairs = new Set<string>();
  const scan = {
    result,
    afterSeq: 0,
    step(): boolean {
      const page = polarityPage(db, POLARITY_TERMS, scan.afterSeq, SCAN_PAGE);
      if (page.lastSeq === null) return false;
      mind.store.transaction(() => {
        for (const belief of page.beliefs) {
          for (const { record, rule } of matchesFor(mind, belief.content, belief.seq)) {
            const pair = belief.seq < record.seq ? `${belief.seq}:${record.seq}` : `${record.seq}:${belief.seq}`;
            if (pairs.has(pair)) continue;
            pairs.add(pair);
            if (hasContradiction(db, belief.seq, record.seq)) continue;
            recordRuleContradiction(mind, belief, record, rule, options);
            result.recorded += 1;
          }
        }
      });
      result.scanned += page.beliefs.length;
      scan.afterSeq = page.lastSeq;
      return true;
    },
    finish(): ScanResult {
      result.found = pairs.size;
      return result;
    },
  };
  return scan;
}

/** A contradiction as it crosses a boundary, its two sides told by `A`. */
export interface ContradictionViewOf<A> {
  id: string;
  a: A;
  b: A;
  kind: string;
  detector: string;
  status: ContradictionStatus;
  resolution: string | null;
  note: string | null;
  detectedAt: string;
  resolvedAt: string | null;
  /** The actor who settled it (`user`, `agent:NAME`, …); null while open or when not known. */
  resolvedBy: string | null;
}

export type ContradictionView = ContradictionViewOf<{ id: string; content: string }>;

/** The contract's shape of a contradiction's facts (ISO times), with its sides. */
export function presentContradiction<A>(c: ContradictionFacts, a: A, b: A): ContradictionViewOf<A> {
  return {
    id: c.id,
    a,
    b,
    kind: c.kind,
    detector: c.detector,
    status: c.status,
    resolution: c.resolution,
    note: c.note,
    detectedAt: iso(c.detectedAt) as string,
    resolvedAt: iso(c.resolvedAt),
    resolvedBy: c.resolvedBy,
  };
}

export function getContradictions(
  mind: Mind,
  options: { status?: ContradictionStatus | null; limit?: number } = {},
): ContradictionView[] {
  return listContradictions(mind.store.db, options.status === undefined ? 'open' : options.status, options.limit ?? 500).map(contradictionView);
}

/** The open contradictions that involve any of these memories, newest first. */
export function contradictionsTouching(mind: Mind, memoryIds: readonly string[], limit = 50): ContradictionView[] {
  if (memoryIds.length === 0) return [];
  return openContradictionsTouching(mind.store.db, memoryIds, limit).map(contradictionView);
}

function contradictionView(c: ContradictionRow): ContradictionView {
  return presentContradiction(c, { id: c.aId, content: c.aContent }, { id: c.bId, content: c.bContent });
}

export const countOpenContradictions = (mind: Mind): number => countOpen(mind.store.db);
/** Acknowledged or resolved. */
export const countSettledContradictions = (mind: Mind): number => countSettled(mind.store.db);
