/** One side of a contradiction: the memory's words, confidence and tier, and the episodes behind it. */
import type { ContradictionCase } from '../../../shared/contract/contradictions';
import { hrefOf } from '../../app/router';
import { ConfidenceMeter, StatusBadge, TierBadge, TypeBadge } from '../../components/badges';

export function CaseSide({ label, side }: { label: 'A' | 'B'; side: ContradictionCase['a'] }) {
  const m = side.memory;
  return (
    <section className="case-side" aria-label={`Side ${label}`} data-memory-id={m.id}>
      <p className="case-side-head">
        <span className="case-label" aria-hidden="true">
          {label}
        </span>
        <TypeBadge type={m.type} />
        <TierBadge tier={m.tier} />
        <StatusBadge status={m.status} />
        <ConfidenceMeter effective={m.effectiveConfidence} stored={m.confidence} />
      </p>
      <p className="case-content">{m.content}</p>
      {typeof m.fields.context === 'string' && <p className="dim">Context: {m.fields.context}</p>}
      <p>
        <a href={hrefOf.memory(m.id)}>
          <code>{m.id}</code>
        </a>
      </p>
      <h3>
        Evidence <span className="dim">({side.evidenceCount})</span>
      </h3>
      {side.evidence.length === 0 ? (
        <p className="dim">No supporting episodes.</p>
      ) : (
        <ul className="plain-list case-evidence">
          {side.evidence.map((episode) => (
            <li key={episode.id}>
              <a href={hrefOf.memory(episode.id)}>{episode.content}</a>
            </li>
          ))}
          {side.evidenceCount > side.evidence.length && <li className="dim">and {side.evidenceCount - side.evidence.length} more</li>}
        </ul>
      )}
    </section>
  );
}
