/**
 * `backup --out FILE`: a consistent copy of the mind while agents and the app keep writing, with
 * progress on stderr. `restore BACKUP --to MIND [--force]`: puts a backup in place, keeping the
 * file that was there beside it; `restore ID` (no --to) still restores an archived memory.
 */
import { backupMind, restoreMind } from '../../../mind/backup';
import type { CommandInput, FileCommand } from '../command';
import type { CliIo } from '../io';
import { requireMindPath } from '../mind-path';
import { openCliMind } from '../open-mind';
import { json } from '../output';
import { UsageError } from '../usage-error';
import { restoreMemoryCommand } from './write';

const FORGOTTEN_NOTE =
  'A backup keeps what the mind held when it was taken, memories forgotten later included: forgetting reaches the mind, not its copies.';

export const backupCommand: FileCommand = {
  kind: 'file',
  name: 'backup',
  usage: 'backup --out FILE [--force]',
  summary: 'Copy the mind consistently while it is in use (SQLite online backup), with progress; --force replaces FILE.',
  positionals: [],
  options: { out: { type: 'string' }, force: { type: 'boolean' } },
  async run(input) {
    const out = input.options.requiredString('out');
    const mind = openCliMind(requireMindPath(input.mindPath), input.io);
    try {
      const result = await backupMind(mind, out, { overwrite: input.options.flag('force'), onProgress: progressReporter(input.io) });
      if (input.json) return json(result);
      const interrupted = result.interruptedRuns.length > 0 ? `\nRuns going when it was taken are marked interrupted in the copy: ${result.interruptedRuns.join(', ')}.` : '';
      return `Backed up ${result.memories} memories to ${result.path} (${megabytes(result.bytes)}, ${(result.durationMs / 1000).toFixed(1)} s); SQLite's quick check finds the copy sound.${interrupted}\n${FORGOTTEN_NOTE}`;
    } finally {
      mind.close();
    }
  },
};

export const restoreCommand: FileCommand = {
  kind: 'file',
  name: 'restore',
  usage: 'restore ID | restore BACKUP --to MIND [--force]',
  summary:
    'Restore an archived memory; or, with --to, put a backup in place as the mind MIND (--force replaces a file there, kept beside it as MIND.before-restore-…).',
  positionals: ['ID|BACKUP'],
  options: { to: { type: 'string' }, force: { type: 'boolean' }, ...restoreMemoryCommand.options },
  run(input) {
    const to = input.options.string('to');
    if (to === undefined) {
      if (input.options.flag('force')) throw new UsageError('--force goes with --to (restoring a backup).');
      return restoreMemory(input);
    }
    const result = restoreMind(input.args[0] as string, to, { force: input.options.flag('force') });
    if (input.json) return json(result);
    return [
      `Restored ${result.memories} memories into ${result.path} (schema v${result.schemaVersion}).`,
      ...(result.previous === null ? [] : [`The file that was there is kept beside it: ${result.previous}`]),
      ...(result.interruptedRuns.length > 0 ? [`Runs caught mid-way in the backup are marked interrupted: ${result.interruptedRuns.join(', ')}.`] : []),
    ].join('\n');
  },
};

async function restoreMemory(input: CommandInput & { mindPath: string | null }): Promise<string> {
  const mind = openCliMind(requireMindPath(input.mindPath), input.io);
  try {
    return await restoreMemoryCommand.run(mind, input);
  } finally {
    mind.close();
  }
}

/** One stderr line per tenth of the copy, then the check of the copy. */
function progressReporter(io: CliIo): (progress: { stage: 'copy' | 'verify'; done: number; total: number }) => void {
  let shownTenth = -1;
  return ({ stage, done, total }) => {
    if (stage === 'verify') {
      if (done === 0) io.stderr.write('backup: checking the copy…\n');
      return;
    }
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (tenth <= shownTenth) return;
    shownTenth = tenth;
    io.stderr.write(`backup: copying ${tenth * 10}% (${done}/${total} pages)\n`);
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
