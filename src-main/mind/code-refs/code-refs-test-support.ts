/** A real git repository in a temp folder for the code-reference tests and bench: write files, commit, read HEAD. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface TempRepo {
  dir: string;
  write(path: string, content: string): void;
  git(...args: string[]): string;
  /** Stages everything and commits; returns the new HEAD. */
  commit(message: string): string;
  remove(): void;
}

/** A fresh repository in a temp folder (under `parent` when given: removed with it). */
export function tempRepo(prefix = 'mindloom-repo-', parent = tmpdir()): TempRepo {
  const dir = mkdtempSync(join(parent, prefix));
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', dir, ...args], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid' },
    }).trim();
  git('init', '--quiet', '--initial-branch=main');
  return {
    dir,
    git,
    write(path, content) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    },
    commit(message) {
      git('add', '--all');
      git('commit', '--quiet', '--no-gpg-sign', '-m', message);
      return git('rev-parse', 'HEAD');
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** `n` numbered lines of a source file: `// NAME line i` each, so every line is distinct. */
export function sourceLines(name: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => `// ${name} line ${i + 1}`);
}
