/**
 * Settings → Review: auto-approval, so review stays for what is uncertain. Saving turns the rule
 * on for what arrives from now on and applies it to what already waits (one action, undoable).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { SettingsView } from '../../../shared/contract';
import { useApi } from '../../api/client';
import { describeError } from '../../api/errors';
import { settingsQueries } from '../../api/queries';
import { FormProblem } from '../../components/form-parts';
import { useStateFor } from '../../components/use-state-for';
import { useUndo } from '../undo/use-undo';

export function ReviewSettingsCard({ data }: { data: SettingsView }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { done, refresh } = useUndo();
  const saved = data.settings.review;
  const [rule, setRule] = useStateFor(saved, saved);
  const [percentText, setPercentText] = useState(String(Math.round(saved.minConfidence * 100)));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (next: typeof saved) => {
      const view = await api.call('settings.update', { review: next });
      queryClient.setQueryData(settingsQueries.settings(api).queryKey, view);
      return next.autoApprove ? api.call('review.applyAutoApproval') : { approved: [], action: null };
    },
    onSuccess: (result) => {
      refresh();
      const applied = result.approved.length;
      done(`Review settings saved${applied > 0 ? `; ${applied} waiting ${applied === 1 ? 'memory meets' : 'memories meet'} the rule and ${applied === 1 ? 'was' : 'were'} approved` : ''}.`, result.action);
    },
    onError: (error) => setProblem(describeError(error).message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const percent = Number(percentText);
    if (!Number.isFinite(percent) || percent < 0 || percent > 100) return setProblem('Confidence is a percentage from 0 to 100.');
    if (!Number.isInteger(rule.minEvidence) || rule.minEvidence < 0) return setProblem('Evidence is a whole number, 0 or more.');
    save.mutate({ ...rule, minConfidence: percent / 100 });
  };
  return (
    <section className="card" aria-labelledby="review-settings-title">
      <h2 id="review-settings-title">Review</h2>
      <form onSubmit={submit} aria-labelledby="review-settings-title" noValidate>
        <label className="check">
          <input type="checkbox" checked={rule.autoApprove} onChange={(event) => setRule({ ...rule, autoApprove: event.target.checked })} />
          Auto-approve inferred memories that arrive sure enough
        </label>
        <div className="field-row">
          <label className="field">
            <span>At least this confidence (%)</span>
            <input type="number" min={0} max={100} step={1} value={percentText} disabled={!rule.autoApprove} onChange={(event) => setPercentText(event.target.value)} />
          </label>
          <label className="field">
            <span>And this many pieces of evidence</span>
            <input
              type="number"
              min={0}
              step={1}
              value={rule.minEvidence}
              disabled={!rule.autoApprove}
              onChange={(event) => setRule({ ...rule, minEvidence: event.target.valueAsNumber })}
            />
          </label>
        </div>
        <p className="dim">Each is journaled as auto-approved, with the rule that let it through; the rest waits in Review.</p>
        <FormProblem problem={problem} />
        <div className="actions">
          <button type="submit" className="primary" disabled={save.isPending}>
            Save review settings
          </button>
        </div>
      </form>
    </section>
  );
}
