/**
 * The editing calls: the review queue and its decisions, rejections, the inbox, verification,
 * reinforcement, supersession, promotion, the contradiction workbench, undo, and the attention counts. Every
 * change runs as one action and answers with its id, so the window's Undo takes back exactly it.
 */
import type { EDITING_CALLS } from '../../shared/contract/editing';
import { reviewBulk } from '../consolidation/review/bulk';
import { countReviewQueue, getNearest, getReviewDetail, listReviewQueue } from '../consolidation/review/queue';
import { approveProposal, rejectProposal } from '../consolidation/proposals';
import { autoApproveWaiting } from '../mind/auto-approve';
import {
  flagContradiction,
  getContradictionCase,
  listContradictionCases,
  reopenContradiction,
  resolveContradictionCase,
} from '../mind/contradiction-workbench';
import { reinforceMemory } from '../mind/confidence-ops';
import { countOpenContradictions, countSettledContradictions } from '../mind/contradictions';
import { countInbox, dismissMany, listInbox, promoteMany } from '../mind/inbox';
import { getMemoryView } from '../mind/memory-view';
import { promoteMemory } from '../mind/promote';
import { getRejections, revokeRejection } from '../mind/rejections';
import { countStale } from '../mind/stale';
import { approveMemory, editAndApprove, mergeInto, rejectMemory } from '../mind/review';
import { previewSupersession, supersedeAndSettle } from '../mind/supersede';
import { runAction, undoAction } from '../mind/undo';
import { verifyWithEvidence } from '../mind/verify';
import { createScanRunner } from './contradiction-scan';
import type { ApiContext, HandlerSlice } from './handler-table';

type EditingCall = keyof typeof EDITING_CALLS;

const BY_HAND = { actor: 'user' } as const;

export function editingCalls(ctx: ApiContext, logError: (message: string, error: unknown) => void): HandlerSlice<EditingCall> {
  const mind = () => ctx.session.mind();
  const scan = createScanRunner(ctx.session, () => ctx.changed([]), logError);
  /** Runs a change as one action, tells every window which memories it touched, and names the action. */
  const act = <T>(work: () => T, touched: (result: T) => string[]): { result: T; action: number } => {
    const done = runAction(mind(), work);
    ctx.changed(touched(done.result));
    return done;
  };
  /** A change to one memory, answered with that memory as it now stands. */
  const changeOne = (id: string, work: () => unknown) => {
    const { action } = act(work, () => [id]);
    return { memory: getMemoryView(mind(), id), action };
  };

  return {
    'review.queue': (request) => listReviewQueue(mind(), { limit: request?.limit, cursor: request?.cursor ?? null }),
    'review.detail': ({ id }) => getReviewDetail(mind(), id),
    'review.nearest': ({ id }) => ({ items: getNearest(mind(), id) }),
    'review.approve': ({ id, expectedVersion }) => changeOne(id, () => approveMemory(mind(), id, { ...BY_HAND, expectedVersion })),
    'review.editAndApprove': ({ id, expectedVersion, content, fields }) =>
      changeOne(id, () => editAndApprove(mind(), id, { content, fields }, { ...BY_HAND, expectedVersion })),
    'review.merge': ({ id, expectedVersion, into, intoVersion }) => {
      const { action } = act(
        () => mergeInto(mind(), id, into, { ...BY_HAND, expectedVersion, targetVersion: intoVersion }),
        () => [id, into],
      );
      return { into: getMemoryView(mind(), into), merged: getMemoryView(mind(), id), action };
    },
    'review.reject': ({ id, expectedVersion, reason }) => changeOne(id, () => rejectMemory(mind(), id, { ...BY_HAND, expectedVersion, reason })),
    'review.approveProposal': ({ id }) => {
      const { result, action } = act(
        () => approveProposal(mind(), id, BY_HAND),
        (created) => created.map((m) => m.id),
      );
      return { created: result.map((m) => m.id), action };
    },
    'review.rejectProposal': ({ id, reason }) => {
      const { action } = act(() => rejectProposal(mind(), id, { ...BY_HAND, reason }), () => []);
      return { id, action };
    },
    'review.bulk': ({ action: decision, items, reason, dryRun }) => {
      if (dryRun) return { ...reviewBulk(mind(), items, { action: decision, reason, dryRun: true, ...BY_HAND }), action: null };
      const { result, action } = act(
        () => reviewBulk(mind(), items, { action: decision, reason, ...BY_HAND }),
        (summary) => summary.ids,
      );
      return { ...result, action };
    },
    'review.applyAutoApproval': () => {
      const { result, action } = act(() => autoApproveWaiting(mind(), BY_HAND), (ids) => ids);
      return { approved: result, action: result.length > 0 ? action : null };
    },
    'rejections.list': (request) => getRejections(mind(), { status: request?.status, limit: request?.limit, cursor: request?.cursor ?? null }),
    'rejections.revoke': ({ seq }) => {
      const { result, action } = act(() => revokeRejection(mind(), seq, BY_HAND), () => []);
      return { rejection: result, action };
    },

    'editing.verify': ({ id, expectedVersion, evidence }) =>
      changeOne(id, () => verifyWithEvidence(mind(), id, evidence, { ...BY_HAND, expectedVersion })),
    'editing.reinforce': ({ id, expectedVersion, evidence }) =>
      changeOne(id, () => reinforceMemory(mind(), id, { evidence: evidence === '' ? undefined : evidence }, { ...BY_HAND, expectedVersion })),
    'editing.supersedePreview': ({ id }) => previewSupersession(mind(), id),
    'editing.supersede': ({ id, expectedVersion, content, fields, reason }) => {
      const { result, action } = act(
        () => supersedeAndSettle(mind(), id, { content, fields }, { ...BY_HAND, expectedVersion, reason }),
        (done) => [id, done.created.id],
      );
      return { created: getMemoryView(mind(), result.created.id), superseded: getMemoryView(mind(), id), settled: result.settled, action };
    },
    'editing.promote': ({ id, expectedVersion, to, text, fields }) => {
      const { result, action } = act(
        () => promoteMemory(mind(), id, { to, text, fields }, { ...BY_HAND, expectedVersion }),
        (done) => [id, done.created.id],
      );
      return { created: getMemoryView(mind(), result.created.id), source: getMemoryView(mind(), id), action };
    },
    'inbox.list': (request) => listInbox(mind(), { limit: request?.limit, cursor: request?.cursor }),
    'inbox.promoteMany': ({ items, to }) => {
      const { result, action } = act(
        () => promoteMany(mind(), items, to, BY_HAND),
        (created) => [...items.map((i) => i.id), ...created],
      );
      return { created: result, action };
    },
    'inbox.dismiss': ({ items }) => {
      const { result, action } = act(() => dismissMany(mind(), items, BY_HAND), (ids) => ids);
      return { dismissed: result, action };
    },

    'contradictions.list': (request) => ({
      ...listContradictionCases(mind(), { which: request?.which, limit: request?.limit, cursor: request?.cursor ?? null }),
      open: countOpenContradictions(mind()),
      settled: countSettledContradictions(mind()),
    }),
    'contradictions.get': ({ id }) => getContradictionCase(mind(), id),
    'contradictions.flag': ({ a, b, note }) => {
      const { result, action } = act(() => flagContradiction(mind(), a, b, { ...BY_HAND, note }), () => [a, b]);
      return { contradiction: result, action };
    },
    'contradictions.resolve': ({ id, ...input }) => {
      const { result, action } = act(
        () => resolveContradictionCase(mind(), id, input, BY_HAND),
        (done) => [done.contradiction.a.memory.id, done.contradiction.b.memory.id, ...done.changed],
      );
      return { ...result, action };
    },
    'contradictions.reopen': ({ id, note }) => {
      const { result, action } = act(() => reopenContradiction(mind(), id, { ...BY_HAND, note }), (c) => [c.a.memory.id, c.b.memory.id]);
      return { contradiction: result, action };
    },
    'contradictions.scan': () => scan.start(),
    'contradictions.scanState': () => scan.state(),
    'contradictions.cancelScan': () => scan.cancel(),

    'undo.apply': (request) => {
      const result = undoAction(mind(), request?.entry ?? null, BY_HAND);
      ctx.changed(result.memories);
      return result;
    },
    'attention.counts': () => ({
      review: countReviewQueue(mind()),
      inbox: countInbox(mind()),
      openContradictions: countOpenContradictions(mind()),
      stale: countStale(mind()),
    }),
  };
}
