/**
 * Deciding many review items at once: approve (memories approved, proposals applied) or reject
 * (memories rejected with the reason, proposals declined). One transaction, so one action for
 * undo; an item that changed since the person saw it refuses the whole batch and names it.
 *
 * A dry run does the same work inside the transaction and rolls it back, so the summary a person
 * confirms is exactly what the real run would do.
 */
import { MindError } from '../../../shared/errors';
import type { Tier } from '../../../shared/model';
import { readTallies, type Tally } from '../../store/tallies-query';
import { loadMemory } from '../../mind/change';
import type { Mind } from '../../mind/mind';
import { approveMemory, rejectMemory } from '../../mind/review';
import { checkActor } from '../../mind/write-options';
import { approveProposal, getProposal, rejectProposal } from '../proposals';

export type BulkAction = 'approve' | 'reject';

export interface BulkItem {
  id: string;
  /** The memory's version as the person saw it (proposals have none: they must still be pending). */
  expectedVersion?: number | undefined;
}

export interface BulkSummary {
  action: BulkAction;
  applied: boolean;
  memories: number;
  proposals: number;
  /** Memories by type, proposals by kind. */
  memoryTypes: Record<string, number>;
  proposalKinds: Record<string, number>;
  /** How the decided memories' tiers move. */
  tiers: { from: Tier; to: Tier; count: number }[];
  /** Memories made, superseded and archived by the batch (proposals applied, rejections). */
  created: number;
  superseded: number;
  archived: number;
  /** The same, in sentences. */
  lines: string[];
  /** The items decided, in the order given. */
  ids: string[];
}

export interface BulkConflict {
  id: string;
  why: string;
}

/** Rolls a dry run's transaction back, carrying its summary out. */
class DryRunDone extends Error {
  constructor(readonly summary: BulkSummary) {
    super('dry run');
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** "3 beliefs, 1 note"; proposal kinds as "2 × revise". */
const tally = (counts: Record<string, number>, kinds = false) =>
  Object.entries(counts)
    .map(([key, n]) => (kinds ? `${n} × ${key}` : plural(n, key)))
    .join(', ');

function checkItems(mind: Mind, items: readonly BulkItem[]): BulkConflict[] {
  const conflicts: BulkConflict[] = [];
  for (const item of items) {
    if (item.id.startsWith('pr_')) {
      const proposal = getProposal(mind, item.id);
      if (proposal.status !== 'pending') conflicts.push({ id: item.id, why: `${item.id} was ${proposal.status} meanwhile` });
      continue;
    }
    const record = loadMemory(mind, item.id);
    if (item.expectedVersion !== undefined && record.version !== item.expectedVersion) {
      conflicts.push({ id: item.id, why: `${item.id} changed meanwhile (version ${item.expectedVersion} → ${record.version})` });
    } else if (record.reviewStatus !== 'pending' || record.status !== 'active') {
      conflicts.push({ id: item.id, why: `${item.id} is no longer waiting for review (${record.status}, ${record.reviewStatus ?? 'never reviewed'})` });
    }
  }
  return conflicts;
}

function statusCount(tallies: readonly Tally[], status: string): number {
  return tallies.filter((t) => t.status === status).reduce((sum, t) => sum + t.n, 0);
}

export function reviewBulk(
  mind: Mind,
  items: readonly BulkItem[],
  options: { action: BulkAction; reason?: string | undefined; dryRun?: boolean; actor: string },
): BulkSummary {
  checkActor(options.actor);
  if (items.length === 0) throw new MindError('invalid_input', 'Select at least one item.');
  if (new Set(items.map((i) => i.id)).size !== items.length) throw new MindError('invalid_input', 'An item is listed twice.');
  const reason = options.reason?.trim() ?? '';
  if (options.action === 'reject' && reason === '') {
    throw new MindError('invalid_input', 'A rejection needs a reason (it is kept so the mind does not learn this again).');
  }
  try {
    return mind.store.transaction(() => {
      const conflicts = checkItems(mind, items);
      if (conflicts.length > 0) {
        throw new MindError('version_conflict', `Nothing was changed: ${conflicts.map((c) => c.why).join('; ')}. Reload the queue and try again.`, {
          conflicts,
        });
      }
      const before = readTallies(mind.store.db);
      const summary: BulkSummary = {
        action: options.action,
        applied: !options.dryRun,
        memories: 0,
        proposals: 0,
        memoryTypes: {},
        proposalKinds: {},
        tiers: [],
        created: 0,
        superseded: 0,
        archived: 0,
        lines: [],
        ids: items.map((i) => i.id),
      };
      const tierMoves = new Map<string, number>();
      const write = { actor: options.actor, reason: reason === '' ? undefined : reason };
      for (const item of items) {
        if (item.id.startsWith('pr_')) {
          const kind = getProposal(mind, item.id).kind;
          if (options.action === 'approve') approveProposal(mind, item.id, { actor: options.actor });
          else rejectProposal(mind, item.id, { actor: options.actor, reason });
          summary.proposals += 1;
          summary.proposalKinds[kind] = (summary.proposalKinds[kind] ?? 0) + 1;
          continue;
        }
        const was = loadMemory(mind, item.id);
        const now =
          options.action === 'approve'
            ? approveMemory(mind, item.id, { ...write, expectedVersion: item.expectedVersion })
            : rejectMemory(mind, item.id, { ...write, reason, expectedVersion: item.expectedVersion });
        summary.memories += 1;
        summary.memoryTypes[was.type] = (summary.memoryTypes[was.type] ?? 0) + 1;
        const move = `${was.tier}>${now.tier}`;
        tierMoves.set(move, (tierMoves.get(move) ?? 0) + 1);
      }
      const afterTallies = readTallies(mind.store.db);
      const total = (tallies: readonly Tally[]) => tallies.reduce((sum, t) => sum + t.n, 0);
      summary.created = total(afterTallies) - total(before);
      summary.superseded = statusCount(afterTallies, 'superseded') - statusCount(before, 'superseded');
      summary.archived = statusCount(afterTallies, 'archived') - statusCount(before, 'archived');
      summary.tiers = [...tierMoves].map(([move, count]) => {
        const [from, to] = move.split('>') as [Tier, Tier];
        return { from, to, count };
      });
      summary.lines = describe(summary);
      if (options.dryRun) throw new DryRunDone(summary);
      return summary;
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.summary;
    throw error;
  }
}

function describe(s: BulkSummary): string[] {
  const lines: string[] = [];
  const verb = s.action === 'approve' ? 'Approve' : 'Reject';
  if (s.memories > 0) {
    const after = s.action === 'reject' ? ' (archived, and never learned again)' : '';
    lines.push(`${verb} ${plural(s.memories, 'memory', 'memories')}: ${tally(s.memoryTypes)}${after}.`);
  }
  if (s.proposals > 0) lines.push(`${s.action === 'approve' ? 'Apply' : 'Decline'} ${plural(s.proposals, 'proposal')}: ${tally(s.proposalKinds, true)}.`);
  for (const move of s.tiers) {
    const memories = plural(move.count, 'memory', 'memories');
    lines.push(move.from === move.to ? `Tier: ${memories} stay ${move.from}.` : `Tier: ${memories} ${move.from} → ${move.to}.`);
  }
  const effects = [
    s.created > 0 ? `creates ${plural(s.created, 'memory', 'memories')}` : '',
    s.superseded > 0 ? `supersedes ${s.superseded}` : '',
    s.archived > 0 ? `archives ${s.archived}` : '',
  ].filter((e) => e !== '');
  if (effects.length > 0) lines.push(`In all it ${effects.join(', ')}.`);
  return lines;
}
