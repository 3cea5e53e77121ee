/**
 * `contradictions`: the open ones (after an optional --scan), and settling them from a terminal:
 *   contradictions resolve ID --as supersede|reconcile|tension|scope|archive [--keep ID] [--text T]
 *     [--context ID=CONTEXT]... [--note N]
 *   contradictions reopen ID [--note N]
 */
import { CONTRADICTION_RESOLUTIONS, type ContradictionResolution } from '../../../../shared/model';
import { reopenContradiction, resolveContradictionCase } from '../../../mind/contradiction-workbench';
import { getContradictions, scanContradictions, type ContradictionView } from '../../../mind/contradictions';
import type { Mind } from '../../../mind/mind';
import type { CommandInput, MindCommand } from '../command';
import { json, oneLine, table } from '../output';
import { UsageError } from '../usage-error';

function contradictionTable(items: readonly ContradictionView[]): string {
  if (items.length === 0) return 'No open contradictions.';
  return table(
    ['ID', 'KIND', 'A', 'B'],
    items.map((c) => [c.id, c.kind, `${c.a.id} ${oneLine(c.a.content, 50)}`, `${c.b.id} ${oneLine(c.b.content, 50)}`]),
  );
}

/** A scan of a large mind takes minutes: say how far it got, at most every two seconds, on stderr. */
function scanProgress(write: (line: string) => void): (scanned: number) => void {
  let last = performance.now();
  return (scanned) => {
    const now = performance.now();
    if (now - last < 2_000) return;
    last = now;
    write(`contradictions: scanned ${scanned} beliefs…\n`);
  };
}

/** `--context bl_a="risky changes"`: each memory's context, by id. */
function contextsOf(input: CommandInput): Record<string, string> {
  const contexts: Record<string, string> = {};
  for (const pair of input.options.strings('context')) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--context is ID=CONTEXT (got "${oneLine(pair, 40)}").`);
    contexts[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return contexts;
}

function resolve(mind: Mind, input: CommandInput, id: string): string {
  const as = input.options.string('as');
  if (as === undefined || !(CONTRADICTION_RESOLUTIONS as readonly string[]).includes(as)) {
    throw new UsageError(`contradictions resolve needs --as ${CONTRADICTION_RESOLUTIONS.join('|')}.`);
  }
  const result = resolveContradictionCase(
    mind,
    id,
    {
      as: as as ContradictionResolution,
      keep: input.options.string('keep'),
      text: input.options.string('text'),
      note: input.options.string('note'),
      contexts: contextsOf(input),
    },
    { actor: 'user' },
  );
  if (input.json) return json(result);
  const changed = result.changed.length > 0 ? `; changed ${result.changed.join(', ')}` : '';
  return `Resolved ${id} as ${as}${changed}.`;
}

export const contradictionsCommand: MindCommand = {
  kind: 'mind',
  name: 'contradictions',
  usage:
    'contradictions [--scan] | contradictions resolve ID --as supersede|reconcile|tension|scope|archive [--keep ID] [--text T] [--context ID=C]... [--note N] | contradictions reopen ID [--note N]',
  summary:
    'Open contradictions (--scan first scans all active beliefs); resolve one (supersede: --keep stays; reconcile: --text the new belief; tension: --note why; scope: --context per memory; archive: --keep stays), or reopen it.',
  positionals: [],
  optionalPositionals: ['ACTION', 'ID'],
  options: {
    scan: { type: 'boolean' },
    as: { type: 'string' },
    keep: { type: 'string' },
    text: { type: 'string' },
    note: { type: 'string' },
    context: { type: 'string', multiple: true },
  },
  run(mind, input) {
    const [action, id] = input.args;
    if (action !== undefined) {
      if (id === undefined) throw new UsageError(`contradictions ${action} needs the contradiction's ID (ct_…).`);
      if (action === 'resolve') return resolve(mind, input, id);
      if (action === 'reopen') {
        const reopened = reopenContradiction(mind, id, { actor: 'user', note: input.options.string('note') });
        return input.json ? json(reopened) : `Reopened ${id}.`;
      }
      throw new UsageError(`Unknown contradictions action "${oneLine(action, 20)}" (use resolve or reopen).`);
    }
    const scan = input.options.flag('scan')
      ? scanContradictions(mind, { actor: 'user', onProgress: scanProgress((line) => input.io.stderr.write(line)) })
      : null;
    const open = getContradictions(mind, { status: 'open' });
    if (input.json) return json(scan ? { ...scan, contradictions: open } : open);
    const report = scan
      ? `Scanned ${scan.scanned} beliefs: ${scan.found} contradiction(s) found, ${scan.recorded} new recorded.\n`
      : '';
    return report + contradictionTable(open);
  },
};
