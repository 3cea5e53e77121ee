/** Test support: run `main` in-process against temp mind files and capture what it prints. */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from './io';
import { main } from './main';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(argv: readonly string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'mindloom-cli-'));
}

/** A fresh, initialized mind file and a runner bound to it. */
export async function freshMind(): Promise<{ path: string; cli: (...argv: string[]) => Promise<CliRun> }> {
  const path = join(tempDir(), 'test.mind');
  const init = await runCli(['init', '--mind', path]);
  if (init.code !== 0) throw new Error(`init failed: ${init.stderr}`);
  return { path, cli: (...argv: string[]) => runCli([...argv, '--mind', path]) };
}

/** Runs a command that must succeed and returns its trimmed stdout. */
export async function ok(run: Promise<CliRun>): Promise<string> {
  const result = await run;
  if (result.code !== 0) throw new Error(`expected success, got ${result.code}: ${result.stderr}`);
  return result.stdout.trim();
}

/** Whether a mind file's bytes hold `text`: the main file and its write-ahead log, as they lie on disk. */
export function fileBytesHold(path: string, text: string): { main: boolean; wal: boolean } {
  const holds = (file: string) => existsSync(file) && readFileSync(file).includes(Buffer.from(text, 'utf8'));
  return { main: holds(path), wal: holds(`${path}-wal`) };
}
