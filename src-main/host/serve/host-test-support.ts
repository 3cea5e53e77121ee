/** Starts a host on a temp renderer folder and talks to it the way a browser page would. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallResult, type MindEvent, MindEventSchema } from '../../../shared/contract';
import { type HostOptions, type RunningHost, startHost } from './host';

export interface TestHost {
  host: RunningHost;
  dir: string;
  base: string;
  /** POSTs a call with the bearer token; returns the HTTP status and the parsed CallResult. */
  call(name: string, payload: unknown): Promise<{ status: number; body: CallResult }>;
  dispose(): Promise<void>;
}

export const TEST_INDEX = '<!doctype html><title>Mindloom test renderer</title><script type="module" src="/assets/app.js"></script>';

export async function startTestHost(options: Omit<HostOptions, 'rendererDir'> = {}): Promise<TestHost> {
  const dir = mkdtempSync(join(tmpdir(), 'mindloom-host-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), TEST_INDEX);
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("app");');
  writeFileSync(join(dir, 'secret.txt'), 'outside the renderer');
  const host = await startHost({ appDataDir: join(dir, 'app-data'), ...options, rendererDir });
  const base = `http://127.0.0.1:${host.port}`;
  return {
    host,
    dir,
    base,
    async call(name, payload) {
      const response = await fetch(`${base}/api/call/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: (await response.json()) as CallResult };
    },
    async dispose() {
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A raw request, for what fetch will not send (a foreign Host header, a path with `..`). */
export function rawRequest(
  port: number,
  options: { path: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((done, failed) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: options.path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', failed);
    req.end(options.body);
  });
}

/** Reads a server-sent event stream into `events` until `stop` is called. */
export async function readEvents(url: string, token: string, events: MindEvent[]): Promise<{ status: number; stop(): void }> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  if (response.status === 200 && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = message.split('\n').find((line) => line.startsWith('data: '));
            if (data) events.push(MindEventSchema.parse(JSON.parse(data.slice('data: '.length))));
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted by stop(), or the host closed the stream.
      }
    })();
  }
  return { status: response.status, stop: () => abort.abort() };
}
