/**
 * Undo from anywhere: every editing change answers with its action id, its toast offers Undo of
 * exactly that action, and `u` undoes the person's last action still in effect. An undo's toast
 * offers Redo (undoing the undo). An undo that cannot apply says why in an error toast.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useApi } from '../../api/client';
import { codeReposKey } from '../../api/code-refs-queries';
import { refreshEditing } from '../../api/editing-queries';
import { KEYS } from '../../api/queries';
import { useToast } from '../../components/toasts';

export interface UndoApi {
  /** Undoes `action`, or the last action in effect when none is named. */
  undo(action?: number): Promise<void>;
  /** A success toast whose Undo takes back exactly `action`. */
  done(message: string, action: number | null): void;
  /** Refreshes what an editing change may have changed (lists, counts, memories). */
  refresh(): void;
}

export function useUndo(): UndoApi {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: KEYS.memories });
    void queryClient.invalidateQueries({ queryKey: KEYS.overview });
    // An undo may name or unname a repository (Settings → Code).
    void queryClient.invalidateQueries({ queryKey: codeReposKey });
    refreshEditing(queryClient);
  }, [queryClient]);

  const undo = useCallback(
    async (action?: number): Promise<void> => {
      try {
        const result = await api.call('undo.apply', action === undefined ? {} : { entry: action });
        refresh();
        toast.show({
          kind: 'info',
          title: result.redo ? 'Redone' : 'Undone',
          message: `${result.redo ? 'Redid' : 'Undid'} ${result.summary}.`,
          action: { label: result.redo ? 'Undo' : 'Redo', run: () => void undo(result.action) },
        });
      } catch (error) {
        toast.error(error, 'Could not undo');
      }
    },
    [api, refresh, toast],
  );

  const done = useCallback(
    (message: string, action: number | null) =>
      toast.show({ kind: 'success', title: 'Done', message, ...(action === null ? {} : { action: { label: 'Undo', run: () => void undo(action) } }) }),
    [toast, undo],
  );

  return useMemo(() => ({ undo, done, refresh }), [undo, done, refresh]);
}
