/**
 * Deciding review items. Each decision takes the item out of the cached queue at once (the next
 * item shows without waiting for the round trip), and puts it back if the decision is refused —
 * a version conflict keeps the queue as it was and says what happened.
 */
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueItem, QueuePage } from '../../../shared/contract/review';
import { useApi } from '../../api/client';
import { editingQueries } from '../../api/editing-queries';
import { useUndo } from '../undo/use-undo';

/** `expectedVersion`: the item's version as the person saw it (default: the version the queue holds). */
export type Decision = { expectedVersion?: number } & (
  | { kind: 'approve'; item: QueueItem }
  | { kind: 'editAndApprove'; item: QueueItem; content: string; fields?: Record<string, unknown> }
  | { kind: 'merge'; item: QueueItem; into: string; intoVersion?: number }
  | { kind: 'reject'; item: QueueItem; reason: string }
);

type QueueData = InfiniteData<QueuePage, unknown>;

const versionOf = (item: QueueItem) => (item.kind === 'memory' ? item.memory.version : 1);

const DONE_WORDS: Record<Decision['kind'], string> = {
  approve: 'Approved',
  editAndApprove: 'Edited and approved',
  merge: 'Merged',
  reject: 'Rejected (it will not be learned again)',
};

/** Without the items given: the queue as it looks once they are decided. */
export function withoutItems<D extends QueueData>(data: D | undefined, ids: ReadonlySet<string>): D | undefined {
  if (data === undefined) return data;
  let removed = 0;
  const pages = data.pages.map((page) => {
    const items = page.items.filter((item) => !ids.has(item.id));
    removed += page.items.length - items.length;
    return { ...page, items };
  });
  return { ...data, pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total - removed) })) };
}

export function useDecide(options: { onRefused(decision: Decision, error: unknown): void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { done } = useUndo();
  const queueKey = editingQueries.queue(api).queryKey;
  const attentionKey = editingQueries.attention(api).queryKey;

  return useMutation({
    mutationFn: async (decision: Decision): Promise<number> => {
      const { item } = decision;
      const expectedVersion = decision.expectedVersion ?? versionOf(item);
      if (item.kind === 'proposal') {
        if (decision.kind === 'approve') return (await api.call('review.approveProposal', { id: item.id })).action;
        if (decision.kind === 'reject') return (await api.call('review.rejectProposal', { id: item.id, reason: decision.reason })).action;
        throw new Error('A proposal is approved or rejected as it stands.');
      }
      switch (decision.kind) {
        case 'approve':
          return (await api.call('review.approve', { id: item.id, expectedVersion })).action;
        case 'editAndApprove':
          return (await api.call('review.editAndApprove', { id: item.id, expectedVersion, content: decision.content, fields: decision.fields })).action;
        case 'merge':
          return (await api.call('review.merge', { id: item.id, expectedVersion, into: decision.into, intoVersion: decision.intoVersion })).action;
        case 'reject':
          return (await api.call('review.reject', { id: item.id, expectedVersion, reason: decision.reason })).action;
      }
    },
    onMutate: async (decision) => {
      await queryClient.cancelQueries({ queryKey: queueKey });
      const before = queryClient.getQueryData<QueueData>(queueKey);
      queryClient.setQueryData<QueueData>(queueKey, (data) => withoutItems(data, new Set([decision.item.id])));
      queryClient.setQueryData(attentionKey, (counts) => (counts === undefined ? counts : { ...counts, review: Math.max(0, counts.review - 1) }));
      return { before };
    },
    onError: (error, decision, context) => {
      if (context?.before !== undefined) queryClient.setQueryData(queueKey, context.before);
      // The item as it now stands (a conflict means it moved on): shown again at once.
      void queryClient.invalidateQueries({ queryKey: queueKey });
      void queryClient.invalidateQueries({ queryKey: attentionKey });
      options.onRefused(decision, error);
    },
    onSuccess: (action, decision) => {
      const label = decision.item.kind === 'proposal' ? `${decision.item.what} proposal` : decision.item.memory.id;
      done(`${DONE_WORDS[decision.kind]}: ${label}.`, action);
    },
  });
}
