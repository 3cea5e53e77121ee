/**
 * One rule for written text at every way in (issue 25 §5, issue 27 §6; shared/text.ts): a lone
 * surrogate is stored as U+FFFD, never as bytes other readers cannot decode; text that shows
 * nothing (whitespace, U+200F, zero-width characters) is refused as "empty or only whitespace".
 * Through the API, MCP, the CLI and the importers, on real minds, checked by `check`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgentServer } from '../../agent/server';
import { freshMind as freshCliMind } from './cli-test-kit';
import { transcriptsImporter } from '../../interop/transcripts-importer';
import { checkMind, checkMindFile } from '../../mind/check';
import { openMind } from '../../mind/mind';
import { type ApiFixture, apiFixture, callFails, callOk } from '../../api/api-test-support';

const LONE = 'a\udfffb lone \ud800 word';
const REPLACED = 'a\ufffdb lone \ufffd word';
const SHOWS_NOTHING = ['\u200f', '\u200b\u200c\u200d', '\ufeff \u2060', '       ', ' \t\n '];

let f: ApiFixture;
beforeEach(() => {
  f = apiFixture();
});
afterEach(async () => {
  await f.dispose();
});

const textCheck = (path: string) => checkMindFile(path).checks.find((check) => check.name === 'text_encoding');

describe('written text', () => {
  it('the API stores a lone surrogate as U+FFFD and refuses text that shows nothing, naming the field', async () => {
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const before = await callOk(f.api, 'memories.get', { id: f.ids.note });
    const edited = await callOk(f.api, 'memories.edit', { id: f.ids.note, expectedVersion: before.version, content: LONE });
    expect(edited.content).toBe(REPLACED);
    for (const blank of SHOWS_NOTHING) {
      const error = await callFails(f.api, 'memories.edit', { id: f.ids.note, expectedVersion: edited.version, content: blank }, 'invalid_input');
      expect(error.message).toContain('content is empty or only whitespace');
      const promoted = await callFails(f.api, 'editing.promote', { id: f.ids.episode, expectedVersion: 1, to: 'belief', text: blank }, 'invalid_input');
      expect(promoted.message).toBe('Invalid request for editing.promote: text: is empty or only whitespace.');
    }
    expect(checkMind(f.session.mind()).checks.find((check) => check.name === 'text_encoding')).toMatchObject({ ok: true, problems: 0 });
  });

  it('MCP: add_belief keeps the words with U+FFFD, and refuses a statement of U+200F or of spaces as empty', async () => {
    const mind = openMind(f.mindPath, { mustExist: true });
    const server = createAgentServer(mind, { agent: 'tester', secrets: {}, version: '0.0.0-test', logError: () => {} });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const saved = (await client.callTool({ name: 'add_belief', arguments: { statement: LONE } })) as CallToolResult;
      expect(saved.isError).toBeFalsy();
      const id = (saved.structuredContent as { memory: { id: string } }).memory.id;
      expect((mind.store.db.prepare('SELECT content FROM memories WHERE id = ?').get(id) as { content: string }).content).toBe(REPLACED);
      for (const blank of SHOWS_NOTHING) {
        const refused = (await client.callTool({ name: 'add_belief', arguments: { statement: blank } })) as CallToolResult;
        expect(refused.isError).toBe(true);
        expect((refused.content[0] as { text: string }).text).toContain('statement: is empty or only whitespace');
      }
      expect(checkMind(mind).checks.find((check) => check.name === 'text_encoding')).toMatchObject({ ok: true });
    } finally {
      await client.close();
      mind.close();
    }
  });

  it('the CLI and the importers store well-formed text', async () => {
    const { path, cli } = await freshCliMind();
    const added = await cli('add', 'note', LONE);
    expect(added.code, added.stderr).toBe(0);
    const blank = await cli('add', 'note', '\u200f\u200b');
    expect(blank.code).not.toBe(0);
    expect(blank.stderr).toContain('content: is empty or only whitespace');

    const turns = join(f.dir, 'turns.jsonl');
    // A JSON escape of half a pair: the only way a lone surrogate reaches a file's text.
    writeFileSync(turns, '{"id":"t1","conversation_id":"c1","role":"user","content":"a\\udfffb lone \\ud800 word"}\n');
    const mind = openMind(path, { mustExist: true });
    try {
      await transcriptsImporter.run(mind, turns);
      const stored = mind.store.db.prepare(`SELECT content FROM memories WHERE type = 'raw'`).all() as { content: string }[];
      expect(stored.map((row) => row.content)).toEqual([REPLACED]);
      const notes = mind.store.db.prepare(`SELECT content FROM memories WHERE type = 'note'`).all() as { content: string }[];
      expect(notes.map((row) => row.content)).toEqual([REPLACED]);
    } finally {
      mind.close();
    }
    expect(textCheck(path)).toMatchObject({ ok: true, problems: 0 });
  });
});
