/**
 * Verify…: what the memory was checked against — some text, a code or file reference (these ground
 * it), or a URL — with the confidence and tier it will have, before → after, shown before confirming.
 */
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { MemoryView } from '../../../shared/contract';
import { VERIFY_EVIDENCE_KINDS } from '../../../shared/contract/editing';
import { betaConfidence, verifiedConfidence } from '../../../shared/rules/confidence';
import { tierOf } from '../../../shared/rules/tiers';
import { useApi } from '../../api/client';
import { TierBadge } from '../../components/badges';
import { Dialog } from '../../components/dialog';
import { FormButtons, FormProblem, problemOf } from '../../components/form-parts';
import { percent } from '../../components/format';
import { useUndo } from '../undo/use-undo';

type Kind = (typeof VERIFY_EVIDENCE_KINDS)[number];

const KINDS: Record<Kind, { label: string; placeholder: string }> = {
  text: { label: 'What I checked', placeholder: 'Confirmed with Claire in the release review' },
  code: { label: 'Code reference', placeholder: 'src/retry.ts:42, or a commit' },
  file: { label: 'File', placeholder: 'docs/release-process.md' },
  url: { label: 'URL', placeholder: 'https://…' },
};

/** The memory after one verification against this kind of evidence (shared rules, as the store applies them). */
export function afterVerifying(view: MemoryView, kind: Kind, now: number) {
  const confidence = view.type === 'belief' ? betaConfidence((view.alpha ?? 1) + 1, view.beta ?? 1) : verifiedConfidence(view.confidence);
  const grounds = kind === 'code' || kind === 'file';
  const tier = tierOf({
    codeRefCount: view.codeRefCount + (grounds ? 1 : 0),
    eventEvidenceCount: view.eventEvidenceCount,
    lastVerifiedAt: now,
    reviewStatus: view.reviewStatus,
  });
  return { confidence, tier: tier.tier, why: tier.why };
}

export function VerifyDialog({ view, onClose }: { view: MemoryView; onClose(): void }) {
  const api = useApi();
  const { done, refresh } = useUndo();
  const [kind, setKind] = useState<Kind>('text');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const after = afterVerifying(view, kind, now);
  const verify = useMutation({
    mutationFn: () =>
      api.call('editing.verify', { id: view.id, expectedVersion: view.version, evidence: { kind, value: value.trim(), note: note.trim() === '' ? undefined : note.trim() } }),
    onSuccess: (result) => {
      refresh();
      done(`Verified: confidence ${percent(result.memory.confidence)}, ${result.memory.tier}.`, result.action);
      onClose();
    },
    onError: (error) => setProblem(problemOf(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (value.trim() === '') return setProblem('Say what you verified it against.');
    verify.mutate();
  };
  return (
    <Dialog title="Verify" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="dialog-quote">{view.content}</p>
        <fieldset>
          <legend>Evidence</legend>
          <div className="radio-row">
            {VERIFY_EVIDENCE_KINDS.map((k) => (
              <label key={k} className="check">
                <input type="radio" name="verify-kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
                {k === 'url' ? 'URL' : k}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="field">
          <span>{KINDS[kind].label}</span>
          <input data-autofocus type={kind === 'url' ? 'url' : 'text'} value={value} placeholder={KINDS[kind].placeholder} onChange={(event) => setValue(event.target.value)} />
        </label>
        {kind !== 'text' && (
          <label className="field">
            <span>Note (optional)</span>
            <input type="text" value={note} onChange={(event) => setNote(event.target.value)} />
          </label>
        )}
        <table className="before-after" aria-label="Before and after">
          <thead>
            <tr>
              <th scope="col" />
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Confidence</th>
              <td>{percent(view.confidence)}</td>
              <td data-testid="verify-confidence-after">{percent(after.confidence)}</td>
            </tr>
            <tr>
              <th scope="row">Tier</th>
              <td>
                <TierBadge tier={view.tier} why={view.tierWhy} />
              </td>
              <td data-testid="verify-tier-after">
                <TierBadge tier={after.tier} why={after.why} />
              </td>
            </tr>
          </tbody>
        </table>
        <p className="dim">{after.why}.</p>
        <FormProblem problem={problem} />
        <FormButtons submit="Verify" busy={verify.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
