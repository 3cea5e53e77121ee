/**
 * The code references bench (`npm run bench -- --code-refs`): a real git repository generated in a
 * temp folder (2,000 files of 60 lines), a mind with 10,000 memories each grounded in one code
 * reference into it, anchored by `repo add`; then a commit that edits 10 % of the files, deletes
 * 1 % and renames 1 %. Timed: `check-refs` finding what changed and writing it (each repetition
 * after an untimed undo of the previous one), and `check-refs` with nothing new. Target: < 5 s.
 * Writes bench/results/code-refs.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkRefs, type CheckRefsResult } from '../src-main/mind/code-refs/check-refs';
import { sourceLines, tempRepo } from '../src-main/mind/code-refs/code-refs-test-support';
import { addRepo } from '../src-main/mind/code-refs/repos';
import { createMemory } from '../src-main/mind/create';
import { openMind } from '../src-main/mind/mind';
import { undoAction } from '../src-main/mind/undo';
import { summarize, type Timing } from './measure';

const benchDir = dirname(fileURLToPath(import.meta.url));
const FILES = 2_000;
const LINES = 60;
const REFS = 10_000;
const TARGET_MS = 5_000;
const USER = { actor: 'user' } as const;

export interface CodeRefsBenchResult {
  repository: { files: number; linesPerFile: number; edited: number; deleted: number; renamed: number };
  refs: number;
  anchorMs: number;
  found: CheckRefsResult['states'];
  timings: Timing[];
}

const fileName = (i: number) => `src/module-${Math.floor(i / 100)}/file-${i}.ts`;

export function runCodeRefsBench(options: { reps: number }): CodeRefsBenchResult {
  const work = mkdtempSync(join(tmpdir(), 'mindloom-code-refs-bench-'));
  const repo = tempRepo('mindloom-code-refs-repo-');
  try {
    for (let i = 0; i < FILES; i++) repo.write(fileName(i), `${sourceLines(`file ${i}`, LINES).join('\n')}\n`);
    repo.commit('generated');
    const mind = openMind(join(work, 'code-refs.mind'));
    try {
      mind.store.transaction(() => {
        for (let i = 0; i < REFS; i++) {
          const ref = `${fileName(i % FILES)}:${(Math.floor(i / FILES) * 11) % LINES + 1}`;
          createMemory(mind, { type: 'note', content: `file ${i % FILES} says line ${ref}`, evidenceRefs: [{ kind: 'code', ref }] }, USER);
        }
      });
      const anchorStarted = performance.now();
      addRepo(mind, repo.dir, 'user');
      const anchorMs = performance.now() - anchorStarted;
      process.stderr.write(`anchored ${REFS.toLocaleString('en')} references in ${(anchorMs / 1000).toFixed(2)} s\n`);

      let edited = 0;
      let deleted = 0;
      let renamed = 0;
      for (let i = 0; i < FILES; i++) {
        if (i % 10 === 1) {
          const lines = sourceLines(`file ${i}`, LINES);
          lines[0] = '// edited';
          lines[11] = '// edited too';
          repo.write(fileName(i), `${['// a new header', ...lines].join('\n')}\n`);
          edited++;
        } else if (i % 100 === 2) {
          repo.git('rm', '--quiet', fileName(i));
          deleted++;
        } else if (i % 100 === 3) {
          repo.git('mv', fileName(i), fileName(i).replace('.ts', '-renamed.ts'));
          renamed++;
        }
      }
      repo.commit('edit, delete, rename');

      const finding: number[] = [];
      let found: CheckRefsResult | null = null;
      for (let rep = 0; rep < options.reps; rep++) {
        const started = performance.now();
        found = checkRefs(mind, USER);
        finding.push(performance.now() - started);
        if (found.action !== null) undoAction(mind, found.action, USER);
      }
      checkRefs(mind, USER);
      const quiet: number[] = [];
      for (let rep = 0; rep < options.reps; rep++) {
        const started = performance.now();
        checkRefs(mind, USER);
        quiet.push(performance.now() - started);
      }
      return {
        repository: { files: FILES, linesPerFile: LINES, edited, deleted, renamed },
        refs: REFS,
        anchorMs,
        found: (found as CheckRefsResult).states,
        timings: [summarize('check-refs, finding changes (10k refs)', finding), summarize('check-refs, nothing new (10k refs)', quiet)],
      };
    } finally {
      mind.close();
    }
  } finally {
    repo.remove();
    rmSync(work, { recursive: true, force: true });
  }
}

export function reportCodeRefsBench(result: CodeRefsBenchResult, machine: Record<string, unknown>): void {
  const s = result.found;
  const lines = [
    `\nCode references: ${result.refs.toLocaleString('en')} refs into ${result.repository.files} files (anchored by repo add in ${(result.anchorMs / 1000).toFixed(2)} s); found ${s.current} current, ${s.moved} moved, ${s.changed} changed, ${s.gone} gone`,
    `${'operation'.padEnd(42)}${'median'.padStart(10)}${'p95'.padStart(10)}${'max'.padStart(10)}  target`,
    ...result.timings.map(
      (t) => `${t.name.padEnd(42)}${t.medianMs.toFixed(0).padStart(10)}${t.p95Ms.toFixed(0).padStart(10)}${t.maxMs.toFixed(0).padStart(10)}  < ${TARGET_MS} ms ${t.maxMs < TARGET_MS ? 'PASS' : 'MISS'}`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const out = join(benchDir, 'results', 'code-refs.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ ...result, machine, measuredAt: new Date().toISOString() }, null, 2)}\n`);
  process.stdout.write(`wrote ${relative(process.cwd(), out)}\n`);
}
