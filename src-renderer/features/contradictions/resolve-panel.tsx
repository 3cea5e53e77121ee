/**
 * Settling a contradiction: supersede one by the other, reconcile both into a new belief, keep
 * both as an acknowledged tension (with a note), scope each to its context, or archive one. The
 * versions of both sides as shown go with it: a side changed meanwhile is a conflict, nothing changes.
 */
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { ContradictionCase } from '../../../shared/contract/contradictions';
import type { ContradictionResolution } from '../../../shared/model';
import { useApi } from '../../api/client';
import { FormProblem, problemOf } from '../../components/form-parts';
import { useUndo } from '../undo/use-undo';

const CHOICES: { as: ContradictionResolution; label: string; hint: string }[] = [
  { as: 'supersede', label: 'Supersede one by the other', hint: 'The one you keep stays and supersedes the other (linked both ways).' },
  { as: 'reconcile', label: 'Reconcile into a new belief', hint: 'A new belief, standing on both sides’ evidence, supersedes both.' },
  { as: 'tension', label: 'Keep both as a tension', hint: 'Both stand, acknowledged: say why.' },
  { as: 'scope', label: 'Scope each to a context', hint: 'Both stand, each where it holds.' },
  { as: 'archive', label: 'Archive one', hint: 'The one you keep stays; the other is archived (nothing is lost).' },
];

const contextOf = (memory: ContradictionCase['a']['memory']): string => (typeof memory.fields.context === 'string' ? memory.fields.context : '');

export function ResolvePanel({ item, onResolved }: { item: ContradictionCase; onResolved(): void }) {
  const api = useApi();
  const { done, refresh } = useUndo();
  const a = item.a.memory;
  const b = item.b.memory;
  const [as, setAs] = useState<ContradictionResolution>('supersede');
  const [keep, setKeep] = useState(b.id);
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  // Each side's own context, when it names one, is where it most likely holds: a start to edit.
  const [contexts, setContexts] = useState<Record<string, string>>({ [a.id]: contextOf(a), [b.id]: contextOf(b) });
  const [problem, setProblem] = useState<string | null>(null);
  const resolve = useMutation({
    mutationFn: () =>
      api.call('contradictions.resolve', {
        id: item.id,
        as,
        keep: as === 'supersede' || as === 'archive' ? keep : undefined,
        text: as === 'reconcile' ? text.trim() : undefined,
        contexts: as === 'scope' ? contexts : undefined,
        note: note.trim() === '' ? undefined : note.trim(),
        expectedVersions: { [a.id]: a.version, [b.id]: b.version },
      }),
    onSuccess: (result) => {
      refresh();
      done(`Resolved ${item.id} as ${as}.`, result.action);
      onResolved();
    },
    onError: (error) => setProblem(problemOf(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (as === 'reconcile' && text.trim() === '') return setProblem('Write the belief that reconciles both.');
    if (as === 'tension' && note.trim() === '') return setProblem('Say why both stand: a tension needs a note.');
    if (as === 'scope' && Object.values(contexts).some((c) => c.trim() === '')) return setProblem('Give each side its context.');
    resolve.mutate();
  };
  const other = keep === a.id ? 'B' : 'A';
  return (
    <form className="resolve-panel" aria-label="Resolve" onSubmit={submit} noValidate>
      <fieldset>
        <legend>Resolve as</legend>
        {CHOICES.map((choice) => (
          <label key={choice.as} className="check">
            <input type="radio" name="resolve-as" value={choice.as} checked={as === choice.as} onChange={() => setAs(choice.as)} />
            <span>
              {choice.label} <span className="dim">— {choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {(as === 'supersede' || as === 'archive') && (
        <fieldset>
          <legend>Keep</legend>
          <div className="radio-row">
            <label className="check">
              <input type="radio" name="keep" value={a.id} checked={keep === a.id} onChange={() => setKeep(a.id)} />A
            </label>
            <label className="check">
              <input type="radio" name="keep" value={b.id} checked={keep === b.id} onChange={() => setKeep(b.id)} />B
            </label>
          </div>
          <p className="dim">
            {as === 'supersede' ? `Keeps ${keep === a.id ? 'A' : 'B'}, which supersedes ${other}.` : `Keeps ${keep === a.id ? 'A' : 'B'}, archives ${other}.`}
          </p>
        </fieldset>
      )}
      {as === 'reconcile' && (
        <label className="field">
          <span>The new belief</span>
          <textarea rows={3} value={text} onChange={(event) => setText(event.target.value)} />
        </label>
      )}
      {as === 'scope' && (
        <div className="field-row">
          {[
            ['A', a.id],
            ['B', b.id],
          ].map(([label, id]) => (
            <label key={id} className="field">
              <span>Context where {label} holds</span>
              <input type="text" value={contexts[id as string] ?? ''} onChange={(event) => setContexts({ ...contexts, [id as string]: event.target.value })} />
            </label>
          ))}
        </div>
      )}
      <label className="field">
        <span>Note{as === 'tension' ? ' (required)' : ''}</span>
        <input type="text" value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      <FormProblem problem={problem} />
      <div className="actions">
        <button type="submit" className="primary" disabled={resolve.isPending}>
          Resolve
        </button>
      </div>
    </form>
  );
}
