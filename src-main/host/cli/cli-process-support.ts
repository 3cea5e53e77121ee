/** Test support: `mindloom` as a real child process, run from the sources (main-process.ts). */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./main-process.ts', import.meta.url));

export interface CliProcess {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once stderr contains a line that matches. */
  waitForStderr(pattern: RegExp): Promise<string>;
  /** The exit: a code, or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): CliProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, ...args], {
    env: { ...process.env, MINDLOOM_MIND: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (const waiter of [...waiters]) {
      const line = stderr.split('\n').find((l) => waiter.pattern.test(l));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    waitForStderr: (pattern) =>
      new Promise((resolve, reject) => {
        const line = stderr.split('\n').find((l) => pattern.test(l));
        if (line !== undefined) return resolve(line);
        waiters.push({ pattern, resolve });
        void exited.then(({ code, signal }) => reject(new Error(`mindloom exited (${code ?? signal}) before printing ${pattern}:\n${stderr}`)));
      }),
    exited,
  };
}

/** A process started with node and tsx (an agent writing its database); resolves to its stdout when it has exited. */
export function runTsProcess(args: readonly string[]): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return new Promise((resolve) => child.once('close', () => resolve(out)));
}

/**
 * `mindloom ARGS --follow`, killed with SIGKILL after `followingMs` of following and started again
 * at once: resolves to the second follower, following.
 */
export async function followerKilledAndRestarted(args: readonly string[], followingMs = 1_500): Promise<CliProcess> {
  const first = startCli(args);
  await first.waitForStderr(/following/);
  await new Promise((r) => setTimeout(r, followingMs));
  first.child.kill('SIGKILL');
  const { signal } = await first.exited;
  if (signal !== 'SIGKILL') throw new Error(`the first follower ended by ${signal ?? 'exiting'}, not SIGKILL`);
  const second = startCli(args);
  await second.waitForStderr(/following/);
  return second;
}
