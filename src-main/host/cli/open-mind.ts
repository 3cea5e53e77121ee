/** How the CLI opens a mind: it must exist, and a run found interrupted on the way is told on stderr. */
import { type Mind, openMind } from '../../mind/mind';
import type { CliIo } from './io';

export function openCliMind(path: string, io: CliIo, options: { leaveRunsAsFound?: boolean } = {}): Mind {
  const mind = openMind(path, { mustExist: true, ...options });
  for (const run of mind.interruptedOnOpen) {
    io.stderr.write(
      `mindloom: note: consolidation run ${run.runId} was interrupted (${run.why}) after committing ${run.committed} change${run.committed === 1 ? '' : 's'}; ` +
        `the next run resumes from the checkpoint, and \`mindloom consolidate --revert ${run.runId}\` undoes what it did.\n`,
    );
  }
  return mind;
}
