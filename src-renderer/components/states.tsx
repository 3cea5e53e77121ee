/** The three states every view has besides its content: loading, empty and failed. */
import type { ReactNode } from 'react';
import { describeError } from '../api/errors';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty" role="status">
      <strong>{title}</strong>
      {children !== undefined && <div>{children}</div>}
    </div>
  );
}

export function ErrorState({ error, title = 'Could not load this', onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  const { code, message } = describeError(error);
  return (
    <div className="state state-error" role="alert">
      <strong>{title}</strong>
      <p>
        <code className="error-code">{code}</code> {message}
      </p>
      {onRetry !== undefined && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
