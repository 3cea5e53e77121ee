/**
 * The fuzz's side of the host under fuzz: starts the process, sends calls, and watches it. A call
 * that does not answer in time, a host that stops answering pings, or one whose memory grows past
 * a bound is reported as such (and the host killed) rather than awaited forever.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CallResult, SessionStatus } from '../../../shared/contract';
import type { HostReply, HostRequest } from './fuzz-host-messages';

const HOST_PROCESS = fileURLToPath(new URL('./fuzz-host-process.ts', import.meta.url));
/** tsx by absolute address: the host runs in the fuzz's folder, where `--import tsx` would not resolve. */
const TSX_LOADER = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'loader.mjs')).href;

export type CallOutcome =
  | { kind: 'answer'; result: CallResult; ms: number; logs: string[] }
  /** No answer in time: `hostAnswersPings` tells a slow call from a host that stopped answering altogether. */
  | { kind: 'no_answer'; ms: number; hostAnswersPings: boolean; rssMb: number }
  /** The host was killed for growing past the memory bound while the call ran, or died. */
  | { kind: 'host_died'; ms: number; why: string };

export interface FuzzHost {
  call(name: string, payload: unknown, timeoutMs: number): Promise<CallOutcome>;
  ping(timeoutMs: number): Promise<boolean>;
  open(path: string): Promise<SessionStatus>;
  closeSession(): Promise<void>;
  rssMb(): number;
  readonly alive: boolean;
  /** Stops the host: politely when it answers, by SIGKILL otherwise. */
  stop(): Promise<void>;
}

export interface FuzzHostOptions {
  appDataDir: string;
  /** The host's working folder. */
  workDir: string;
  /** The host is killed when its resident memory passes this while a call runs. */
  memoryLimitMb: number;
}

/** A call slower than its timeout is still awaited, while the host answers pings, up to this many timeouts. */
const SLOW_CALL_FACTOR = 6;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Waiter = (reply: HostReply | null) => void;

export async function startFuzzHost(options: FuzzHostOptions): Promise<FuzzHost> {
  // The host's working folder is the fuzz's own: a relative path a call resolves lands there, never in the repository.
  const child: ChildProcess = spawn(process.execPath, ['--import', TSX_LOADER, HOST_PROCESS, options.appDataDir], {
    cwd: options.workDir,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4_000);
  });
  const waiters = new Map<number, Waiter>();
  let alive = true;
  let nextId = 1;
  let deathReason = '';
  child.on('message', (reply: HostReply) => {
    const waiter = waiters.get(reply.id);
    waiters.delete(reply.id);
    waiter?.(reply);
  });
  child.on('exit', (code, signal) => {
    alive = false;
    deathReason ||= `exited (${signal ?? code}); stderr: ${stderr.slice(-300)}`;
    for (const waiter of waiters.values()) waiter(null);
    waiters.clear();
  });

  const send = (request: DistributiveOmit<HostRequest, 'id'>, timeoutMs: number): Promise<HostReply | null> => {
    if (!alive) return Promise.resolve(null);
    const id = nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiters.delete(id);
        resolve(null);
      }, timeoutMs);
      waiters.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      child.send({ ...request, id } as HostRequest);
    });
  };

  const rssMb = (): number => {
    if (!alive || child.pid === undefined) return 0;
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  const kill = (why: string) => {
    deathReason ||= why;
    child.kill('SIGKILL');
  };

  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 60_000);
    waiters.set(0, (reply) => {
      clearTimeout(timer);
      resolve(reply !== null);
    });
  });
  if (!ready) {
    kill('did not start');
    throw new Error(`The fuzz host did not start: ${stderr.slice(-1_000)}`);
  }

  const host: FuzzHost = {
    get alive() {
      return alive;
    },
    rssMb,
    async ping(timeoutMs) {
      return (await send({ op: 'ping' }, timeoutMs))?.op === 'pong';
    },
    async open(path) {
      const reply = await send({ op: 'open', path }, 30_000);
      if (reply?.op !== 'opened') throw new Error(`The fuzz host did not open ${path}: ${deathReason}`);
      return reply.status;
    },
    async closeSession() {
      await send({ op: 'close' }, 30_000);
    },
    async call(name, payload, timeoutMs) {
      const started = performance.now();
      const guard = setInterval(() => {
        const rss = rssMb();
        if (rss > options.memoryLimitMb) kill(`grew to ${Math.round(rss)} MB (bound ${options.memoryLimitMb} MB) answering ${name}`);
      }, 50);
      // A slow call is awaited as long as the host keeps answering pings (up to a hard bound); one that stops the host is not.
      let answered = false;
      const reply = send({ op: 'call', name, payload }, timeoutMs * SLOW_CALL_FACTOR).finally(() => {
        answered = true;
      });
      const watchdog = async (): Promise<'unresponsive'> => {
        for (;;) {
          await new Promise((resume) => setTimeout(resume, timeoutMs));
          if (answered || !(await host.ping(1_000))) return 'unresponsive';
        }
      };
      try {
        const first = await Promise.race([reply, watchdog()]);
        const ms = performance.now() - started;
        if (first !== 'unresponsive' && first?.op === 'answer') return { kind: 'answer', result: first.result, ms: first.ms, logs: first.logs };
        const late = answered ? await reply : null;
        if (late?.op === 'answer') return { kind: 'answer', result: late.result, ms: late.ms, logs: late.logs };
        if (!alive) return { kind: 'host_died', ms, why: deathReason };
        return { kind: 'no_answer', ms, hostAnswersPings: await host.ping(1_000), rssMb: Math.round(rssMb()) };
      } finally {
        clearInterval(guard);
      }
    },
    async stop() {
      if (!alive) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (await host.ping(1_000)) {
        child.send({ id: nextId++, op: 'exit' } satisfies HostRequest);
        const timer = setTimeout(() => kill('did not exit'), 10_000);
        await exited;
        clearTimeout(timer);
      } else {
        kill('stopped answering');
        await exited;
      }
    },
  };
  return host;
}
