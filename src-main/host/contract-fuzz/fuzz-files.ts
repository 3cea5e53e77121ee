/**
 * The files the fuzz points path fields at: a demo mind (the template every run copies), an
 * export of it, importer sources, files that are not minds (another app's SQLite, random bytes, a
 * truncated mind, one from schema v9999, an empty file), and files that are not regular: a FIFO, a
 * folder, and a character device like /dev/zero (made with mknod where the user may, so what SQLite
 * leaves beside it lands in the fuzz's folder). Every run gets its own copies, links to its mind and
 * special files, so a call that writes over one spoils it for that run only.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, linkSync, mkdirSync, openSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDemoMind } from '../../mind/demo/load-demo';
import { openMind } from '../../mind/mind';
import { readSettings, storeSettings } from '../../mind/settings';
import { exportMindJson } from '../../interop/json-export';
import type { PathName } from './hostile-values';

const FIXTURES = fileURLToPath(new URL('../../interop/', import.meta.url));

export interface FuzzFiles {
  root: string;
  /** The demo mind every run starts from (closed, checkpointed). */
  template: string;
  /** A fresh copy of the template for one run, with the links to it. */
  prepareRun(name: string): string;
  /** The path a `«path:NAME»` token stands for; `kind` is the request's importer kind, if any. */
  resolve(name: PathName, context: { mindPath: string; runDir: string; kind: unknown }): string;
}

export async function makeFuzzFiles(root: string): Promise<FuzzFiles> {
  const files = join(root, 'files');
  mkdirSync(files, { recursive: true });
  const template = join(root, 'template.mindloom');
  loadDemoMind(template, { now: Date.now() });
  const exportPath = join(files, 'demo-export.json');
  const mind = openMind(template, { mustExist: true });
  try {
    // Consolidation runs when the fuzz asks (runNow, settings), not on its own the moment a copy opens.
    const settings = readSettings(mind);
    // A run asked for is bounded to a few clusters: the fuzz needs its writes and races, not a whole sleep cycle.
    storeSettings(mind, settings, { ...settings, scheduler: { ...settings.scheduler, enabled: false }, budget: { ...settings.budget, maxClustersPerCycle: 2 } }, 'user');
    await exportMindJson(mind, exportPath);
  } finally {
    mind.close();
  }
  const at = (name: string) => join(files, name);
  copyFileSync(join(FIXTURES, 'fixtures', 'transcripts.jsonl'), at('transcripts.jsonl'));
  copyFileSync(join(FIXTURES, 'fixtures', 'mcp-memory.jsonl'), at('mcp-memory.jsonl'));
  copyFileSync(join(FIXTURES, 'kernle', 'fixtures', 'sample-kernle.db'), at('kernle.db'));
  writeFileSync(at('random-bytes.bin'), randomBytes(64 * 1024));
  writeFileSync(at('truncated.mindloom'), readFileSync(template).subarray(0, 8_192));
  writeFileSync(at('v9999.mindloom'), withUserVersion(readFileSync(template), 9_999));
  const sources = ['demo-export.json', 'transcripts.jsonl', 'mcp-memory.jsonl', 'kernle.db', 'random-bytes.bin', 'truncated.mindloom', 'v9999.mindloom'];

  /** Each run gets its own copies: a call that writes over a target (an export with `overwrite`) spoils it for that run only. */
  const inRun: Partial<Record<PathName, string>> = {
    export: 'demo-export.json',
    'random-bytes': 'random-bytes.bin',
    'other-sqlite': 'kernle.db',
    'truncated-mind': 'truncated.mindloom',
    'schema-v9999': 'v9999.mindloom',
    'other-mind': 'other.mindloom',
    'empty-file': 'empty.mindloom',
    'hard-link': 'hard-link.mindloom',
    symlink: 'symlink.mindloom',
    folder: 'folder.mindloom',
    'nul-in-path': 'a\u0000b.mindloom',
    'odd-name': 'a\udfffb\u202e\u200b.mindloom',
  };
  const sourceByKind: Record<string, string> = { json: 'demo-export.json', transcripts: 'transcripts.jsonl', 'mcp-memory': 'mcp-memory.jsonl', kernle: 'kernle.db' };
  let fresh = 0;

  return {
    root,
    template,
    prepareRun(name) {
      const runDir = join(root, name);
      mkdirSync(join(runDir, 'folder.mindloom'), { recursive: true });
      const mindPath = join(runDir, 'mind.mindloom');
      copyFileSync(template, mindPath);
      copyFileSync(template, join(runDir, 'other.mindloom'));
      for (const source of sources) copyFileSync(at(source), join(runDir, source));
      linkSync(mindPath, join(runDir, 'hard-link.mindloom'));
      symlinkSync(mindPath, join(runDir, 'symlink.mindloom'));
      writeFileSync(join(runDir, 'empty.mindloom'), '');
      return mindPath;
    },
    resolve(name, { mindPath, runDir, kind }) {
      switch (name) {
        case 'mind':
          return mindPath;
        case 'mind-wal':
        case 'mind-shm':
        case 'mind-journal':
          return `${mindPath}${name.slice('mind'.length)}`;
        case 'new-file':
          fresh += 1;
          return join(runDir, `new-${fresh}.out`);
        case 'source':
          return join(runDir, sourceByKind[String(kind)] ?? 'demo-export.json');
        case 'dev-zero':
          return characterDeviceLikeDevZero(join(runDir, 'zero.mindloom'));
        case 'fifo':
          return fifoIn(join(runDir, 'fifo.mindloom'));
        case 'passwd':
          return '/etc/passwd';
        case 'too-long':
          return join(runDir, 'x'.repeat(4_000));
        case 'missing':
          return join(runDir, 'no-such-folder', 'nothing.mindloom');
        case 'relative':
          return join('nested-missing', 'x.mindloom');
        default:
          return join(runDir, inRun[name] ?? 'demo-export.json');
      }
    },
  };
}

/** SQLite keeps the user version (the mind's schema version) big-endian at byte 60 of its header. */
function withUserVersion(file: Buffer, version: number): Buffer {
  const copy = Buffer.from(file);
  copy.writeUInt32BE(version, 60);
  return copy;
}

/** A FIFO nobody writes to: opening it to read waits forever. Made when first named in a run. */
function fifoIn(path: string): string {
  if (!existsSync(path)) execFileSync('mkfifo', [path]);
  return path;
}

/** /dev/zero by another name, in the run's folder; /dev/zero itself where mknod is not allowed. */
function characterDeviceLikeDevZero(path: string): string {
  if (existsSync(path)) return path;
  try {
    execFileSync('mknod', [path, 'c', '1', '5'], { stdio: 'ignore' });
    const fd = openSync(path, 'r');
    closeSync(fd);
    return path;
  } catch {
    return '/dev/zero';
  }
}

