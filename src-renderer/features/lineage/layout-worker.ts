/**
 * The layout worker: lays out one small lineage graph per message with elk, off the main thread,
 * so the view stays responsive while elk runs (larger graphs get the fast layout in place:
 * use-layout.ts).
 */
import { elkLayout } from '../../../shared/lineage-elk-layout';
import type { LayoutInput, LayoutResult } from '../../../shared/lineage-layout';

export interface LayoutRequest {
  key: string;
  input: LayoutInput;
}

export type LayoutReply = { key: string; ok: true; result: LayoutResult } | { key: string; ok: false; message: string };

// The renderer's tsconfig has the DOM lib, not the worker one: name the members used here.
const scope = self as unknown as {
  onmessage: unknown;
  addEventListener(type: 'message', listener: (event: MessageEvent<LayoutRequest>) => void): void;
  postMessage(reply: LayoutReply): void;
};

/**
 * elk's bundled build, once constructed inside a worker, claims `self.onmessage` for its own
 * protocol; this worker listens with addEventListener and takes that claim back after each layout.
 */
async function layout(input: LayoutInput): Promise<LayoutResult> {
  const started = performance.now();
  try {
    const positions = await elkLayout(input);
    return { positions, engine: 'elk', ms: performance.now() - started };
  } finally {
    scope.onmessage = null;
  }
}

scope.addEventListener('message', (event) => {
  const { key, input } = event.data;
  layout(input).then(
    (result) => scope.postMessage({ key, ok: true, result }),
    (error: unknown) => scope.postMessage({ key, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});
