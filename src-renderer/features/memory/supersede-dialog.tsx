/**
 * Supersede…: the new statement written beside the old, and what superseding touches shown before
 * it happens — the memories created from the old belief, the evidence the new one takes over, the
 * open contradictions it settles. Afterwards the new belief is shown, linked both ways to the old.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { MemoryView } from '../../../shared/contract';
import type { SupersedeImpact } from '../../../shared/contract/editing';
import { useApi } from '../../api/client';
import { editingQueries } from '../../api/editing-queries';
import { hrefOf, navigate } from '../../app/router';
import { Dialog } from '../../components/dialog';
import { FormButtons, FormProblem, problemOf } from '../../components/form-parts';
import { MemoryLink } from '../../components/memory-link';
import { ErrorState, Loading } from '../../components/states';
import { useUndo } from '../undo/use-undo';

export function SupersedeDialog({ view, onClose }: { view: MemoryView; onClose(): void }) {
  const api = useApi();
  const { done, refresh } = useUndo();
  const impact = useQuery(editingQueries.supersedeImpact(api, view.id));
  const [content, setContent] = useState(view.content);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const supersede = useMutation({
    mutationFn: () =>
      api.call('editing.supersede', { id: view.id, expectedVersion: view.version, content: content.trim(), reason: reason.trim() === '' ? undefined : reason.trim() }),
    onSuccess: (result) => {
      refresh();
      done(`${result.created.id} supersedes ${view.id}${result.settled.length > 0 ? `; settled ${result.settled.length} contradiction(s)` : ''}.`, result.action);
      onClose();
      navigate(hrefOf.memory(result.created.id));
    },
    onError: (error) => setProblem(problemOf(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (content.trim() === '') return setProblem('Write the belief that replaces it.');
    if (content.trim() === view.content.trim()) return setProblem('The new statement says the same as the old one: change it first.');
    supersede.mutate();
  };
  return (
    <Dialog title="Supersede" onClose={onClose} wide>
      <form onSubmit={submit} noValidate>
        <div className="side-by-side">
          <section aria-label="The old belief">
            <h3>Old</h3>
            <p className="dialog-quote">{view.content}</p>
          </section>
          <label className="field">
            <span>New</span>
            <textarea data-autofocus rows={4} value={content} onChange={(event) => setContent(event.target.value)} />
          </label>
        </div>
        <label className="field">
          <span>Why (optional)</span>
          <input type="text" value={reason} onChange={(event) => setReason(event.target.value)} />
        </label>
        <section className="impact" aria-labelledby="impact-title">
          <h3 id="impact-title">What it touches</h3>
          {impact.isPending ? (
            <Loading label="Working out what depends on it…" />
          ) : impact.isError ? (
            <ErrorState error={impact.error} title="Could not work out the impact" onRetry={() => void impact.refetch()} />
          ) : (
            <Impact impact={impact.data} />
          )}
        </section>
        <FormProblem problem={problem} />
        <FormButtons submit="Supersede" busy={supersede.isPending} disabled={!impact.isSuccess} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

function Impact({ impact }: { impact: SupersedeImpact }) {
  const groups = [
    { key: 'dependents', title: 'Created from it (they keep pointing at it, now superseded)', items: impact.dependents, empty: 'Nothing was created from it.' },
    { key: 'evidence', title: 'Evidence the new belief takes over', items: impact.evidence, empty: 'It has no supporting episodes.' },
  ] as const;
  return (
    <>
      {groups.map((group) => (
        <div key={group.key} className="impact-group" role="group" aria-label={group.title}>
          <h4>
            {group.title} <span className="dim">({group.items.length})</span>
          </h4>
          {group.items.length === 0 ? (
            <p className="dim">{group.empty}</p>
          ) : (
            <ul className="ref-list">
              {group.items.map((item) => (
                <li key={item.id}>
                  <MemoryLink memory={item} />
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      <div className="impact-group" role="group" aria-label="Open contradictions it settles">
        <h4>
          Open contradictions it settles <span className="dim">({impact.contradictions.length})</span>
        </h4>
        {impact.contradictions.length === 0 ? (
          <p className="dim">None.</p>
        ) : (
          <ul className="ref-list">
            {impact.contradictions.map((c) => (
              <li key={c.id}>
                <span className="badge">{c.kind}</span> with <MemoryLink memory={c.with} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
