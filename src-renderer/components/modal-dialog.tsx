/**
 * A modal dialog on the platform's own <dialog>: it traps focus, closes on Escape, sits above
 * everything with a backdrop, and gives focus back to what had it when it closes.
 */
import { type ReactNode, useEffect, useRef } from 'react';

export function ModalDialog({
  labelledBy,
  describedBy,
  className,
  onClose,
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  className?: string;
  onClose(): void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    // The owner unmounts the dialog to close it: the element is gone before the browser could
    // hand focus back itself, so it is given back here.
    const returnFocus = document.activeElement;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      if (returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className={`modal ${className ?? ''}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // Escape: the owner decides (it unmounts the dialog).
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}
