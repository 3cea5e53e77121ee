/** Changes to one memory: each puts the returned view in the cache and refreshes what it affects. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest, MemoryView } from '../../../shared/contract';
import { type PayloadArgs, useApi } from '../../api/client';
import { KEYS, memoryQueries } from '../../api/queries';
import { useToast } from '../../components/toasts';

type ViewCall = 'memories.edit' | 'memories.archive' | 'memories.restore' | 'memories.setProtected' | 'memories.verify';

/** After a change: the detail shows the answer at once; lists, history and counts refetch. */
export function useAfterChange() {
  const api = useApi();
  const queryClient = useQueryClient();
  return (view: MemoryView) => {
    queryClient.setQueryData(memoryQueries.detail(api, view.id).queryKey, view);
    void queryClient.invalidateQueries({ queryKey: KEYS.memories, predicate: (q) => q.queryKey[1] !== 'detail' || q.queryKey[2] !== view.id });
    void queryClient.invalidateQueries({ queryKey: KEYS.overview });
  };
}

/** A lifecycle action (verify, archive, restore, protect): success and failure are toasts. */
export function useMemoryAction<N extends Exclude<ViewCall, 'memories.edit'>>(name: N, text: { done: string | ((view: MemoryView) => string); failed: string }) {
  const api = useApi();
  const toast = useToast();
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (payload: CallRequest<N>) => api.call(name, ...([payload] as PayloadArgs<N>)) as Promise<MemoryView>,
    onSuccess: (view) => {
      afterChange(view);
      toast.success(typeof text.done === 'string' ? text.done : text.done(view));
    },
    onError: (error) => toast.error(error, text.failed),
  });
}

/** Edits report their own errors: a version conflict opens the side-by-side choice, not a toast. */
export function useEditMemory() {
  const api = useApi();
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (payload: CallRequest<'memories.edit'>) => api.call('memories.edit', payload),
    onSuccess: afterChange,
  });
}
