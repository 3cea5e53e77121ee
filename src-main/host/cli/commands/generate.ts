/**
 * `generate`: a synthetic but realistic mind for benchmarks and demos, written by the bench
 * generator. It never overwrites a file unless told to (--force), and reports progress on stderr
 * so stdout stays the result.
 */
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FileCommand } from '../command';
import { json } from '../output';
import { MindError } from '../../../../shared/errors';
import { UsageError } from '../usage-error';

/** One progress line per tenth of the work. */
function progressReporter(write: (line: string) => void): (done: number, total: number) => void {
  let lastTenth = 0;
  return (done, total) => {
    const tenth = total > 0 ? Math.floor((done / total) * 10) : 10;
    if (tenth <= lastTenth) return;
    lastTenth = tenth;
    write(`generate: ${tenth * 10}% (${done}/${total})\n`);
  };
}

export const generateCommand: FileCommand = {
  kind: 'file',
  name: 'generate',
  usage: 'generate --memories N --out FILE [--seed S] [--force]',
  summary: 'Write a synthetic mind (all types, lineage, evidence, supersessions, contradictions, months of journal).',
  positionals: [],
  options: { memories: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' }, force: { type: 'boolean' } },
  async run(input) {
    const memories = input.options.integer('memories');
    if (memories === undefined || memories < 1) throw new UsageError('generate needs --memories N (a whole number of at least 1).');
    const out = resolve(input.options.requiredString('out'));
    const seed = input.options.integer('seed');
    if (existsSync(out)) {
      if (!input.options.flag('force')) {
        throw new MindError('invalid_input', `${out} already exists; choose another --out or pass --force to replace it.`, {
          path: out,
        });
      }
      // A replaced mind must not inherit the old file's write-ahead log.
      for (const file of [out, `${out}-wal`, `${out}-shm`]) rmSync(file, { force: true });
    }
    // Loaded on demand: the other commands never pay for loading the generator.
    const { generateMind } = await import('../../../../bench/generate/generate');
    const result = await generateMind({
      memories,
      out,
      ...(seed === undefined ? {} : { seed }),
      onProgress: progressReporter((line) => input.io.stderr.write(line)),
    });
    if (input.json) return json(result);
    const seconds = (result.durationMs / 1000).toFixed(1);
    return `Generated ${result.path}: ${result.memories} memories, ${result.links} links, ${result.journalEntries} journal entries in ${seconds} s.`;
  },
};
