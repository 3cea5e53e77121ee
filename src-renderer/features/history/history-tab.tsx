/**
 * The History tab (`#/memory/ID/history`): every journal entry about the memory with word-level
 * diffs, and "Revert this change" on the fields a person edits (not as of a past instant: the past
 * is read-only, and not once the memory is forgotten).
 */
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/client';
import { memoryQueries } from '../../api/queries';
import { HistoryList, type RevertTarget } from '../memory/history-list';
import type { MemoryTabProps } from '../memory/memory-tabs';

export function HistoryTab({ id, asOf }: MemoryTabProps) {
  const api = useApi();
  const memory = useQuery(memoryQueries.detail(api, id));
  const current = memory.data;
  const revert: RevertTarget | undefined =
    asOf === null && current !== undefined && current.status !== 'forgotten' ? { version: current.version, type: current.type } : undefined;
  return <HistoryList id={id} asOf={asOf} revert={revert} />;
}
