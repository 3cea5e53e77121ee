/** A form's error in place: its typed code and message, announced. */
import { describeError } from '../api/errors';

export function FormError({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  const { code, message } = describeError(error);
  return (
    <p className="form-error" role="alert">
      <code className="error-code">{code}</code> {message}
    </p>
  );
}
