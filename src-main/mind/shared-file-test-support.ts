/**
 * Two connections to one mind file in a temporary folder, as the app and an agent process (or the
 * consolidation worker) hold it: what one commits, the other must notice. Opened afresh for each
 * test of the file that asks for it, and removed after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { type Mind, openMind } from './mind';

export interface SharedFile {
  readonly app: Mind;
  readonly other: Mind;
}

export function sharedFileForEachTest(prefix: string): SharedFile {
  let current: (SharedFile & { dir: string }) | null = null;
  beforeEach(() => {
    const dir = mkdtempSync(join(tmpdir(), `mindloom-${prefix}-`));
    current = { dir, app: openMind(join(dir, 'shared.mindloom')), other: openMind(join(dir, 'shared.mindloom'), { mustExist: true }) };
  });
  afterEach(() => {
    current?.app.close();
    current?.other.close();
    if (current) rmSync(current.dir, { recursive: true, force: true });
    current = null;
  });
  const opened = (): SharedFile => {
    if (current === null) throw new Error('the shared mind file is open only during a test');
    return current;
  };
  return {
    get app() {
      return opened().app;
    },
    get other() {
      return opened().other;
    },
  };
}
