/**
 * `mindloom recall` (and `search`'s notes) through the real CLI on a temp mind: the agent's ranking with each hit's why,
 * the same text and hits as the MCP `recall` tool gives an agent on the same file, and no access
 * recorded.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createAgentServer } from '../../agent/server';
import { openMind } from '../../mind/mind';
import { freshMind, ok } from './cli-test-kit';

interface RecallJson {
  query: string;
  search: { words: string[]; meaning: string };
  hits: { memory: { id: string; type: string }; score: number; why: string; matchedWords: string[] }[];
}

/** The MCP tool's answer on the same mind file, through the SDK's client (the real protocol, in process). */
async function recallOverMcp(path: string, args: Record<string, unknown>): Promise<{ text: string; hits: RecallJson['hits'] }> {
  const mind = openMind(path, { mustExist: true });
  const server = createAgentServer(mind, { agent: 'test', secrets: {}, version: '0.0.0-test', logError: () => {} });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  try {
    await client.connect(clientSide);
    const result = (await client.callTool({ name: 'recall', arguments: args })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    return { text: (result.content[0] as { text: string }).text, hits: (result.structuredContent as { hits: RecallJson['hits'] }).hits };
  } finally {
    await client.close();
    mind.close();
  }
}

async function seededMind() {
  const fixture = await freshMind();
  const { cli } = fixture;
  const ids = {
    belief: await ok(cli('add', 'belief', 'Friday deploys of the billing service cause weekend incidents', '--field', 'subject=deploys')),
    episode: await ok(cli('add', 'episode', 'Deployed billing on Friday evening; paged on Saturday', '--field', 'outcome=rollback on Saturday')),
    note: await ok(cli('add', 'note', 'The billing service owns invoices and refunds')),
    unrelated: await ok(cli('add', 'note', 'Tea is best brewed at 80 degrees')),
  };
  return { ...fixture, ids };
}

describe('mindloom recall', () => {
  it('prints the ranking with each hit\'s why, exactly as the MCP recall tool words it, and records no access', async () => {
    const { cli, path, ids } = await seededMind();
    const text = await ok(cli('recall', 'Friday billing deploys'));
    const parsed = JSON.parse(await ok(cli('recall', 'Friday billing deploys', '--json'))) as RecallJson;
    expect(parsed.query).toBe('Friday billing deploys');
    expect(parsed.search.words).toEqual(['friday', 'billing', 'deploys']);
    expect(parsed.hits.map((h) => h.memory.id)).toEqual(expect.arrayContaining([ids.belief, ids.episode]));
    expect(parsed.hits.map((h) => h.memory.id)).not.toContain(ids.unrelated);
    for (const hit of parsed.hits) expect(hit.why).not.toBe('');
    expect(parsed.hits.map((h) => h.score)).toEqual([...parsed.hits.map((h) => h.score)].sort((a, b) => b - a));
    const first = parsed.hits[0];
    expect(text.split('\n').slice(0, 2)).toEqual([expect.stringMatching(new RegExp(`^1\\. \\[${first?.memory.type}\\] .* — ${first?.memory.id} \\(`)), `   why: ${first?.why}`]);

    for (const hit of parsed.hits) expect((JSON.parse(await ok(cli('show', hit.memory.id))) as { accessCount: number }).accessCount).toBe(0);
    const mcp = await recallOverMcp(path, { query: 'Friday billing deploys' });
    expect(mcp.text).toBe(text);
    expect(mcp.hits.map((h) => [h.memory.id, h.why, h.matchedWords])).toEqual(parsed.hits.map((h) => [h.memory.id, h.why, h.matchedWords]));
  });

  it('--limit and --types (comma-separated or repeated) narrow it as the tool\'s limit and types do', async () => {
    const { cli, path, ids } = await seededMind();
    const one = JSON.parse(await ok(cli('recall', 'billing', '--limit', '1', '--json'))) as RecallJson;
    expect(one.hits).toHaveLength(1);
    const typed = JSON.parse(await ok(cli('recall', 'billing Friday', '--types', 'episode,note', '--json'))) as RecallJson;
    expect(typed.hits.map((h) => h.memory.id).sort()).toEqual([ids.episode, ids.note].sort());
    const repeated = JSON.parse(await ok(cli('recall', 'billing Friday', '--types', 'episode', '--types', 'note', '--json'))) as RecallJson;
    expect(repeated.hits.map((h) => h.memory.id)).toEqual(typed.hits.map((h) => h.memory.id));
    const mcp = await recallOverMcp(path, { query: 'billing Friday', types: ['episode', 'note'] });
    expect(mcp.hits.map((h) => h.memory.id)).toEqual(typed.hits.map((h) => h.memory.id));
  });

  it('answers bad queries without an error from the search engine: punctuation, stop words, FTS5 syntax, 2,000 characters, a date that does not parse', async () => {
    const { cli } = await seededMind();
    const queries = ['?!', 'the of and', '"billing', 'NEAR(billing Friday)', 'text:billing', 'billing* ^Friday', 'billing AND OR NOT', `billing ${'x'.repeat(1_992)}`, '2024-13-45'];
    for (const query of queries) {
      const run = await cli('recall', query, '--json');
      expect(run.code, `${query}: ${run.stderr}`).toBe(0);
      expect(Array.isArray((JSON.parse(run.stdout) as RecallJson).hits)).toBe(true);
    }
    const syntax = JSON.parse(await ok(cli('recall', 'NEAR(billing', '--json'))) as RecallJson;
    expect(syntax.search.words).toEqual(['near', 'billing']);
  });

  it('says when nothing matches, and refuses bad input with a typed error or a usage error', async () => {
    const { cli } = await seededMind();
    expect(await ok(cli('recall', 'zebra xylophone'))).toBe('Nothing in memory matches "zebra xylophone".');
    const unknownType = await cli('recall', 'billing', '--types', 'belief,thought');
    expect(unknownType.code).toBe(1);
    expect(unknownType.stderr).toMatch(/^mindloom: invalid_input: Unknown memory type "thought"/);
    const tooMany = await cli('recall', 'billing', '--limit', '51');
    expect(tooMany.code).toBe(1);
    expect(tooMany.stderr).toMatch(/^mindloom: invalid_input: limit must be/);
    const blank = await cli('recall', '   ');
    expect(blank.code).toBe(1);
    expect(blank.stderr).toMatch(/^mindloom: invalid_input: /);
    const noQuery = await cli('recall');
    expect(noQuery.code).toBe(2);
    expect(noQuery.stderr).toMatch(/recall needs QUERY/);
  });
});

describe('mindloom search', () => {
  it('says how it read a query it could not search, under the table (on stderr with --json)', async () => {
    const { cli } = await seededMind();
    expect(await ok(cli('search', '?!'))).toBe('No matches.\n(Nothing to search for: the query has no letters or digits, only punctuation or symbols.)');
    const run = await cli('search', '?!', '--json');
    expect([run.code, JSON.parse(run.stdout)]).toEqual([0, []]);
    expect(run.stderr).toBe('mindloom search: Nothing to search for: the query has no letters or digits, only punctuation or symbols.\n');
    expect(await ok(cli('search', 'billing'))).not.toContain('(');
  });
});
