/**
 * `check [--repair]`: SQLite's integrity check and the mind's own invariants, as a JSON report on
 * stdout. Exits 0 when the mind is healthy (after the repair, with --repair), 1 when problems
 * remain; --repair fixes what can be derived from the rows (tallies, search index, orphaned runs)
 * in one journaled transaction, and nothing else.
 */
import { checkMindFile } from '../../../mind/check';
import type { FileCommand } from '../command';
import { requireMindPath } from '../mind-path';
import { json } from '../output';
import { MindError } from '../../../../shared/errors';

export const checkCommand: FileCommand = {
  kind: 'file',
  name: 'check',
  usage: 'check [--repair]',
  summary:
    'Check the mind (SQLite integrity, links, successors, tallies, search index, orphaned runs, version history) and print a JSON report; --repair fixes what is derivable.',
  positionals: [],
  options: { repair: { type: 'boolean' } },
  run(input) {
    const report = checkMindFile(requireMindPath(input.mindPath), { repair: input.options.flag('repair') });
    if (report.ok) return json(report);
    input.io.stdout.write(`${json(report)}\n`);
    const failing = report.checks.filter((check) => !check.ok);
    const repairable = failing.some((check) => check.repairable);
    throw new MindError(
      'corrupt_file',
      `${failing.map((check) => check.summary).join('; ')}.${repairable ? ' Run mindloom check --repair to fix what can be derived.' : ''}${
        failing.some((check) => !check.repairable) ? ' The rest cannot be derived: restore a backup (mindloom restore BACKUP --to MIND --force).' : ''
      }`,
      { path: report.path },
    );
  },
};
