/** One row of the Browser's grid: fixed height, memoized, so scrolling a long list re-renders little. */
import { memo, type MouseEvent } from 'react';
import type { MemorySummary } from '../../../shared/contract';
import { hrefOf } from '../../app/router';
import { ConfidenceMeter, StatusBadge, TierBadge, TypeBadge } from '../../components/badges';
import { excerptAround, Highlighted, queryRanges } from '../../components/highlight';
import { TimeAgo } from '../../components/time-ago';
import { ConfidenceTrail } from '../timeline/confidence-trail';
import { useAsOf } from '../time-travel/as-of';

export const rowDomId = (id: string) => `memory-row-${id}`;

interface Props {
  item: MemorySummary;
  index: number;
  top: number;
  active: boolean;
  selected: boolean;
  /** The search words to highlight ('' for none). */
  highlight: string;
  /** The stored confidence after each change that moved it; undefined when it never moved (or is not loaded yet). */
  trail: readonly number[] | undefined;
  onRowClick(index: number, event: MouseEvent): void;
  onOpen(id: string): void;
}

export const MemoryRow = memo(function MemoryRow({ item, index, top, active, selected, highlight, trail, onRowClick, onOpen }: Props) {
  const ranges = highlight === '' ? [] : queryRanges(item.content, highlight);
  const shown = excerptAround(item.content, ranges);
  const asOf = useAsOf();
  return (
    <div
      role="row"
      id={rowDomId(item.id)}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-memory-id={item.id}
      className={`grid-row${active ? ' is-active' : ''}${selected ? ' is-selected' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      onClick={(event) => onRowClick(index, event)}
      onDoubleClick={() => onOpen(item.id)}
    >
      <div role="gridcell" className="cell cell-type">
        <TypeBadge type={item.type} />
      </div>
      <div role="gridcell" className="cell cell-content">
        <a href={hrefOf.memory(item.id, 'details', asOf)} tabIndex={-1} className="row-link">
          <Highlighted text={shown.text} ranges={shown.ranges} />
        </a>
        <span className="row-flags">
          <StatusBadge status={item.status} />
          {item.reviewStatus === 'pending' && <span className="badge badge-review">review</span>}
          {item.protected && <span className="badge badge-flag" title="Protected: does not decay">protected</span>}
          {item.stale && <span className="badge badge-flag" title="Not verified or reinforced within its decay period">stale</span>}
        </span>
      </div>
      <div role="gridcell" className="cell cell-tier">
        <TierBadge tier={item.tier} />
      </div>
      <div role="gridcell" className="cell cell-confidence">
        <ConfidenceMeter effective={item.effectiveConfidence} stored={item.confidence} />
        {trail !== undefined && <ConfidenceTrail values={trail} />}
      </div>
      <div role="gridcell" className="cell cell-time">
        <TimeAgo iso={item.updatedAt} />
      </div>
      <div role="gridcell" className="cell cell-time">
        <TimeAgo iso={item.createdAt} />
      </div>
    </div>
  );
});
