/** Listings for a person at a terminal (a table) or a script (--json): search, uncertain, orphans. */
import { listOrphans, listUncertain } from '../../../mind/attention';
import { searchMind } from '../../../mind/search';
import { MATCH_CLOSE, MATCH_OPEN } from '../../../../shared/search-marks';
import type { MindCommand } from '../command';
import { memoryTable } from '../memory-table';
import { json } from '../output';

const LIMIT = { limit: { type: 'string' } } as const;

/** Says there is more than the page shows, so a table never silently truncates. */
function moreNote(nextCursor: string | null, limit: number): string {
  return nextCursor ? `\n(showing the first ${limit}; raise --limit, up to 500, to see more)` : '';
}

export const searchCommand: MindCommand = {
  kind: 'mind',
  name: 'search',
  usage: 'search QUERY [--limit N]',
  summary: 'Full-text search, ranked by relevance × tier (words too common to rank: the newest matches, best tier first); the last word is a prefix.',
  positionals: ['QUERY'],
  options: { ...LIMIT },
  run(mind, input) {
    const page = searchMind(mind, input.args[0] as string, { limit: input.options.integer('limit') });
    const readable = page.items.map((result) => ({ ...result, snippet: bracketMatches(result.snippet) }));
    // JSON stays the list a script reads; the note goes where a person sees it.
    if (input.json) {
      if (page.note !== null) input.io.stderr.write(`mindloom search: ${page.note}\n`);
      return json(readable);
    }
    const listed = memoryTable(readable, 'No matches.');
    return page.note === null ? listed : `${listed}\n(${page.note})`;
  },
};

/** A terminal has no highlight: matches read as `[word]`. */
function bracketMatches(snippet: string): string {
  return snippet.replaceAll(MATCH_OPEN, '[').replaceAll(MATCH_CLOSE, ']');
}

export const uncertainCommand: MindCommand = {
  kind: 'mind',
  name: 'uncertain',
  usage: 'uncertain [--threshold T] [--limit N]',
  summary: 'Active memories whose effective confidence is below T (default 0.5).',
  positionals: [],
  options: { threshold: { type: 'string' }, ...LIMIT },
  run(mind, input) {
    const limit = input.options.integer('limit') ?? 50;
    const page = listUncertain(mind, { threshold: input.options.number('threshold'), limit });
    return input.json ? json(page.items) : memoryTable(page.items, 'No uncertain memories.') + moreNote(page.nextCursor, limit);
  },
};

export const orphansCommand: MindCommand = {
  kind: 'mind',
  name: 'orphans',
  usage: 'orphans [--limit N]',
  summary: 'Memories with no provenance, or whose every source is archived or forgotten.',
  positionals: [],
  options: { ...LIMIT },
  run(mind, input) {
    const limit = input.options.integer('limit') ?? 50;
    const page = listOrphans(mind, { limit });
    return input.json ? json(page.items) : memoryTable(page.items, 'No orphans.') + moreNote(page.nextCursor, limit);
  },
};
