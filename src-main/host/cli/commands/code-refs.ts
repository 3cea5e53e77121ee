/**
 * Code-grounded memories from the terminal: `repo add|list|remove DIR` names the repositories a
 * mind speaks about, `check-refs` compares every anchored code reference with its repository's
 * HEAD (one undoable action), `reverify ID REF` anchors one reference again at HEAD, `ref-diff ID
 * REF` prints what became of its lines since it was verified.
 */
import { checkRefs } from '../../../mind/code-refs/check-refs';
import { refDiff } from '../../../mind/code-refs/ref-diff';
import { addRepo, listRepos, removeRepo } from '../../../mind/code-refs/repos';
import { reverifyRef } from '../../../mind/code-refs/reverify';
import { getMemoryView } from '../../../mind/memory-view';
import type { MindCommand } from '../command';
import { json, table } from '../output';
import { UsageError } from '../usage-error';

const short = (commit: string | null) => (commit === null ? '—' : commit.slice(0, 7));

export const repoCommand: MindCommand = {
  kind: 'mind',
  name: 'repo',
  usage: 'repo add|list|remove [DIR]',
  summary: 'The code repositories this mind speaks about: add anchors the code and file references they hold (at HEAD, or where an import says they were verified); remove unanchors them. Both undoable (mindloom undo).',
  positionals: ['ACTION'],
  optionalPositionals: ['DIR'],
  options: {},
  run(mind, input) {
    const [action, dir] = input.args as [string, string | undefined];
    if (action === 'list') {
      const repos = listRepos(mind);
      if (input.json) return json(repos);
      if (repos.length === 0) return 'No repositories yet: mindloom repo add DIR.';
      return table(
        ['path', 'HEAD', 'checked at', 'refs'],
        repos.map((r) => [r.path, short(r.head), r.checkedHead === null ? 'never' : short(r.checkedHead), String(r.refs)]),
      );
    }
    if (action !== 'add' && action !== 'remove') throw new UsageError(`repo takes add, list or remove (got "${action}").`);
    if (dir === undefined) throw new UsageError(`repo ${action} needs the repository's folder: mindloom repo ${action} DIR.`);
    if (action === 'add') {
      const added = addRepo(mind, dir, 'user');
      if (input.json) return json(added);
      return `Added ${added.repo.path} at ${short(added.repo.head)}; anchored ${added.anchored} code/file reference${added.anchored === 1 ? '' : 's'}.\nUndo with: mindloom undo ${added.action}`;
    }
    const removed = removeRepo(mind, dir, 'user');
    if (input.json) return json(removed);
    return `Removed ${removed.path}; ${removed.unanchored} reference${removed.unanchored === 1 ? '' : 's'} no longer anchored.\nUndo with: mindloom undo ${removed.action}`;
  },
};

export const checkRefsCommand: MindCommand = {
  kind: 'mind',
  name: 'check-refs',
  usage: 'check-refs',
  summary:
    "Compare every anchored code/file reference with its repository's HEAD: lines changed or a file gone stop grounding the memory (journaled; mindloom undo takes it back).",
  positionals: [],
  options: {},
  run(mind, input) {
    const result = checkRefs(mind, { actor: 'user' });
    if (input.json) return json(result);
    const s = result.states;
    const head = `Checked ${result.checked} reference${result.checked === 1 ? '' : 's'} in ${result.repos.length} repositor${result.repos.length === 1 ? 'y' : 'ies'}: ${s.current} current, ${s.moved} moved, ${s.changed} changed, ${s.gone} gone.`;
    if (result.changes.length === 0) return `${head}\nNothing changed since the last check.`;
    const rows = result.changes.map((c) => [c.memoryId, `${c.from ?? 'unchecked'} → ${c.to}`, c.reason]);
    return `${head}\n${table(['memory', 'state', 'why'], rows)}\nUndo with: mindloom undo ${result.action}`;
  },
};

function refSeqArg(value: string): number {
  const seq = Number(value);
  if (!Number.isInteger(seq) || seq < 1) throw new UsageError(`REF is the reference's number as show lists it (got "${value}").`);
  return seq;
}

export const reverifyCommand: MindCommand = {
  kind: 'mind',
  name: 'reverify',
  usage: 'reverify ID REF [--reason R]',
  summary: "Re-verify one code/file reference (its number in show --json) against its repository's HEAD: it grounds the memory again.",
  positionals: ['ID', 'REF'],
  options: { reason: { type: 'string' } },
  run(mind, input) {
    const [id, ref] = input.args as [string, string];
    const record = reverifyRef(mind, id, refSeqArg(ref), { actor: 'user', reason: input.options.string('reason') });
    return input.json ? json(getMemoryView(mind, record.id)) : `Re-verified reference ${ref} of ${record.id}; tier ${record.tier}.`;
  },
};

export const refDiffCommand: MindCommand = {
  kind: 'mind',
  name: 'ref-diff',
  usage: 'ref-diff ID REF',
  summary: 'What became of a code reference\'s lines since it was verified (a line diff against HEAD).',
  positionals: ['ID', 'REF'],
  options: {},
  run(mind, input) {
    const [id, ref] = input.args as [string, string];
    const diff = refDiff(mind, id, refSeqArg(ref));
    if (input.json) return json(diff);
    const mark = { same: ' ', added: '+', removed: '-' } as const;
    const body = diff.parts.flatMap((part) => part.lines.map((line) => `${mark[part.kind]} ${line}`));
    return [`${diff.ref} (${diff.state ?? 'unchecked'}): ${short(diff.verifiedCommit)} → ${short(diff.head)}${diff.pathNow ? ` at ${diff.pathNow}` : ', file gone'}`, ...body].join('\n');
  },
};
