/**
 * Component-owned timers: what a component has pending is cancelled when it unmounts, or when what
 * the timer waits on changes first.
 */
import { useEffect, useState } from 'react';
import { createTimers } from './timers';

/** Runs `callback` once `ms` after the component shows `key`; a new `key` starts the wait over. */
function useAfter(ms: number, key: unknown, callback: () => void): void {
  useEffect(() => {
    const timers = createTimers();
    timers.after(ms, callback);
    return timers.dispose;
    // Keyed on `key`, not on the callback: the callback made with a key is the one that key needs.
  }, [ms, key]);
}

/** `value`, once it has stayed the same for `ms`: what a search box sends after a pause in typing. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useAfter(ms, value, () => setSettled(value));
  return settled;
}

/** False until the component has been on screen for `ms`: for work worth starting only if the person stays. */
export function useLingered(ms: number): boolean {
  const [lingered, setLingered] = useState(false);
  useAfter(ms, null, () => setLingered(true));
  return lingered;
}
