/** Pushed events fan out to every subscriber (one per window or SSE stream). */
import type { MindEvent } from '../../shared/contract';

export type EventListener = (event: MindEvent) => void;

export interface EventHub {
  emit(event: MindEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
}

export function createEventHub(onListenerError: (error: unknown) => void): EventHub {
  const listeners = new Set<EventListener>();
  return {
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          // One broken stream must not keep the event from the others.
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
