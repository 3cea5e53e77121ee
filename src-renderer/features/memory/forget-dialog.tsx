/**
 * Forget…: the one true delete, from the memory page. The dialog shows what would go (its words,
 * its earlier versions, journal entries, references), what stands on it and stays, and that copies
 * made before keep it; the person types the memory's first words to confirm. The API checks the
 * words again, and the version the impact was shown for.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { MemoryView } from '../../../shared/contract';
import type { ForgetImpactView } from '../../../shared/contract/trust';
import { confirms } from '../../../shared/rules/forget-confirmation';
import { useApi } from '../../api/client';
import { FormActions } from '../../components/form-actions';
import { FormError } from '../../components/form-error';
import { trustQueries } from '../../api/trust-queries';
import { hrefOf } from '../../app/router';
import { count } from '../../components/format';
import { ModalDialog } from '../../components/modal-dialog';
import { ErrorState, Loading } from '../../components/states';
import { useToast } from '../../components/toasts';
import { useAfterChange } from './memory-mutations';
import '../../styles/trust.css';

/** The Forget… button of the memory's action bar, with its dialog. */
export function ForgetAction({ view }: { view: MemoryView }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="danger-button" onClick={() => setOpen(true)} disabled={view.status === 'forgotten'} aria-haspopup="dialog">
        Forget…
      </button>
      {open && <ForgetDialog view={view} onClose={() => setOpen(false)} />}
    </>
  );
}

function ForgetDialog({ view, onClose }: { view: MemoryView; onClose(): void }) {
  const api = useApi();
  const titleId = useId();
  const impact = useQuery(trustQueries.forgetImpact(api, view.id, view.version));
  return (
    <ModalDialog labelledBy={titleId} className="forget-dialog" onClose={onClose}>
      <h2 id={titleId}>
        Forget <code>{view.id}</code>?
      </h2>
      {impact.isPending ? (
        <Loading label="Working out what would go…" />
      ) : impact.isError ? (
        <>
          <ErrorState error={impact.error} title="Could not work out what would go" onRetry={() => void impact.refetch()} />
          <div className="actions">
            <button type="button" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      ) : (
        <ForgetForm impact={impact.data} onClose={onClose} />
      )}
    </ModalDialog>
  );
}

function ForgetForm({ impact, onClose }: { impact: ForgetImpactView; onClose(): void }) {
  const api = useApi();
  const toast = useToast();
  const afterChange = useAfterChange();
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const confirmId = useId();
  const reasonId = useId();
  const forget = useMutation({
    mutationFn: () =>
      api.call('memories.forget', { id: impact.id, expectedVersion: impact.version, confirmation: typed, ...(reason.trim() === '' ? {} : { reason: reason.trim() }) }),
    onSuccess: (result) => {
      afterChange(result.view);
      toast.success(`Forgot ${impact.id}: its words are gone from this mind; its tombstone stays.`);
      if (!result.logCleared) {
        toast.show({
          kind: 'info',
          title: 'Another program is reading this mind',
          message: 'The old words stay in its write-ahead log (the -wal file) until that program lets go of the file.',
        });
      }
      onClose();
    },
  });

  if (impact.refusal !== null) {
    return (
      <>
        <p className="form-error" role="alert">
          {impact.refusal}
        </p>
        <div className="actions">
          <button type="button" onClick={onClose} autoFocus>
            Close
          </button>
        </div>
      </>
    );
  }
  const ready = confirms(typed, impact.confirmation);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) forget.mutate();
      }}
    >
      <p className="forget-warning">
        This cannot be undone. Its words leave this mind for good; archive it instead to keep it out of the way.
      </p>
      <blockquote className="forget-preview">{impact.preview === '' ? <span className="dim">(no words)</span> : impact.preview}</blockquote>
      <ImpactLists impact={impact} />
      <p className="note" data-testid="forget-copies-note">
        Copies made before now still hold it: backups (File → Back up…, the daily backups) and the .bak an upgrade leaves beside the file. Delete
        those that must not keep it.
      </p>
      <label className="field" htmlFor={reasonId}>
        <span>Why (kept in the journal, optional)</span>
        <input id={reasonId} type="text" value={reason} maxLength={2000} onChange={(event) => setReason(event.target.value)} />
      </label>
      <label className="field" htmlFor={confirmId}>
        <span>
          Type <strong className="confirm-phrase">{impact.confirmation}</strong> to confirm
        </span>
        <input
          id={confirmId}
          type="text"
          value={typed}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setTyped(event.target.value)}
        />
      </label>
      {forget.isError && <FormError error={forget.error} />}
      <FormActions label="Forget for good" busyLabel="Forgetting…" busy={forget.isPending} disabled={!ready} tone="danger" onCancel={onClose} />
    </form>
  );
}


function ImpactLists({ impact }: { impact: ForgetImpactView }) {
  const { removes, dependents } = impact;
  const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
  return (
    <div className="forget-impact">
      <section aria-label="Removed">
        <h3>Its words are removed from</h3>
        <ul className="plain-list">
          <li>the memory itself and the search index{removes.embedding ? ', and its vector' : ''}</li>
          <li>{plural(removes.versions, 'version', 'versions')} of its history (time travel shows it without words)</li>
          <li>{plural(removes.journalEntries, 'journal entry', 'journal entries')} (who changed it, when and how stay)</li>
          {removes.evidenceRefs > 0 && <li>{plural(removes.evidenceRefs, 'evidence reference', 'evidence references')}</li>}
          {removes.rejections > 0 && <li>{plural(removes.rejections, 'never-learn-again entry', 'never-learn-again entries')} (the fingerprint stays)</li>}
          {impact.resolvesContradictions > 0 && (
            <li>{plural(impact.resolvesContradictions, 'open contradiction', 'open contradictions')}, resolved as forgotten</li>
          )}
        </ul>
        <p className="dim">A tombstone stays: its id, type, dates, links, and who changed it when.</p>
      </section>
      <section aria-label="What stands on it">
        <h3>What stands on it</h3>
        {dependents.total === 0 ? (
          <p className="dim">Nothing stands on it.</p>
        ) : (
          <>
            <p>
              {plural(dependents.total, 'memory stands', 'memories stand')} on it ({count(dependents.transitive)} with what stands on them). They stay,
              keep their own words, and link to its tombstone:
            </p>
            <ul className="forget-dependents">
              {dependents.items.map((item) => (
                <li key={`${item.kind}-${item.id}`}>
                  <span className="badge">{item.kind.replace(/_/g, ' ')}</span> <a href={hrefOf.memory(item.id)}>{item.id}</a>{' '}
                  <span className="dim">{item.preview}</span>
                </li>
              ))}
            </ul>
            {dependents.items.length < dependents.total && <p className="dim">… and {count(dependents.total - dependents.items.length)} more.</p>}
            {dependents.losingEvidence > 0 && <p>{plural(dependents.losingEvidence, 'of them counts', 'of them count')} it as supporting evidence: their tier may drop.</p>}
          </>
        )}
      </section>
    </div>
  );
}
