/**
 * The layout worker: lays out one lineage graph per message off the main thread, so the view
 * stays responsive while elk (or the fast layered layout, for large graphs) runs.
 */
import { type LayoutInput, layoutGraph, type LayoutResult } from '../../../shared/lineage-layout';

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
const layout = (input: LayoutInput) =>
  layoutGraph(input, () => performance.now()).finally(() => {
    scope.onmessage = null;
  });

scope.addEventListener('message', (event) => {
  const { key, input } = event.data;
  layout(input).then(
    (result) => scope.postMessage({ key, ok: true, result }),
    (error: unknown) => scope.postMessage({ key, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});

// elk's first layout pays for starting its compiled-Java runtime: pay it while the view loads its graph.
void layout({ nodes: [{ id: 'a', depth: 0 }, { id: 'b', depth: 1 }], edges: [{ from: 'a', to: 'b' }] });
