/**
 * Reinforce…: the memory was borne out again. What bore it out is kept in its history; an episode's
 * id links that episode as supporting evidence too (and may lift the tier). The confidence and tier
 * it will have are shown, before → after, before confirming.
 */
import { type FormEvent, useId, useState } from 'react';
import type { MemoryView } from '../../../shared/contract';
import { isEpisodeId } from '../../../shared/model';
import { betaConfidence, reinforcedConfidence } from '../../../shared/rules/confidence';
import { useApi } from '../../api/client';
import { Dialog } from '../../components/dialog';
import { FormButtons, FormProblem } from '../../components/form-parts';
import { type AfterChange, BeforeAfter, tierAfter, useConfidenceChange } from './confidence-change';

/** What the evidence text will do besides being journaled. */
function evidenceEffect(view: MemoryView, evidence: string): 'link' | 'linked already' | 'note' {
  if (!isEpisodeId(evidence)) return 'note';
  return view.provenance.evidence.some((e) => e.id === evidence) ? 'linked already' : 'link';
}

/** The memory after one reinforcement (shared rules, as the store applies them). */
function afterReinforcing(view: MemoryView, links: boolean): AfterChange {
  const confidence = view.type === 'belief' ? betaConfidence((view.alpha ?? 1) + 1, view.beta ?? 1) : reinforcedConfidence(view.confidence, view.timesReinforced);
  return { confidence, ...tierAfter(view, { eventEvidenceCount: view.eventEvidenceCount + (links ? 1 : 0) }) };
}

const EFFECT_HINT = {
  note: 'Optional. Kept in the history. An episode’s id (ep_…) also links that episode as supporting evidence.',
  link: 'This episode will be linked as supporting evidence.',
  'linked already': 'This episode is already supporting evidence: the reinforcement counts, no second link is made.',
} as const;

export function ReinforceDialog({ view, onClose }: { view: MemoryView; onClose(): void }) {
  const api = useApi();
  const hintId = useId();
  const [evidence, setEvidence] = useState('');
  const trimmed = evidence.trim();
  const effect = evidenceEffect(view, trimmed);
  const after = afterReinforcing(view, effect === 'link');
  const { mutation: reinforce, problem, setProblem } = useConfidenceChange(
    'Reinforced',
    () => api.call('editing.reinforce', { id: view.id, expectedVersion: view.version, evidence: trimmed === '' ? undefined : trimmed }),
    onClose,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    reinforce.mutate();
  };
  return (
    <Dialog title="Reinforce" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="dialog-quote">{view.content}</p>
        <label className="field">
          <span>What bore it out</span>
          <input
            data-autofocus
            type="text"
            value={evidence}
            placeholder="Held again in the March release, or ep_…"
            aria-describedby={hintId}
            onChange={(event) => setEvidence(event.target.value)}
          />
        </label>
        <p id={hintId} className="dim" data-testid="reinforce-effect">
          {EFFECT_HINT[effect]}
        </p>
        <BeforeAfter view={view} after={after} name="reinforce" />
        <FormProblem problem={problem} />
        <FormButtons submit="Reinforce" busy={reinforce.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
