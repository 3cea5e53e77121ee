/** Picks an instant: a date and time typed or chosen, or a preset counted back from now. */
import { type FormEvent, useId } from 'react';
import { useStateFor } from '../../components/use-state-for';
import { daysAgo, fromLocalInput, INSTANT_PRESETS, toLocalInput } from './instants';

interface Props {
  label: string;
  value: string | null;
  onChange(iso: string): void;
  /** The submit button's words. */
  action?: string;
}

export function InstantPicker({ label, value, onChange, action = 'Show' }: Props) {
  const local = value === null ? '' : toLocalInput(value);
  const [draft, setDraft] = useStateFor(local, local);
  const inputId = useId();
  const picked = fromLocalInput(draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked !== null) onChange(picked);
  };
  return (
    <form className="instant-picker" role="group" aria-label={label} onSubmit={submit}>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} type="datetime-local" step={1} value={draft} onChange={(event) => setDraft(event.target.value)} />
      <button type="submit" disabled={picked === null}>
        {action}
      </button>
      <span className="instant-presets" role="group" aria-label={`${label}: quick picks`}>
        {INSTANT_PRESETS.map((preset) => (
          <button key={preset.days} type="button" className="chip" onClick={() => onChange(daysAgo(preset.days))}>
            {preset.label}
          </button>
        ))}
      </span>
    </form>
  );
}
