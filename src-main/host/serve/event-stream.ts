/** `GET /api/events`: the API's pushed events as server-sent events, one JSON MindEvent per message. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MindEvent } from '../../../shared/contract';

/** Comments keep proxies and idle timeouts from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;

export interface EventStreams {
  open(request: IncomingMessage, response: ServerResponse): void;
  /** Ends every open stream (the host is shutting down). */
  closeAll(): void;
}

export function eventStreams(subscribe: (listener: (event: MindEvent) => void) => () => void): EventStreams {
  const open = new Set<() => void>();
  return {
    open(request, response) {
      response.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      response.write('retry: 2000\n\n');
      const unsubscribe = subscribe((event) => response.write(`data: ${JSON.stringify(event)}\n\n`));
      const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const close = () => {
        if (!open.delete(close)) return;
        clearInterval(heartbeat);
        unsubscribe();
        response.end();
      };
      open.add(close);
      request.on('close', close);
    },
    closeAll() {
      for (const close of [...open]) close();
    },
  };
}
