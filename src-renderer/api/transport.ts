/**
 * How calls and events travel: Electron IPC through the preload's `window.mind` when it is there,
 * otherwise HTTP + server-sent events to the headless host (`mindloom serve`), same origin.
 */
import type { CallName, CallResult, MindEvent } from '../../shared/contract';
import { MindEventSchema } from '../../shared/contract';
import { HTTP_PATHS } from '../../shared/transport-names';
import { createTimers } from '../components/timers';
import { ApiError, isErrorCode } from './errors';

/** What a transport hands its subscribers: a pushed event, or word that events may have been missed. */
export type TransportSignal = MindEvent | { type: 'transport.resync' };

export interface Transport {
  readonly kind: 'ipc' | 'http';
  /** Resolves with the call's envelope; rejects only when the transport itself fails. */
  invoke(call: CallName, payload: unknown): Promise<CallResult>;
  subscribe(listener: (signal: TransportSignal) => void): () => void;
}

/** The preload's bridge (src-main/electron/preload.ts). */
export interface MindBridge {
  invoke(call: string, payload: unknown): Promise<CallResult>;
  subscribe(listener: (event: unknown) => void): () => void;
}

declare global {
  interface Window {
    mind?: MindBridge;
  }
}

/** Pushed events are checked like any input from outside the renderer; malformed ones are dropped. */
function parseEvent(raw: unknown): MindEvent | null {
  const result = MindEventSchema.safeParse(raw);
  return result.success ? result.data : null;
}

export function ipcTransport(bridge: MindBridge): Transport {
  return {
    kind: 'ipc',
    invoke: (call, payload) => bridge.invoke(call, payload),
    subscribe: (listener) =>
      bridge.subscribe((raw) => {
        const event = parseEvent(raw);
        if (event !== null) listener(event);
      }),
  };
}

function isCallResult(value: unknown): value is CallResult {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  if (value.ok === true) return 'value' in value;
  return 'error' in value && typeof value.error === 'object' && value.error !== null && isErrorCode((value.error as { code?: unknown }).code);
}

async function httpInvoke(call: CallName, payload: unknown): Promise<CallResult> {
  let response: Response;
  try {
    response = await fetch(`${HTTP_PATHS.call}${encodeURIComponent(call)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload ?? {}),
    });
  } catch {
    throw new ApiError('unreachable', 'The Mindloom host did not answer. Is `mindloom serve` still running?');
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (isCallResult(body)) return body;
  if (response.status === 401) {
    return {
      ok: false,
      error: { code: 'unauthorized', message: 'This page is not signed in to the host: open the address `mindloom serve` printed (with its token).' },
    };
  }
  throw new ApiError('unreachable', `The host answered ${response.status} ${response.statusText} without a result.`);
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * One EventSource shared by every subscriber. The browser reconnects by itself after a dropped
 * connection; when it gives up (the host answered with an error), we reconnect with backoff. After
 * any reconnect, subscribers hear `transport.resync`: events sent while we were away are lost.
 */
function httpEvents(): Pick<Transport, 'subscribe'> {
  const listeners = new Set<(signal: TransportSignal) => void>();
  let source: EventSource | null = null;
  const timers = createTimers();
  let cancelRetry: (() => void) | null = null;
  let retryDelay = RECONNECT_MIN_MS;
  let interrupted = false;

  const emit = (signal: TransportSignal) => {
    for (const listener of listeners) listener(signal);
  };

  const connect = () => {
    cancelRetry = null;
    const es = new EventSource(HTTP_PATHS.events, { withCredentials: true });
    source = es;
    es.onopen = () => {
      retryDelay = RECONNECT_MIN_MS;
      if (interrupted) emit({ type: 'transport.resync' });
      interrupted = false;
    };
    es.onmessage = (message: MessageEvent<string>) => {
      let raw: unknown;
      try {
        raw = JSON.parse(message.data);
      } catch {
        return;
      }
      const event = parseEvent(raw);
      if (event !== null) emit(event);
    };
    es.onerror = () => {
      interrupted = true;
      if (es.readyState !== EventSource.CLOSED) return;
      es.close();
      source = null;
      cancelRetry = timers.after(retryDelay, connect);
      retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
    };
  };

  const disconnect = () => {
    cancelRetry?.();
    cancelRetry = null;
    source?.close();
    source = null;
    interrupted = false;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) disconnect();
      };
    },
  };
}

export function httpTransport(): Transport {
  return { kind: 'http', invoke: httpInvoke, ...httpEvents() };
}

/**
 * The host hands the browser its token once, as `/?token=…`, and keeps it in an HttpOnly cookie:
 * take it out of the address bar so it is not bookmarked, shared or left in the history.
 */
export function stripTokenFromAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('token')) return;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export function pickTransport(): Transport {
  if (window.mind !== undefined) return ipcTransport(window.mind);
  stripTokenFromAddress();
  return httpTransport();
}
