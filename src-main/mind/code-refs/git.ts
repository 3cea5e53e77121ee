/**
 * The few git questions code references ask, each one `git` process however many references ask
 * it: a repository's top folder and HEAD, what changed between two commits (renames followed), and
 * the contents of many files at a commit (`cat-file --batch`). Reads only; never touches the work tree.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MindError } from '../../../shared/errors';

/** Large enough for a repository's worth of blobs in one batch. */
const MAX_OUTPUT = 1024 * 1024 * 1024;

function git(dir: string, args: readonly string[], input?: string): Buffer {
  try {
    return execFileSync('git', ['-C', dir, ...args], {
      input,
      maxBuffer: MAX_OUTPUT,
      stdio: ['pipe', 'pipe', 'pipe'],
      // A repository's own config must not run programs of its choosing (a diff driver, an external diff).
      env: { ...process.env, GIT_EXTERNAL_DIFF: '', GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' },
    });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    if ((error as { code?: string }).code === 'ENOENT') throw new MindError('unsupported', 'git is not installed (or not on PATH): code references need it.');
    throw new MindError('invalid_input', `git ${args[0] ?? ''} in ${dir} failed: ${stderr || (error as Error).message}`, { dir });
  }
}

/** The repository's top folder, or a MindError naming the folder when it is not in a git repository. */
export function repositoryTop(dir: string): string {
  try {
    return git(dir, ['rev-parse', '--show-toplevel']).toString('utf8').trim();
  } catch (error) {
    throw new MindError('invalid_input', `${dir} is not inside a git repository.`, { dir, cause: (error as Error).message });
  }
}

/** The commit HEAD names, or null in a repository without commits yet. */
export function headCommit(repo: string): string | null {
  try {
    return git(repo, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']).toString('utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * HEAD as the files under `.git` say it (HEAD, then the ref it names, loose or packed), without
 * starting git: what a poll reads every few seconds. Null when they cannot be read that way (a
 * worktree's `.git` file, a reftable): the caller asks git instead.
 */
export function headFromFiles(repo: string): string | null {
  try {
    const git = join(repo, '.git');
    const head = readFileSync(join(git, 'HEAD'), 'utf8').trim();
    if (/^[0-9a-f]{40,64}$/.test(head)) return head;
    const ref = /^ref: (\S+)$/.exec(head)?.[1];
    if (!ref) return null;
    try {
      return readFileSync(join(git, ref), 'utf8').trim();
    } catch {
      const packed = readFileSync(join(git, 'packed-refs'), 'utf8').split('\n').find((line) => line.endsWith(` ${ref}`));
      return packed?.split(' ')[0] ?? null;
    }
  } catch {
    return null;
  }
}

export type FileChange = { status: 'modified' } | { status: 'deleted' } | { status: 'renamed'; to: string; identical: boolean };

/** Files that differ between two commits, by their path at `from`; renames (and copies left out) followed. */
export function changedFiles(repo: string, from: string, to: string): Map<string, FileChange> {
  const out = git(repo, ['diff', '--no-ext-diff', '--no-textconv', '--name-status', '-z', '--find-renames', from, to]).toString('utf8');
  const parts = out.split('\0');
  const changes = new Map<string, FileChange>();
  for (let i = 0; i < parts.length && parts[i] !== ''; ) {
    const status = parts[i] as string;
    if (status.startsWith('R')) {
      changes.set(parts[i + 1] as string, { status: 'renamed', to: parts[i + 2] as string, identical: status === 'R100' });
      i += 3;
    } else if (status.startsWith('C')) {
      i += 3;
    } else {
      if (status === 'D') changes.set(parts[i + 1] as string, { status: 'deleted' });
      else if (status === 'M' || status === 'T') changes.set(parts[i + 1] as string, { status: 'modified' });
      i += 2;
    }
  }
  return changes;
}

/** Contents of `commit:path` for each path (null where there is no such file), one process for all. */
export function filesAt(repo: string, commit: string, paths: readonly string[]): Map<string, string | null> {
  const unique = [...new Set(paths)];
  const contents = new Map<string, string | null>();
  if (unique.length === 0) return contents;
  // A path with a newline cannot be asked in batch mode; no reference names one.
  const asked = unique.filter((p) => !p.includes('\n'));
  const out = git(repo, ['cat-file', '--batch'], asked.map((p) => `${commit}:${p}`).join('\n') + '\n');
  let at = 0;
  for (const path of asked) {
    const lineEnd = out.indexOf(0x0a, at);
    const header = out.subarray(at, lineEnd).toString('utf8');
    at = lineEnd + 1;
    const match = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
    if (!match) {
      contents.set(path, null);
      continue;
    }
    const size = Number(match[2]);
    contents.set(path, match[1] === 'blob' ? out.subarray(at, at + size).toString('utf8') : null);
    at += size + 1;
  }
  return contents;
}
