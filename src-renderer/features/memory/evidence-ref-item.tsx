/**
 * One evidence reference on the memory page. A code or file reference anchored in one of the
 * mind's repositories shows its state (current, moved, changed, gone) with the reason, the diff of
 * its lines since it was verified, and Re-verify (one action: its toast offers Undo).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { MemoryView } from '../../../shared/contract';
import { useApi } from '../../api/client';
import { codeRefQueries } from '../../api/code-refs-queries';
import { FormError } from '../../components/form-error';
import { ErrorState, Loading } from '../../components/states';
import { useUndo } from '../undo/use-undo';
import { evidenceNoteText } from './evidence-note';
import './evidence-ref-item.css';

type EvidenceRef = MemoryView['evidenceRefs'][number];

const STATE_WORDS = { current: 'current', moved: 'moved', changed: 'code changed', gone: 'file gone' } as const;

export function EvidenceRefItem({ view, evidence, readOnly }: { view: MemoryView; evidence: EvidenceRef; readOnly: boolean }) {
  const [showDiff, setShowDiff] = useState(false);
  const diffId = useId();
  const anchored = evidence.verifiedCommit !== null && evidence.state !== null;
  return (
    <li data-testid="evidence-ref" data-state={evidence.state ?? 'unanchored'}>
      <span className="badge">{evidence.kind}</span> <code>{evidence.ref}</code>
      {evidence.note !== null && <span className="dim"> — {evidenceNoteText(evidence.note)}</span>}
      {anchored && (
        <>
          {' '}
          <span className={`badge ref-state ref-${evidence.state}`}>{STATE_WORDS[evidence.state as keyof typeof STATE_WORDS]}</span>{' '}
          <span className="dim">verified at {evidence.verifiedCommit?.slice(0, 7)}</span>
          {evidence.stateReason !== null && <div className="ref-reason">{evidence.stateReason}</div>}
          <div className="actions">
            <button type="button" aria-expanded={showDiff} aria-controls={diffId} onClick={() => setShowDiff((v) => !v)}>
              {showDiff ? 'Hide diff' : 'Diff since verified'}
            </button>
            {!readOnly && (evidence.state === 'changed' || evidence.state === 'moved') && <Reverify view={view} evidence={evidence} />}
          </div>
          {showDiff && (
            <div id={diffId}>
              <RefDiff view={view} evidence={evidence} />
            </div>
          )}
        </>
      )}
    </li>
  );
}

function Reverify({ view, evidence }: { view: MemoryView; evidence: EvidenceRef }) {
  const api = useApi();
  const undo = useUndo();
  const reverify = useMutation({
    mutationFn: () => api.call('codeRefs.reverify', { id: view.id, refSeq: evidence.seq, expectedVersion: view.version }),
    onSuccess: (done) => {
      undo.refresh();
      undo.done(`Re-verified ${evidence.ref} at HEAD; ${done.memory.id} is ${done.memory.tier}.`, done.action);
    },
  });
  return (
    <>
      <button type="button" className="primary" onClick={() => reverify.mutate()} disabled={reverify.isPending}>
        {reverify.isPending ? 'Re-verifying…' : 'Re-verify'}
      </button>
      {reverify.isError && <FormError error={reverify.error} />}
    </>
  );
}

function RefDiff({ view, evidence }: { view: MemoryView; evidence: EvidenceRef }) {
  const api = useApi();
  const diff = useQuery(codeRefQueries.diff(api, view.id, evidence.seq, view.version));
  if (diff.isPending) return <Loading />;
  if (diff.isError) return <ErrorState error={diff.error} title="Could not read the diff" onRetry={() => void diff.refetch()} />;
  const { data } = diff;
  const unchanged = data.parts.every((p) => p.kind === 'same');
  return (
    <figure className="ref-diff">
      <figcaption className="dim">
        {data.verifiedCommit.slice(0, 7)} → {data.head.slice(0, 7)}
        {data.pathNow === null ? ', the file is gone' : data.pathNow === evidence.ref.split(':')[0] ? '' : ` at ${data.pathNow}`}
        {unchanged ? ': the same lines' : ''}
      </figcaption>
      <pre data-testid="ref-diff">
        {data.parts.flatMap((part, i) =>
          part.lines.map((line, k) => (
            <span key={`${i}-${k}`} className={`diff-line diff-${part.kind}`}>
              {part.kind === 'added' ? '+ ' : part.kind === 'removed' ? '- ' : '  '}
              {line}
              {'\n'}
            </span>
          )),
        )}
      </pre>
    </figure>
  );
}
