/**
 * When a person last scrolled a list. Live refreshes (api/live-rows.ts) wait for a pause in the
 * scrolling: a row patched in mid-scroll re-renders every row in view and moves the rows under the
 * pointer, and on a loaded machine each such patch cost the scroll a frame.
 */
export interface ScrollActivity {
  noteScroll(): void;
  /** Milliseconds since the last scroll (Infinity before any). */
  sinceScroll(): number;
}

export function createScrollActivity(now: () => number = () => performance.now()): ScrollActivity {
  let last = -Infinity;
  return {
    noteScroll: () => {
      last = now();
    },
    sinceScroll: () => now() - last,
  };
}

/** The app's one: the Browser's grid notes its scrolling here, the live refreshes read it. */
export const scrollActivity = createScrollActivity();
