/**
 * `forget ID [--reason R] --yes`: the one true delete. Without --yes it forgets nothing: it prints
 * what would go (and what stands on the memory) and exits 2. With --yes it forgets and says where
 * the words are gone from, and where copies may still hold them.
 */
import { type ForgetImpact, forgetWithReport, getForgetImpact } from '../../../mind/forget-impact';
import type { MindCommand } from '../command';
import { json, oneLine, table } from '../output';
import { UsageError } from '../usage-error';

export const forgetCommand: MindCommand = {
  kind: 'mind',
  name: 'forget',
  usage: 'forget ID [--reason R] --yes',
  summary:
    'Forget a memory for good: its words leave the memory, its history, the journal and the search index; a tombstone stays. Without --yes, shows what would go.',
  positionals: ['ID'],
  options: { yes: { type: 'boolean' }, reason: { type: 'string' } },
  run(mind, input) {
    const impact = getForgetImpact(mind, input.args[0] as string);
    if (!input.options.flag('yes') || impact.refusal !== null) {
      input.io.stdout.write(`${input.json ? json(impact) : impactText(impact)}\n`);
      if (impact.refusal !== null) throw new UsageError(`${impact.refusal} Nothing was forgotten.`);
      throw new UsageError(`Nothing was forgotten: forgetting cannot be undone. Run \`mindloom forget ${impact.id} --yes\` to forget it.`);
    }
    const result = forgetWithReport(mind, impact, { actor: 'user', reason: input.options.string('reason'), expectedVersion: impact.version });
    if (input.json) return json({ forgotten: impact.id, logCleared: result.logCleared, affected: result.affected, impact });
    return [
      `Forgot ${impact.id}: its words are gone from the mind file, its history, the journal and the search index. Its tombstone stays.`,
      ...(result.logCleared
        ? []
        : ['Another program is reading this mind: its write-ahead log (the -wal file) still holds the old words until that program lets go of the file.']),
      ...(impact.dependents.total > 0
        ? [`${impact.dependents.total} ${plural(impact.dependents.total, 'memory', 'memories')} that stood on it keep their own words; forget them too if they repeat it.`]
        : []),
      COPIES_NOTE,
    ].join('\n');
  },
};

/** Forgetting reaches one file; copies of it are the person's to delete. */
const COPIES_NOTE =
  'Copies made before now still hold it: backups (mindloom backup, the daily backups) and the .bak a schema upgrade leaves beside the file. Delete those that must not keep it.';

function impactText(impact: ForgetImpact): string {
  const removes = impact.removes;
  const lines = [
    `Forgetting ${impact.id} (${impact.type}, ${impact.status}) would remove its words: "${impact.preview}"`,
    '  from the memory itself and the search index' + (removes.embedding ? ', and its vector' : ''),
    `  from ${removes.versions} ${plural(removes.versions, 'version', 'versions')} of its history (time travel shows it without words)`,
    `  from ${removes.journalEntries} journal ${plural(removes.journalEntries, 'entry', 'entries')} (who changed it, when and how stay)`,
  ];
  if (removes.evidenceRefs > 0) lines.push(`  its ${removes.evidenceRefs} evidence ${plural(removes.evidenceRefs, 'reference', 'references')}`);
  if (removes.rejections > 0) lines.push(`  its words in ${removes.rejections} never-learn-again ${plural(removes.rejections, 'entry', 'entries')} (the fingerprint stays)`);
  if (impact.resolvesContradictions > 0) {
    lines.push(`and resolve ${impact.resolvesContradictions} open ${plural(impact.resolvesContradictions, 'contradiction', 'contradictions')} as forgotten.`);
  }
  lines.push('A tombstone stays: its id, type, dates, links, and who changed it when.');
  const dependents = impact.dependents;
  if (dependents.total === 0) lines.push('Nothing stands on it.');
  else {
    lines.push(
      `${dependents.total} ${plural(dependents.total, 'memory stands', 'memories stand')} on it (${dependents.transitive} with what stands on them); they stay and keep their own words:`,
      table(
        ['LINK', 'MEMORY', 'STATUS', 'WHAT'],
        dependents.items.map((item) => [item.kind, item.id, item.status, oneLine(item.preview, 70)]),
      ),
    );
    if (dependents.items.length < dependents.total) lines.push(`… and ${dependents.total - dependents.items.length} more.`);
    if (dependents.losingEvidence > 0) {
      lines.push(`${dependents.losingEvidence} of them count it as supporting evidence: their tier may drop.`);
    }
  }
  lines.push(COPIES_NOTE);
  return lines.join('\n');
}

function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}
