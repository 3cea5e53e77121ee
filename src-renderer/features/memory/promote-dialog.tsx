/**
 * Promote…: a memory becomes a higher kind of memory along the allowed paths only (a raw capture
 * an episode, a note or a belief; an episode a belief, goal, drive or relationship …). The form
 * starts from the source: its words, and what its fields already say. Lineage is recorded by the
 * promotion itself (the new memory is derived from the source; a capture becomes processed).
 */
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { MemoryView } from '../../../shared/contract';
import type { MemoryType } from '../../../shared/model';
import { PROMOTION_PATHS } from '../../../shared/rules/promotion';
import { useApi } from '../../api/client';
import { Dialog } from '../../components/dialog';
import { FormButtons, FormProblem, problemOf } from '../../components/form-parts';
import { useUndo } from '../undo/use-undo';
import { FieldInput } from './edit-form';
import { checkFields, fieldSpecs, fieldsPatch } from './field-specs';

export interface PromotionSource {
  id: string;
  type: MemoryType;
  content: string;
  fields: Record<string, unknown>;
  version: number;
}

/** What the source already says about the new memory's fields (a capture's speaker for a note). */
function prefilledFields(source: PromotionSource, to: MemoryType): Record<string, string> {
  const said = source.fields.source as { role?: string } | undefined;
  if (to === 'note' && said?.role !== undefined) return { speaker: said.role };
  return {};
}

export function PromoteDialog({ source, onClose, onPromoted }: { source: PromotionSource; onClose(): void; onPromoted?(created: MemoryView): void }) {
  const api = useApi();
  const { done, refresh } = useUndo();
  const paths = PROMOTION_PATHS[source.type];
  const [to, setTo] = useState<MemoryType | undefined>(paths[0]);
  const [text, setText] = useState(source.content);
  const [drafts, setDrafts] = useState<Record<string, string>>(() => (paths[0] === undefined ? {} : prefilledFields(source, paths[0])));
  const [problem, setProblem] = useState<string | null>(null);
  const promote = useMutation({
    mutationFn: (request: { to: MemoryType; fields: Record<string, unknown> }) =>
      api.call('editing.promote', { id: source.id, expectedVersion: source.version, to: request.to, text: text.trim(), fields: request.fields }),
    onSuccess: (result) => {
      refresh();
      done(`Promoted to ${result.created.type} ${result.created.id}.`, result.action);
      onPromoted?.(result.created);
      onClose();
    },
    onError: (error) => setProblem(problemOf(error)),
  });
  if (to === undefined) {
    return (
      <Dialog title="Promote" onClose={onClose}>
        <p>{`A ${source.type} is the top of its chain: it is not promoted further.`}</p>
      </Dialog>
    );
  }
  const specs = fieldSpecs(to).filter((spec) => spec.kind !== 'readonly');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (text.trim() === '') {
      setProblem('The new memory needs some words.');
      return;
    }
    const fields = Object.fromEntries(Object.entries(fieldsPatch(to, {}, drafts)).filter(([, value]) => value !== null));
    const invalid = checkFields(to, {}, fields);
    if (invalid !== null) {
      setProblem(`invalid_fields: ${invalid}`);
      return;
    }
    promote.mutate({ to, fields });
  };
  return (
    <Dialog title={`Promote this ${source.type}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend>Into</legend>
          <div className="radio-row">
            {paths.map((type) => (
              <label key={type} className="check">
                <input
                  type="radio"
                  name="promote-to"
                  value={type}
                  checked={to === type}
                  onChange={() => {
                    setTo(type);
                    setDrafts(prefilledFields(source, type));
                  }}
                />
                {type}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="field">
          <span>Text</span>
          <textarea data-autofocus rows={4} value={text} onChange={(event) => setText(event.target.value)} />
        </label>
        {specs.map((spec) => (
          <FieldInput key={`${to}-${spec.key}`} spec={spec} value={drafts[spec.key] ?? ''} onChange={(value) => setDrafts({ ...drafts, [spec.key]: value })} />
        ))}
        <p className="dim">
          The new {to} is derived from <code>{source.id}</code>
          {source.type === 'raw' ? ', and the capture is marked processed.' : '.'}
        </p>
        <FormProblem problem={problem} />
        <FormButtons submit={`Promote to ${to}`} busy={promote.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
