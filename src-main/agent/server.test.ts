/**
 * The MCP server through the SDK's own client, in process (the SDK's linked in-memory transport
 * carries the real protocol messages): tools and their schemas, typed errors, journaling as the
 * agent, inferred memories waiting for review, resources. The stdio process runs in mcp-stdio.test.ts.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { flagContradiction, resolveContradictionCase } from '../mind/contradiction-workbench';
import { createMemory } from '../mind/create';
import { getHistory } from '../mind/history';
import { setProtected } from '../mind/lifecycle';
import { getMemoryView } from '../mind/memory-view';
import { type Mind, openMind } from '../mind/mind';
import { AGENT_TOOLS, agentName, createAgentServer } from './server';

let mind: Mind;
let client: Client;

async function connect(options: { agent?: string; clientName?: string } = {}): Promise<void> {
  mind = openMind(':memory:');
  const server = createAgentServer(mind, { agent: options.agent, secrets: {}, version: '0.0.0-test', logError: () => {} });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: options.clientName ?? 'test-client', version: '1.0.0' });
  await client.connect(clientSide);
}

afterEach(async () => {
  await client.close();
  mind.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A successful call's structured content. */
async function ok<T = Record<string, unknown>>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = await call(name, args);
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
}

const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;
const errorOf = (result: CallToolResult) => (result._meta as { 'mindloom/error': { code: string; message: string } })['mindloom/error'];

interface Saved {
  memory: { id: string; reviewStatus: string | null; sourceType: string; tier: string; status: string };
}

describe('tools', () => {
  it('publishes every tool with a description and JSON schemas for its input and output', async () => {
    await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(AGENT_TOOLS.map((t) => t.name));
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['capture', 'add_episode', 'add_note', 'add_belief', 'add_value', 'add_goal', 'add_drive', 'add_relationship']),
    );
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
    const recall = tools.find((t) => t.name === 'recall');
    expect(recall?.inputSchema.required).toEqual(['query']);
    expect(Object.keys(recall?.inputSchema.properties ?? {})).toEqual(['query', 'limit', 'types']);
    const forget = tools.find((t) => t.name === 'forget');
    expect(forget?.annotations?.destructiveHint).toBe(true);
  });

  it('writes as agent:NAME: the --agent name, else the client name', async () => {
    await connect({ agent: 'claude code' });
    const saved = await ok<Saved>('add_note', { content: 'The staging database is read-only on Sundays' });
    expect(getHistory(mind, saved.memory.id).map((h) => h.actor)).toEqual(['agent:claude-code']);
    expect(agentName('  ')).toBe('mcp');
    expect(agentName('Cursor/1.2 (beta)')).toBe('Cursor-1.2-beta');

    await client.close();
    mind.close();
    await connect({ clientName: 'my-desktop-client' });
    const again = await ok<Saved>('capture', { text: 'hello', role: 'user' });
    expect(getHistory(mind, again.memory.id).map((h) => h.actor)).toEqual(['agent:my-desktop-client']);
  });

  it('what the agent marks as inferred waits for review; what it saw does not', async () => {
    await connect();
    const raw = await ok<Saved>('capture', { text: 'CI failed twice on the flaky cache test', conversation_id: 'c1', turn_id: 't3', role: 'tool' });
    expect(getMemoryView(mind, raw.memory.id).fields).toEqual({ source: { conversationId: 'c1', turnId: 't3', role: 'tool' } });
    const episode = await ok<Saved>('add_episode', {
      objective: 'Chased the flaky cache test',
      outcome: 'it fails when two jobs share the cache',
      outcome_type: 'partial',
      lessons: ['isolate caches per job'],
      derived_from: [raw.memory.id],
    });
    expect(episode.memory.reviewStatus).toBeNull();
    expect(getMemoryView(mind, raw.memory.id).status).toBe('processed');

    const inferred = await call('add_belief', { statement: 'Shared caches make CI flaky', evidence: [episode.memory.id], inferred: true });
    const belief = inferred.structuredContent as unknown as Saved;
    expect(belief.memory).toMatchObject({ reviewStatus: 'pending', sourceType: 'inference' });
    expect(textOf(inferred)).toContain('waits for a person to review it');
    const view = getMemoryView(mind, belief.memory.id);
    expect(view.provenance.evidence.map((r) => r.id)).toEqual([episode.memory.id]);
    expect(view.alpha).toBe(2);

    const told = await ok<Saved>('add_belief', { statement: 'Claire owns the CI runners', source: 'told by Claire' });
    expect(told.memory).toMatchObject({ reviewStatus: null, sourceType: 'external' });
    expect(getMemoryView(mind, told.memory.id).sourceEntity).toBe('claire');

    const revised = await ok<{ created: Saved['memory']; superseded: Saved['memory'] }>('supersede', {
      id: belief.memory.id,
      statement: 'Caches shared between concurrent CI jobs make CI flaky',
      reason: 'narrower: only concurrent jobs',
      inferred: true,
    });
    expect(revised.created.reviewStatus).toBe('pending');
    expect(revised.superseded.status).toBe('superseded');
  });

  it('recall, expand, lineage and consult answer with text for the model and structured content', async () => {
    await connect();
    const episode = await ok<Saved>('add_episode', { objective: 'Migrated the billing tables to Postgres 16' });
    const belief = await ok<Saved>('add_belief', { statement: 'Postgres 16 migrations need a maintenance window', evidence: [episode.memory.id] });
    await ok('add_value', { statement: 'Never lose customer data', priority: 95 });

    const recalled = await call('recall', { query: 'postgres migration window' });
    const hits = (recalled.structuredContent as { hits: { tag: string; memory: { id: string }; why: string }[] }).hits;
    expect(hits[0]).toMatchObject({ tag: 'belief', memory: { id: belief.memory.id } });
    expect(hits.map((h) => h.tag)).toEqual(expect.arrayContaining(['belief', 'episode']));
    expect(textOf(recalled)).toContain(`[belief] Postgres 16 migrations need a maintenance window — ${belief.memory.id}`);
    expect(textOf(recalled)).toMatch(/why: has "postgres", "migration"/);
    expect(getHistory(mind, belief.memory.id).filter((h) => h.op === 'access')).toHaveLength(1);

    const card = await call('expand', { id: belief.memory.id });
    expect(textOf(card)).toContain('Supporting evidence:');
    expect(textOf(card)).toContain(episode.memory.id);
    expect((card.structuredContent as { memory: { alpha: number } }).memory.alpha).toBe(2);

    const lineage = await ok<{ nodes: { id: string }[]; edges: { kind: string }[] }>('lineage', { id: belief.memory.id });
    expect(lineage.nodes.map((n) => n.id)).toEqual([belief.memory.id, episode.memory.id]);
    expect(lineage.edges.map((e) => e.kind)).toEqual(['evidence']);

    const pack = await call('consult', { task: 'Plan the next Postgres migration' });
    expect(textOf(pack)).toContain('Beliefs:\n  • [belief] Postgres 16 migrations need a maintenance window');
    expect(textOf(pack)).toContain('Values:\n  • [value] Never lose customer data');
  });
});

describe('errors come back as tool errors with the typed code', () => {
  it('bad arguments, a missing memory, a refused operation', async () => {
    await connect();
    const badArgs = await call('recall', { query: '' });
    expect(badArgs.isError).toBe(true);
    expect(errorOf(badArgs).code).toBe('invalid_input');
    expect(textOf(badArgs)).toMatch(/^invalid_input: Invalid arguments for recall: query/);

    const extra = await call('add_note', { content: 'x', colour: 'red' });
    expect(errorOf(extra).code).toBe('invalid_input');

    const missing = await call('verify', { id: 'bl_000000000000' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe('not_found: No memory with id bl_000000000000.');

    const note = await ok<Saved>('add_note', { content: 'keep me' });
    setProtected(mind, note.memory.id, true, { actor: 'user' });
    const refused = await call('forget', { id: note.memory.id, reason: 'tidying' });
    expect(errorOf(refused).code).toBe('invalid_state');
    const notABelief = await call('supersede', { id: note.memory.id, statement: 'x', reason: 'y' });
    expect(errorOf(notABelief).code).toBe('not_a_belief');
    // Nothing above wrote anything beyond the note and its protection.
    expect(getHistory(mind, note.memory.id).map((h) => h.op)).toEqual(['create', 'protect']);

    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/no tool named "no_such_tool"/);
  });

  it('contradictions: a settled one says how and by whom, in its text and its structured content', async () => {
    await connect();
    const a = createMemory(mind, { type: 'belief', content: 'Ship on Fridays' }, { actor: 'user' });
    const b = createMemory(mind, { type: 'belief', content: 'Never ship on Fridays' }, { actor: 'user' });
    const flagged = flagContradiction(mind, a.id, b.id, { actor: 'user' });
    resolveContradictionCase(mind, flagged.id, { as: 'tension', note: 'depends on the release' }, { actor: 'user' });
    const result = await call('contradictions', { status: 'acknowledged' });
    expect(textOf(result)).toContain(`${flagged.id} (flagged, acknowledged as tension by user)`);
    expect(result.structuredContent).toMatchObject({ contradictions: [{ id: flagged.id, resolution: 'tension', resolvedBy: 'user' }] });
  });

  it('forget leaves a tombstone and tells the model so, and what stood on it', async () => {
    await connect();
    const note = await ok<Saved>('add_note', { content: 'the wifi password is hunter2' });
    const belief = createMemory(mind, { type: 'belief', content: 'The office wifi needs a password', derivedFrom: [note.memory.id] }, { actor: 'user' });
    const forgotten = await call('forget', { id: note.memory.id, reason: 'a secret' });
    expect(textOf(forgotten)).toContain('a tombstone keeps its place');
    expect(textOf(forgotten)).toContain(`1 memory that stood on it keeps its own words: ${belief.id}`);
    expect(getMemoryView(mind, note.memory.id)).toMatchObject({ status: 'forgotten', content: '' });
    expect(getHistory(mind, note.memory.id).at(-1)).toMatchObject({ op: 'forget', reason: 'a secret', actor: 'agent:test-client' });
  });
});

describe('resources', () => {
  it('the overview and one memory by id, as Markdown and JSON', async () => {
    await connect();
    const saved = await ok<Saved>('add_belief', { statement: 'Mornings are for deep work' });
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['mindloom://overview']);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((r) => r.uriTemplate)).toEqual(['mindloom://memory/{id}']);

    const overview = await client.readResource({ uri: 'mindloom://overview' });
    expect(overview.contents[0]).toMatchObject({ mimeType: 'text/markdown' });
    expect((overview.contents[0] as { text: string }).text).toContain('- 1 memories: belief 1');
    expect(JSON.parse((overview.contents[1] as { text: string }).text)).toMatchObject({ total: 1 });

    const memory = await client.readResource({ uri: `mindloom://memory/${saved.memory.id}` });
    expect((memory.contents[0] as { text: string }).text).toContain('Mornings are for deep work');
    expect(JSON.parse((memory.contents[1] as { text: string }).text)).toMatchObject({ memory: { id: saved.memory.id } });
    // Reading a resource is not the agent recalling: no access is recorded.
    expect(getHistory(mind, saved.memory.id).map((h) => h.op)).toEqual(['create']);

    await expect(client.readResource({ uri: 'mindloom://memory/bl_nope' })).rejects.toThrow(/not_found: No memory with id bl_nope/);
  });
});
