/** The selected node's card beside the graph: what it is, how sure, and links to it. */
import type { LineageNodeView } from '../../../shared/contract/lineage';
import { ConfidenceMeter, StatusBadge, TierBadge, TypeBadge } from '../../components/badges';
import { hrefOf } from '../../app/router';

interface CardProps {
  node: LineageNodeView;
  asOf: string | null;
  onRefocus(): void;
  onClose(): void;
}

const placeOf = (depth: number) =>
  depth === 0 ? 'the focus' : depth > 0 ? `${depth} step${depth === 1 ? '' : 's'} below (it stands on)` : `${-depth} step${depth === -1 ? '' : 's'} above (depends on it)`;

export function LineageCard({ node, asOf, onRefocus, onClose }: CardProps) {
  return (
    <aside className="card lineage-card" aria-labelledby="lineage-card-title" aria-live="polite" data-memory-id={node.id}>
      <h2 id="lineage-card-title">
        <TypeBadge type={node.type} /> <TierBadge tier={node.tier} /> <StatusBadge status={node.status} />
      </h2>
      <p className="lineage-card-text">{node.text === '' ? <span className="dim">(no words: forgotten)</span> : node.text}</p>
      <dl className="kv">
        <dt>Id</dt>
        <dd>{node.id}</dd>
        <dt>Confidence</dt>
        <dd>
          <ConfidenceMeter effective={node.effectiveConfidence} stored={node.effectiveConfidence} />
        </dd>
        <dt>Place</dt>
        <dd>{placeOf(node.depth)}</dd>
        <dt>Hidden</dt>
        <dd>{node.hidden === 0 ? 'none' : `${node.hidden} more neighbour${node.hidden === 1 ? '' : 's'} (E shows them)`}</dd>
      </dl>
      <div className="form-actions">
        <a href={hrefOf.memory(node.id, 'details', asOf)}>Open memory</a>
        <button type="button" onClick={onRefocus}>
          Refocus here
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </aside>
  );
}
