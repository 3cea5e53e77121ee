/**
 * Verify…: what the memory was checked against — some text, a code or file reference (these ground
 * it), or a URL — with the confidence and tier it will have, before → after, shown before confirming.
 */
import { type FormEvent, useState } from 'react';
import type { MemoryView } from '../../../shared/contract';
import { VERIFY_EVIDENCE_KINDS } from '../../../shared/contract/editing';
import { betaConfidence, verifiedConfidence } from '../../../shared/rules/confidence';
import { useApi } from '../../api/client';
import { Dialog } from '../../components/dialog';
import { FormButtons, FormProblem } from '../../components/form-parts';
import { type AfterChange, BeforeAfter, tierAfter, useConfidenceChange } from './confidence-change';

type Kind = (typeof VERIFY_EVIDENCE_KINDS)[number];

const KINDS: Record<Kind, { label: string; placeholder: string }> = {
  text: { label: 'What I checked', placeholder: 'Confirmed with Claire in the release review' },
  code: { label: 'Code reference', placeholder: 'src/retry.ts:42, or a commit' },
  file: { label: 'File', placeholder: 'docs/release-process.md' },
  url: { label: 'URL', placeholder: 'https://…' },
};

/** The memory after one verification against this kind of evidence (shared rules, as the store applies them). */
function afterVerifying(view: MemoryView, kind: Kind, now: number): AfterChange {
  const confidence = view.type === 'belief' ? betaConfidence((view.alpha ?? 1) + 1, view.beta ?? 1) : verifiedConfidence(view.confidence);
  const grounds = kind === 'code' || kind === 'file';
  return { confidence, ...tierAfter(view, { codeRefCount: view.codeRefCount + (grounds ? 1 : 0), lastVerifiedAt: now }) };
}

export function VerifyDialog({ view, onClose }: { view: MemoryView; onClose(): void }) {
  const api = useApi();
  const [kind, setKind] = useState<Kind>('text');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [now] = useState(() => Date.now());
  const after = afterVerifying(view, kind, now);
  const { mutation: verify, problem, setProblem } = useConfidenceChange(
    'Verified',
    () => api.call('editing.verify', { id: view.id, expectedVersion: view.version, evidence: { kind, value: value.trim(), note: note.trim() === '' ? undefined : note.trim() } }),
    onClose,
  );
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
        <BeforeAfter view={view} after={after} name="verify" />
        <FormProblem problem={problem} />
        <FormButtons submit="Verify" busy={verify.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
