/** A memory named in another view: its type, its words and (when not active) its status, linking to it. */
import type { MemoryStatus, MemoryType } from '../../shared/model';
import { hrefOf } from '../app/router';
import { useAsOf } from '../features/time-travel/as-of';
import { StatusBadge, TypeBadge } from './badges';

export interface LinkedMemory {
  id: string;
  type: MemoryType;
  content: string;
  status: MemoryStatus;
}

/** While time travelling the link stays at the same instant. */
export function MemoryLink({ memory }: { memory: LinkedMemory }) {
  const asOf = useAsOf();
  return (
    <a href={hrefOf.memory(memory.id, 'details', asOf)} className="ref-link" data-memory-id={memory.id}>
      <TypeBadge type={memory.type} />
      <span className="ref-content">{memory.content}</span>
      <StatusBadge status={memory.status} />
    </a>
  );
}
