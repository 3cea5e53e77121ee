/**
 * Test support: another program on the same mind, as a process of its own running one of the
 * `*-process.ts` scripts beside this file under tsx (an agent holding the mind, a writer, a lock).
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export interface TestProcess {
  readonly child: ChildProcessByStdio<Writable, Readable, null>;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves once it has printed `text`; fails if it ends first. */
  printed(text: string): Promise<void>;
  /** Closes its stdin (each script's cue to let go) and waits for its exit code. */
  stop(): Promise<number | null>;
}

/** Starts `SCRIPT.ts` (a file beside this one) with `args`. */
export function startTestProcess(script: string, args: readonly string[]): TestProcess {
  const path = fileURLToPath(new URL(`./${script}.ts`, import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', path, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const closed = new Promise<number | null>((done) => child.once('close', done));
  return {
    child,
    output: () => output,
    printed: (text) =>
      new Promise<void>((ready, fail) => {
        const look = () => {
          if (output.includes(text)) ready();
          else if (child.exitCode !== null) fail(new Error(`${script} ended (${child.exitCode}) before printing ${text}`));
          else setTimeout(look, 20);
        };
        look();
      }),
    stop: () => {
      child.stdin.end();
      return closed;
    },
  };
}
