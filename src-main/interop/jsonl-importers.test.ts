/** The JSON Lines importers: the MCP memory server's graph and conversation transcripts, each line by line. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMemoryView } from '../mind/memory-view';
import { expectMindError, freshMind, snapshot, type TestMind } from '../mind/test-support';
import type { ImportSummary } from './importer';
import { mcpMemoryImporter } from './mcp-memory-importer';
import { transcriptsImporter } from './transcripts-importer';

const GRAPH = fileURLToPath(new URL('./fixtures/mcp-memory.jsonl', import.meta.url));
const TURNS = fileURLToPath(new URL('./fixtures/transcripts.jsonl', import.meta.url));

let t: TestMind;
let dir: string;
beforeEach(() => {
  t = freshMind();
  dir = mkdtempSync(join(tmpdir(), 'mindloom-jsonl-'));
});
afterEach(() => {
  t.mind.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (importer: typeof mcpMemoryImporter, path: string, dryRun = false) => importer.run(t.mind, path, { dryRun }) as ImportSummary;

describe('MCP memory server JSONL', () => {
  it('makes entities relationships, observations and relations notes linked to their entities', () => {
    const summary = run(mcpMemoryImporter, GRAPH);
    expect(summary.imported).toEqual({ byType: { relationship: 3, note: 5 }, links: 7, journal: 8 });
    expect(summary.problems).toEqual([]);
    const alice = getMemoryView(t.mind, 'mcp-memory:entity:Alice');
    expect(alice).toMatchObject({ type: 'relationship', content: 'Alice (person)', fields: { entityType: 'person' }, sourceType: 'external' });
    expect(alice.provenance.origin).toMatchObject({ container: 'mcp-memory.jsonl' });
    expect(alice.provenance.processedInto.map((r) => r.content).sort()).toEqual([
      'Alice works_at Acme',
      'Prefers concise PR descriptions',
      'Reviews pull requests on Tuesdays',
    ]);
    const works = getMemoryView(t.mind, 'mcp-memory:relation:Alice:works_at:Acme');
    expect(works.provenance.derivedFrom.map((r) => r.content).sort()).toEqual(['Acme (organization)', 'Alice (person)']);
    // An entity type Mindloom does not know stays with the origin.
    expect(getMemoryView(t.mind, 'mcp-memory:entity:Billing service').provenance.origin?.details).toEqual({ entityType: 'service' });
  });

  it('imports again without doubling, adding only what is new', () => {
    run(mcpMemoryImporter, GRAPH);
    const after = snapshot(t.mind);
    expect(run(mcpMemoryImporter, GRAPH)).toMatchObject({ imported: { byType: {}, links: 0 }, skipped: 8 });
    expect(snapshot(t.mind)).toEqual(after);
    const grown = join(dir, 'grown.jsonl');
    writeFileSync(grown, `${readFileSync(GRAPH, 'utf8')}{"type":"entity","name":"Alice","entityType":"person","observations":["Moved to the platform team"]}\n`);
    expect(run(mcpMemoryImporter, grown)).toMatchObject({ imported: { byType: { note: 1 }, links: 1 }, skipped: 8 });
  });

  it('names the line of bad JSON or a record it cannot read, writes nothing, and leaves the file as it was', () => {
    const bad = join(dir, 'graph.jsonl');
    writeFileSync(bad, '{"type":"entity","name":"Alice","entityType":"person","observations":[]}\n\n{"type":"relation", "from": \n');
    const bytes = readFileSync(bad);
    const mtime = statSync(bad).mtimeMs;
    const before = snapshot(t.mind);
    expect(() => run(mcpMemoryImporter, bad)).toThrow(/^graph\.jsonl:3: not valid JSON/);
    expectMindError(() => run(mcpMemoryImporter, bad), 'invalid_input');
    expect(readFileSync(bad).equals(bytes)).toBe(true);
    expect(statSync(bad).mtimeMs).toBe(mtime);
    writeFileSync(bad, '{"type":"entity","name":"Alice"}\n{"type":"person","name":"Bob"}\n');
    expect(() => run(mcpMemoryImporter, bad)).toThrow(/^graph\.jsonl:2: unknown record type "person"/);
    expect(snapshot(t.mind)).toEqual(before);
  });
});

describe('transcripts JSONL', () => {
  it('makes each turn a raw capture that keeps its conversation, turn, role and time', () => {
    const preview = run(transcriptsImporter, TURNS, true);
    expect(snapshot(t.mind).memories).toBe(0);
    const summary = run(transcriptsImporter, TURNS);
    expect(summary).toEqual({ ...preview, dryRun: false });
    expect(summary.imported.byType).toEqual({ raw: 4 });
    const asked = getMemoryView(t.mind, 'transcripts:conv-7:t1');
    expect(asked).toMatchObject({
      type: 'raw',
      content: 'Can we deploy the billing fix on Friday?',
      fields: { source: { conversationId: 'conv-7', turnId: 't1', role: 'user', at: '2026-11-20T09:00:00Z' } },
      sourceEntity: 'user',
      createdAt: '2026-11-20T09:00:00.000Z',
    });
    expect(getMemoryView(t.mind, 'transcripts:conv-8:q1:user').content).toBe('What database does the ledger use?');
    expect(getMemoryView(t.mind, 'transcripts:conv-8:q1:assistant')).toMatchObject({
      content: 'Postgres, as Bob decided.',
      fields: { source: { conversationId: 'conv-8', turnId: 'q1', role: 'assistant' } },
    });
    const after = snapshot(t.mind);
    expect(run(transcriptsImporter, TURNS)).toMatchObject({ imported: { byType: {} }, skipped: 4 });
    expect(snapshot(t.mind)).toEqual(after);
  });

  it('names the line of bad JSON or a turn it cannot read, and writes nothing', () => {
    const bad = join(dir, 'turns.jsonl');
    const before = snapshot(t.mind);
    writeFileSync(bad, `${readFileSync(TURNS, 'utf8')}{"id":"t9","conversation_id":"conv-9","role":"user","content":"cut off`);
    const bytes = readFileSync(bad);
    const mtime = statSync(bad).mtimeMs;
    expect(() => run(transcriptsImporter, bad)).toThrow(/^turns\.jsonl:5: not valid JSON/);
    expect(readFileSync(bad).equals(bytes)).toBe(true);
    expect(statSync(bad).mtimeMs).toBe(mtime);
    writeFileSync(bad, '{"id":"t1","role":"user","content":"no conversation"}\n');
    expect(() => run(transcriptsImporter, bad)).toThrow(/^turns\.jsonl:1: a turn needs an id and a conversation id/);
    expectMindError(() => run(transcriptsImporter, join(dir, 'missing.jsonl')), 'not_found');
    expect(snapshot(t.mind)).toEqual(before);
  });
});
