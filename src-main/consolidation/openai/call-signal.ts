/**
 * The openai client adds an abort listener to the signal of every request attempt and never
 * removes it. The pipeline hands one signal to a whole run (hundreds of calls), so each call gets
 * its own signal, linked to the run's for the duration of the call only.
 */
export async function withCallSignal<T>(runSignal: AbortSignal, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const forward = (): void => controller.abort(runSignal.reason);
  if (runSignal.aborted) forward();
  else runSignal.addEventListener('abort', forward, { once: true });
  try {
    return await call(controller.signal);
  } finally {
    runSignal.removeEventListener('abort', forward);
  }
}
