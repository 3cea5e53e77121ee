/**
 * Toasts: short notices in a live region. Errors carry their typed code so a person (and a test)
 * can tell a version conflict from a missing file at a glance.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { describeError } from '../api/errors';
import { createTimers, type Timers } from './timers';

export interface Toast {
  id: number;
  kind: 'error' | 'success' | 'info';
  title: string;
  message: string;
  code?: string;
  /** One thing to do about it (Undo, Redo); the toast closes when it is done. */
  action?: { label: string; run(): void };
}

interface ToastApi {
  show(toast: Omit<Toast, 'id'>): void;
  /** Any thrown value: typed API errors show their code, anything else its message. */
  error(error: unknown, title?: string): void;
  success(message: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const LIFETIME_MS = { error: 8000, success: 3000, info: 4000 } as const;
/** A toast offering Undo stays long enough to reach it. */
const ACTION_LIFETIME_MS = 8000;
const MAX_VISIBLE = 4;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  /** The toasts' timers (made at the first toast, dropped on unmount), and each toast's way to cancel its own. */
  const timers = useRef<Timers | null>(null);
  const cancels = useRef(new Map<number, () => void>());

  const dismiss = useCallback((id: number) => {
    cancels.current.get(id)?.();
    cancels.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback(
    (toast: Omit<Toast, 'id'>) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { ...toast, id }].slice(-MAX_VISIBLE));
      timers.current ??= createTimers();
      cancels.current.set(id, timers.current.after(toast.action ? ACTION_LIFETIME_MS : LIFETIME_MS[toast.kind], () => dismiss(id)));
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = cancels.current;
    return () => {
      timers.current?.dispose();
      timers.current = null;
      pending.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      error: (error, title = 'Something went wrong') => {
        const { code, message } = describeError(error);
        show({ kind: 'error', title, message, code });
      },
      success: (message) => show({ kind: 'success', title: 'Done', message }),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toasts" aria-label="Notifications" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'} data-testid="toast">
            <div className="toast-body">
              <strong>{t.title}</strong>
              {t.code !== undefined && <code className="error-code">{t.code}</code>}
              <p>{t.message}</p>
            </div>
            {t.action !== undefined && (
              <button
                type="button"
                className="toast-action"
                onClick={() => {
                  dismiss(t.id);
                  t.action?.run();
                }}
              >
                {t.action.label}
              </button>
            )}
            <button type="button" className="icon-button" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}
