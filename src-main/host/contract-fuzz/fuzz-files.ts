/**
 * The files the fuzz points path fields at, in its own temp folder: a demo mind (the template every
 * run copies), an export of it, importer sources, files that are not minds (another app's SQLite,
 * random bytes, a truncated mind, one from schema v9999, an empty file), and files that are not
 * regular: a FIFO, a folder, and a character device like /dev/zero (made with mknod where the
 * user may, so what SQLite leaves beside it lands in this folder). Per run: a fresh copy of the
 * mind, with a hard link and a symlink to it.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, copyFileSync, linkSync, mkdirSync, openSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
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
  /** Every file a failed open might leave something beside. */
  readonly openTargets: readonly string[];
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
    storeSettings(mind, settings, { ...settings, scheduler: { ...settings.scheduler, enabled: false } }, 'user');
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
  mkdirSync(at('folder.mindloom'));
  execFileSync('mkfifo', [at('fifo.mindloom')]);
  const zero = characterDeviceLikeDevZero(at('zero.mindloom'));

  const special: Record<string, string> = {
    export: exportPath,
    passwd: '/etc/passwd',
    'random-bytes': at('random-bytes.bin'),
    'other-sqlite': at('kernle.db'),
    'truncated-mind': at('truncated.mindloom'),
    'schema-v9999': at('v9999.mindloom'),
    'dev-zero': zero,
    fifo: at('fifo.mindloom'),
    folder: at('folder.mindloom'),
    'nul-in-path': at('a\u0000b.mindloom'),
    'too-long': join(files, 'x'.repeat(4_000)),
    missing: join(root, 'no-such-folder', 'nothing.mindloom'),
  };
  const sourceByKind: Record<string, string> = {
    json: exportPath,
    transcripts: at('transcripts.jsonl'),
    'mcp-memory': at('mcp-memory.jsonl'),
    kernle: at('kernle.db'),
  };
  let fresh = 0;

  return {
    root,
    template,
    openTargets: Object.values(special),
    prepareRun(name) {
      const runDir = join(root, name);
      mkdirSync(runDir, { recursive: true });
      const mindPath = join(runDir, 'mind.mindloom');
      copyFileSync(template, mindPath);
      copyFileSync(template, join(runDir, 'other.mindloom'));
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
        case 'hard-link':
          return join(runDir, 'hard-link.mindloom');
        case 'symlink':
          return join(runDir, 'symlink.mindloom');
        case 'other-mind':
          return join(runDir, 'other.mindloom');
        case 'empty-file':
          return join(runDir, 'empty.mindloom');
        case 'new-file':
          fresh += 1;
          return join(runDir, `new-${fresh}.out`);
        case 'odd-name':
          return join(runDir, 'a\udfffb\u202e\u200b.mindloom');
        case 'relative':
          return join('nested-missing', 'x.mindloom');
        case 'source':
          return sourceByKind[String(kind)] ?? exportPath;
        default:
          return special[name] ?? exportPath;
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

/** /dev/zero by another name, in the fuzz's folder; /dev/zero itself where mknod is not allowed. */
function characterDeviceLikeDevZero(path: string): string {
  try {
    execFileSync('mknod', [path, 'c', '1', '5'], { stdio: 'ignore' });
    const fd = openSync(path, 'r');
    closeSync(fd);
    return path;
  } catch {
    return '/dev/zero';
  }
}

