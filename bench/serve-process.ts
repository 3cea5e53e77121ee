/**
 * `mindloom serve` as its own process, the way a person starts it: the built CLI on loopback,
 * without opening a browser. Used by the UI bench and by the e2e test of `serve --mind` on a bad
 * file. The address is read from what the command prints.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_BIN = join(REPO_ROOT, 'bin', 'mindloom.js');
export const CLI_BUNDLE = join(REPO_ROOT, 'out', 'cli', 'mindloom.mjs');

export interface ServeProcess {
  /** The printed address, token included. */
  url: string;
  /** Everything the command wrote to stdout and stderr so far. */
  output(): { stdout: string; stderr: string };
  /** Ctrl+C: the host closes its mind and exits. */
  stop(): Promise<void>;
}

const STARTUP_LIMIT_MS = 120_000;

export function startServeProcess(args: readonly string[], options: { cwd?: string } = {}): Promise<ServeProcess> {
  if (!existsSync(CLI_BUNDLE)) {
    return Promise.reject(new Error(`The CLI is not built (${CLI_BUNDLE} is missing): run npm run build:cli first.`));
  }
  const child: ChildProcess = spawn(process.execPath, [CLI_BIN, 'serve', '--no-open', ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  return new Promise((started, failed) => {
    const giveUp = setTimeout(() => {
      child.kill('SIGTERM');
      failed(new Error(`mindloom serve printed no address within ${STARTUP_LIMIT_MS / 1000} s.\n${stdout}${stderr}`));
    }, STARTUP_LIMIT_MS);
    const look = () => {
      const address = /(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(stdout)?.[1];
      if (address === undefined) return;
      clearTimeout(giveUp);
      child.stdout?.off('data', look);
      started({
        url: address,
        output: () => ({ stdout, stderr }),
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
          await exited;
        },
      });
    };
    child.stdout?.on('data', look);
    child.once('exit', (code, signal) => {
      clearTimeout(giveUp);
      failed(new Error(`mindloom serve exited (${code ?? signal}) before printing its address.\n${stdout}${stderr}`));
    });
  });
}
