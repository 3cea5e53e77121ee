/** Single-key shortcuts (j/k, a, u …): only when the person is not typing and no dialog is open. */
import { useEffect, useRef } from 'react';

/** Whether a key event lands in a place where keys are text (a field, an editable element). */
export function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return element !== null && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

/** A bare key (Shift allowed, for '?'), away from fields and dialogs. */
export function isShortcut(event: KeyboardEvent): boolean {
  return !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target) && document.querySelector('dialog[open]') === null;
}

/**
 * Binds shortcuts while the component is mounted: `handlers[key]` runs for a bare key press.
 * The handlers may change every render; the listener reads the latest.
 */
export function useShortcuts(handlers: Readonly<Record<string, (() => void) | undefined>>, enabled = true): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      const handler = latest.current[event.key];
      if (handler === undefined) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
