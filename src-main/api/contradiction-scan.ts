/**
 * The contradiction scan a window starts: one at a time per session, run in steps on the main
 * process (scanContradictionsInSteps yields between pages), its progress pushed as
 * `contradictions.scan` events, cancellable, and stopped when the mind is closed.
 */
import type { ScanState } from '../../shared/contract/contradictions';
import { MindError } from '../../shared/errors';
import { scanContradictionsInSteps } from '../mind/contradictions';
import type { Session } from './session';

export interface ScanRunner {
  start(): ScanState;
  state(): ScanState;
  cancel(): ScanState;
}

const IDLE: ScanState = { running: false, scanned: 0, fraction: 0, recorded: 0, finished: null, error: null };
/** Progress events at most this often: a fast scan would otherwise send thousands. */
const PROGRESS_EVERY_MS = 250;

export function createScanRunner(session: Session, changed: () => void, logError: (message: string, error: unknown) => void): ScanRunner {
  let current: ScanState = IDLE;
  let controller: AbortController | null = null;
  const publish = (next: ScanState) => {
    current = next;
    session.events.emit({ type: 'contradictions.scan', payload: next });
  };
  // Another mind opened (or none): a scan of the old one stops.
  session.events.subscribe((event) => {
    if (event.type === 'session.changed') controller?.abort();
  });

  return {
    start() {
      if (current.running) throw new MindError('invalid_state', 'A contradiction scan is already running; wait for it or cancel it.');
      const mind = session.mind();
      controller = new AbortController();
      const signal = controller.signal;
      let lastEvent = 0;
      publish({ ...IDLE, running: true });
      scanContradictionsInSteps(mind, {
        actor: 'user',
        signal,
        onProgress: ({ scanned, fraction }) => {
          const now = performance.now();
          if (now - lastEvent < PROGRESS_EVERY_MS) return;
          lastEvent = now;
          publish({ ...current, scanned, fraction });
        },
      })
        .then((result) => {
          publish({ running: false, scanned: result.scanned, fraction: result.cancelled ? current.fraction : 1, recorded: result.recorded, finished: result.cancelled ? 'cancelled' : 'done', error: null });
          if (result.recorded > 0) changed();
        })
        .catch((error: unknown) => {
          logError('The contradiction scan failed', error);
          publish({ ...current, running: false, finished: 'failed', error: error instanceof Error ? error.message : String(error) });
        })
        .finally(() => {
          controller = null;
        });
      return current;
    },
    state: () => current,
    cancel() {
      controller?.abort();
      return current;
    },
  };
}
