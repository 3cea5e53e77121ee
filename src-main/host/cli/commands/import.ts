/**
 * `import KIND PATH [--stack S] [--dry-run]`: another system's memories into the mind (the source
 * file is only read). Prints the summary as JSON `{imported: {byType, links, journal}, skipped,
 * problems}`; progress goes to stderr.
 */
import { MindError } from '../../../../shared/errors';
import { IMPORT_KINDS, type ImportKind } from '../../../interop/importer';
import { IMPORTERS } from '../../../interop/importers';
import type { FileCommand } from '../command';
import type { CliIo } from '../io';
import { requireMindPath } from '../mind-path';
import { openCliMind } from '../open-mind';
import { followUntilStopped } from './follow';
import { json } from '../output';
import { UsageError } from '../usage-error';

export const importCommand: FileCommand = {
  kind: 'file',
  name: 'import',
  usage: `import ${IMPORT_KINDS.join('|')} PATH [--stack S] [--dry-run] [--follow]`,
  summary:
    'Import a Kernle memories.db (--stack for one stack), an Engram memory.db, an Alexandria alexandria.db, an MCP memory server JSONL, transcripts JSONL or a Mindloom JSON export; --dry-run previews the counts and problems; importing again skips what is already here. JSON summary {imported: {byType}, skipped, problems}. --follow keeps the source linked: what the agent writes into it arrives as it writes (one JSON line a sync), until stopped.',
  positionals: ['KIND', 'PATH'],
  options: { stack: { type: 'string' }, 'dry-run': { type: 'boolean' }, follow: { type: 'boolean' } },
  async run(input) {
    const [kind, path] = input.args as [string, string];
    if (!(IMPORT_KINDS as readonly string[]).includes(kind)) {
      throw new UsageError(`Unknown import kind "${kind}": use ${IMPORT_KINDS.join(', ')}.`);
    }
    const stack = input.options.string('stack');
    if (stack !== undefined && kind !== 'kernle') throw new UsageError('--stack goes with a Kernle import.');
    const importer = IMPORTERS[kind as ImportKind];
    if (importer === undefined) throw new MindError('unsupported', `This kind of import is not available in this build: ${kind}.`, { kind });
    if (input.options.flag('follow')) {
      if (input.options.flag('dry-run')) throw new UsageError('--follow and --dry-run do not go together.');
      return followUntilStopped(requireMindPath(input.mindPath), kind, path, stack ?? null, input.io);
    }
    const mind = openCliMind(requireMindPath(input.mindPath), input.io);
    try {
      const dryRun = input.options.flag('dry-run');
      const summary = await importer.run(mind, path, { dryRun, stack, onProgress: progressReporter(input.io, kind) });
      return json(summary);
    } finally {
      mind.close();
    }
  },
};

/** One stderr line as reading starts, then at each further tenth of the memories written. */
function progressReporter(io: CliIo, kind: string): (done: number, total: number | null) => void {
  let shownTenth = -1;
  return (done, total) => {
    if (total === null) {
      io.stderr.write(`import ${kind}: reading…\n`);
      return;
    }
    const tenth = total > 0 ? Math.floor((done / total) * 10) : 10;
    if (tenth <= shownTenth) return;
    shownTenth = tenth;
    io.stderr.write(`import ${kind}: ${tenth * 10}% (${done}/${total} memories)\n`);
  };
}
