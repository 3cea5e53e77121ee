/** The end of every editing form: what is wrong (announced), then its action and Cancel. */
import { describeError } from '../api/errors';

export function FormProblem({ problem, id }: { problem: string | null; id?: string }) {
  if (problem === null) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {problem}
    </p>
  );
}

interface ButtonsProps {
  /** The submit button's words. */
  submit: string;
  busy?: boolean;
  disabled?: boolean;
  /** A rejection's button: drawn as a warning. */
  danger?: boolean;
  /** Focused when the dialog opens. */
  autoFocus?: boolean;
  onCancel(): void;
}

export function FormButtons({ submit, busy = false, disabled = false, danger = false, autoFocus = false, onCancel }: ButtonsProps) {
  return (
    <div className="actions">
      <button type="submit" className={danger ? 'danger-button' : 'primary'} disabled={busy || disabled} data-autofocus={autoFocus ? true : undefined}>
        {submit}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** What a refused change says in its form: a conflict says nothing was changed; anything else its code and message. */
export function problemOf(error: unknown): string {
  const { code, message } = describeError(error);
  return code === 'version_conflict' ? `It changed meanwhile: nothing was changed. ${message}` : `${code}: ${message}`;
}
