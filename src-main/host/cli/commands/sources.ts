/** `sources [--unlink KIND:PATH]`: the linked sources (`import KIND PATH --follow`), when each last synced and what came in. */
import { linkedSourcesOf, unlinkSource } from '../../../interop/follow/linked-sources';
import type { MindCommand } from '../command';
import { json, table } from '../output';
import { UsageError } from '../usage-error';

export const sourcesCommand: MindCommand = {
  kind: 'mind',
  name: 'sources',
  usage: 'sources [--unlink KIND:PATH]',
  summary: 'The linked sources this mind follows (import KIND PATH --follow): when each last synced and what came in; --unlink stops following one.',
  positionals: [],
  options: { unlink: { type: 'string' } },
  run(mind, input) {
    const unlink = input.options.string('unlink');
    if (unlink !== undefined) {
      const colon = unlink.indexOf(':');
      if (colon <= 0) throw new UsageError('--unlink takes KIND:PATH, e.g. kernle:/home/me/.kernle/memories.db.');
      const done = unlinkSource(mind, unlink.slice(0, colon), unlink.slice(colon + 1));
      return done ? `Unlinked ${unlink}; what it brought stays.` : `${unlink} was not linked.`;
    }
    const sources = linkedSourcesOf(mind);
    if (input.json) return json(sources);
    if (sources.length === 0) return 'No linked sources: mindloom import kernle PATH --follow links one.';
    return table(
      ['source', 'last synced', 'last change', 'in all'],
      sources.map((s) => [
        `${s.system}:${s.path}${s.container ? ` (${s.container})` : ''}`,
        s.lastError ? `failing: ${s.lastError}` : (s.lastSyncedAt ?? 'never'),
        s.lastChangeAt ?? '—',
        `${s.totals.added} added, ${s.totals.updated} updated, ${s.totals.kept} kept`,
      ]),
    );
  },
};
