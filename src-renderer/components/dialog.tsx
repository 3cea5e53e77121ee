/**
 * A modal dialog on the native <dialog> element: focus moves into it (to the control marked
 * `data-autofocus`) and stays there, Escape closes it, the page behind is inert, and focus returns
 * to what opened it when it closes.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

interface Props {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** A wider dialog for side-by-side content. */
  wide?: boolean;
  /** Names the element that describes the dialog, when there is one. */
  describedBy?: string;
}

export function Dialog({ title, onClose, children, wide = false, describedBy }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  // Taken while rendering, before anything inside (an autoFocus field) has taken the focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    // A closed dialog's contents cannot take focus, so React's autoFocus cannot work inside one:
    // the field marked `data-autofocus` gets it once the dialog is open (else its first control).
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    // Escape: the dialog's own cancel, turned into the caller's close (the caller unmounts it).
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      opener?.focus({ preventScroll: true });
    };
  }, [opener]);

  return (
    <dialog ref={ref} className={`dialog${wide ? ' dialog-wide' : ''}`} aria-labelledby={titleId} aria-describedby={describedBy}>
      <header className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      {children}
    </dialog>
  );
}
