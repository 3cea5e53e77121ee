/** Flag contradiction…: this memory and another, found by search, recorded as contradicting (by hand). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { MemoryView } from '../../../shared/contract';
import { useApi } from '../../api/client';
import { memoryQueries } from '../../api/queries';
import { TypeBadge } from '../../components/badges';
import { Dialog } from '../../components/dialog';
import { FormButtons, FormProblem, problemOf } from '../../components/form-parts';
import { useUndo } from '../undo/use-undo';

export function FlagDialog({ view, onClose }: { view: MemoryView; onClose(): void }) {
  const api = useApi();
  const { done, refresh } = useUndo();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const search = useQuery(memoryQueries.search(api, query, 20));
  const options = (search.data ?? []).filter((hit) => hit.id !== view.id && hit.status !== 'forgotten');
  const flag = useMutation({
    mutationFn: (other: string) => api.call('contradictions.flag', { a: view.id, b: other, note: note.trim() === '' ? undefined : note.trim() }),
    onSuccess: (result) => {
      refresh();
      done(`Flagged as contradiction ${result.contradiction.id}: it is open in Contradictions.`, result.action);
      onClose();
    },
    onError: (error) => setProblem(problemOf(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen === null) return setProblem('Choose the memory it contradicts.');
    flag.mutate(chosen);
  };
  return (
    <Dialog title="Flag a contradiction" onClose={onClose} wide>
      <form onSubmit={submit} noValidate>
        <p className="dialog-quote">{view.content}</p>
        <label className="field">
          <span>Contradicts… (search)</span>
          <input data-autofocus type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Words the other memory contains" />
        </label>
        <fieldset className="merge-options">
          <legend>The other memory</legend>
          {options.length === 0 ? (
            <p className="dim">{query.trim() === '' ? 'Search for it by its words.' : search.isPending ? 'Searching…' : 'No match.'}</p>
          ) : (
            options.map((hit) => (
              <label key={hit.id} className="check merge-option">
                <input type="radio" name="flag-other" value={hit.id} checked={chosen === hit.id} onChange={() => setChosen(hit.id)} />
                <TypeBadge type={hit.type} />
                <span className="ref-content">{hit.content}</span>
              </label>
            ))
          )}
        </fieldset>
        <label className="field">
          <span>Note (optional)</span>
          <input type="text" value={note} onChange={(event) => setNote(event.target.value)} />
        </label>
        <FormProblem problem={problem} />
        <FormButtons submit="Flag" busy={flag.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
