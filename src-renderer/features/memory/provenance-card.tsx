/** Where a memory came from and what came of it: every related memory is a link to it. */
import type { MemoryRef, MemoryView } from '../../../shared/contract';
import { words } from '../../components/format';
import { MemoryLink } from '../../components/memory-link';
import { EvidenceRefItem } from './evidence-ref-item';

const RELATIONS: { key: Exclude<keyof MemoryView['provenance'], 'sourceType' | 'sourceEntity' | 'origin'>; label: string }[] = [
  { key: 'derivedFrom', label: 'Derived from' },
  { key: 'processedInto', label: 'Processed into' },
  { key: 'evidence', label: 'Supported by' },
  { key: 'counterEvidence', label: 'Contradicted by' },
  { key: 'supersedes', label: 'Supersedes' },
  { key: 'supersededBy', label: 'Superseded by' },
  { key: 'mergedFrom', label: 'Merged from' },
  { key: 'splitFrom', label: 'Split from' },
];

export function ProvenanceCard({ view }: { view: MemoryView }) {
  const { provenance } = view;
  const present = RELATIONS.filter((r) => provenance[r.key].length > 0);
  return (
    <section className="card" aria-labelledby="provenance-title">
      <h2 id="provenance-title">Provenance</h2>
      <dl className="kv">
        <dt>Source type</dt>
        <dd>{words(provenance.sourceType)}</dd>
        <dt>Source entity</dt>
        <dd>{provenance.sourceEntity ?? <span className="dim">none recorded</span>}</dd>
        {provenance.origin !== null && (
          <>
            <dt>Imported from</dt>
            <dd>
              <code>
                {provenance.origin.system}:{provenance.origin.originalId}
              </code>
              {provenance.origin.container !== null && <span className="dim"> in {provenance.origin.container}</span>}
            </dd>
          </>
        )}
      </dl>
      {present.length === 0 ? (
        <p className="dim">No links to other memories.</p>
      ) : (
        present.map((relation) => (
          <div key={relation.key} className="relation" role="group" aria-label={relation.label}>
            <h3>
              {relation.label} <span className="dim">({provenance[relation.key].length})</span>
            </h3>
            <ul className="ref-list">
              {provenance[relation.key].map((ref) => (
                <RefItem key={ref.id} memoryRef={ref} />
              ))}
            </ul>
          </div>
        ))
      )}
      {view.evidenceRefs.length > 0 && (
        <div className="relation" role="group" aria-label="Evidence references">
          <h3>Evidence references</h3>
          <ul className="evidence-list">
            {view.evidenceRefs.map((ref) => (
              <EvidenceRefItem key={ref.seq} view={view} evidence={ref} readOnly={view.asOf !== null} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function RefItem({ memoryRef }: { memoryRef: MemoryRef }) {
  return (
    <li>
      <MemoryLink memory={memoryRef} />
    </li>
  );
}
