/**
 * `consolidate`: one consolidation run, in the same worker thread the scheduler uses (its own
 * connection to the mind), with progress on stderr and the run summary on stdout; or `--revert`,
 * which undoes a run's changes except where something changed them since.
 */
import { type MindSettings, PROVIDER_IDS, type ProviderId } from '../../../../shared/settings';
import type { Mind } from '../../../mind/mind';
import { revertRun } from '../../../consolidation/revert';
import type { RevertResult, RunProgress, RunSummary } from '../../../consolidation/run-types';
import { readSettings } from '../../../consolidation/settings-store';
import { startWorkerRun } from '../../../consolidation/worker-run';
import type { FileCommand } from '../command';
import type { CliIo } from '../io';
import { requireMindPath } from '../mind-path';
import { openCliMind } from '../open-mind';
import { json, oneLine, table } from '../output';
import { UsageError } from '../usage-error';

export const consolidateCommand: FileCommand = {
  kind: 'file',
  name: 'consolidate',
  usage: 'consolidate [--dry-run] [--provider offline|openai] | consolidate --revert RUN_ID',
  summary:
    'Run one consolidation (episodes → beliefs, gates, proposals) and print its summary; --dry-run writes nothing; --revert undoes a run. OpenAI key: MINDLOOM_OPENAI_API_KEY or OPENAI_API_KEY.',
  positionals: [],
  options: { 'dry-run': { type: 'boolean' }, provider: { type: 'string' }, revert: { type: 'string' } },
  async run(input) {
    const mindPath = requireMindPath(input.mindPath);
    const revert = input.options.string('revert');
    const dryRun = input.options.flag('dry-run');
    const provider = providerOption(input.options.string('provider'));
    if (revert !== undefined) {
      if (dryRun || provider) throw new UsageError('--revert takes no --dry-run or --provider.');
      return revertCommand(openCliMind(mindPath, input.io), revert, input.json);
    }
    // Opened here first: a mind that needs migrating is migrated once, before the worker opens it.
    const mind = openCliMind(mindPath, input.io);
    let settings: MindSettings;
    try {
      settings = readSettings(mind);
    } finally {
      mind.close();
    }
    const run = startWorkerRun(
      {
        mindPath,
        trigger: 'manual',
        dryRun,
        settings: provider ? { ...settings, provider } : settings,
        secrets: { openAiApiKey: input.io.env.MINDLOOM_OPENAI_API_KEY ?? input.io.env.OPENAI_API_KEY },
      },
      { onProgress: progressReporter(input.io) },
    );
    // Ctrl-C cancels cleanly (the run keeps what it finished and ends `cancelled`); a second one kills.
    const cancel = () => {
      input.io.stderr.write('consolidate: cancelling…\n');
      run.cancel();
    };
    process.once('SIGINT', cancel);
    let summary: RunSummary;
    try {
      summary = await run.result;
    } finally {
      process.off('SIGINT', cancel);
    }
    return input.json ? json(summaryJson(summary, dryRun)) : summaryText(summary, dryRun);
  },
};

function providerOption(value: string | undefined): ProviderId | undefined {
  if (value === undefined) return undefined;
  const known = PROVIDER_IDS.find((id) => id === value);
  if (!known) throw new UsageError(`--provider must be one of ${PROVIDER_IDS.join(', ')}, not "${oneLine(value, 40)}".`);
  return known;
}

function revertCommand(mind: Mind, runId: string, asJson: boolean): string {
  let result: RevertResult;
  try {
    result = revertRun(mind, runId, { actor: 'user' });
  } finally {
    mind.close();
  }
  if (asJson) return json(result);
  const head = `Reverted ${result.reverted} change${result.reverted === 1 ? '' : 's'} of ${result.runId}.`;
  if (result.conflicts.length === 0) return head;
  return [
    head,
    `Left as they are (changed after the run; resolve by hand): ${result.conflicts.length}`,
    table(
      ['MEMORY', 'SEQ', 'ACTOR', 'OP'],
      result.conflicts.map((c) => [c.memoryId, String(c.laterChange.seq), c.laterChange.actor, c.laterChange.op]),
    ),
  ].join('\n');
}

/** The figures a script wants; a dry run adds the actions it would take. */
function summaryJson(summary: RunSummary, dryRun: boolean) {
  const { runId, status, clustersFound, created, reinforced, contradicted, proposals, droppedByRejection, durationMs } = summary;
  return {
    runId,
    status,
    clustersFound,
    created,
    reinforced,
    contradicted,
    proposals,
    droppedByRejection,
    durationMs,
    skipped: summary.skipped,
    ...(dryRun ? { actions: summary.actions } : {}),
  };
}

function summaryText(summary: RunSummary, dryRun: boolean): string {
  const seconds = (summary.durationMs / 1000).toFixed(1);
  const figures: [string, number][] = [
    ['clusters found', summary.clustersFound],
    ['beliefs created', summary.created],
    ['reinforced', summary.reinforced],
    ['contradicted', summary.contradicted],
    ['proposals', summary.proposals],
    ['dropped (rejected before)', summary.droppedByRejection],
    ['skipped', summary.skipped.length],
  ];
  const width = Math.max(...figures.map(([label]) => label.length));
  const lines = [
    dryRun ? `Dry run ${summary.runId} (nothing written) in ${seconds} s:` : `Run ${summary.runId}: ${summary.status} in ${seconds} s`,
    ...figures.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
  ];
  for (const item of summary.skipped) lines.push(`skipped ${item.item}: ${oneLine(item.reason, 100)}`);
  if (dryRun && summary.actions.length > 0) {
    lines.push(
      '',
      table(
        ['OP', 'MEMORY', 'WHAT'],
        summary.actions.map((a) => [a.op, a.memoryId ?? '-', oneLine(a.summary, 80)]),
      ),
    );
  }
  return lines.join('\n');
}

/**
 * One stderr line when a stage starts and at each further tenth of it (stages interleave: each
 * synthesized cluster is matched before the next); a stage that counts without knowing its total
 * (re-embedding the whole mind) says only that it started.
 */
function progressReporter(io: CliIo): (progress: RunProgress) => void {
  const shownTenth = new Map<string, number>();
  return (progress) => {
    const key = `${progress.stage}/${progress.total}`;
    const tenth = progress.total > 0 ? Math.floor((progress.done / progress.total) * 10) : 0;
    if ((shownTenth.get(key) ?? -1) >= tenth) return;
    shownTenth.set(key, tenth);
    io.stderr.write(
      progress.total > 0
        ? `consolidate: ${progress.stage} ${tenth * 10}% (${progress.done}/${progress.total})\n`
        : `consolidate: ${progress.stage}…\n`,
    );
  };
}
