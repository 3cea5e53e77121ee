/**
 * A belief an agent adds that contradicts an active belief by rule is recorded with the write:
 * open, journaled in the same action, on the workbench, listed by `contradictions`, shown by
 * `consult`, and withdrawn by undoing the write. Through the SDK's client on the linked transport.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { listContradictionCases } from '../mind/contradiction-workbench';
import { getContradictions } from '../mind/contradictions';
import { createMemory } from '../mind/create';
import { getHistory } from '../mind/history';
import { type Mind, openMind } from '../mind/mind';
import { undoAction } from '../mind/undo';
import { createAgentServer } from './server';

let mind: Mind;
let client: Client;

beforeEach(async () => {
  mind = openMind(':memory:');
  const server = createAgentServer(mind, { agent: 'writer', secrets: {}, version: '0.0.0-test', logError: () => {} });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(clientSide);
  await client.listTools();
});

afterEach(async () => {
  await client.close();
  mind.close();
});

const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

interface Added {
  memory: { id: string };
  contradicts: { belief: { id: string }; kind: string; contradiction: string }[];
}

it('records the contradiction add_belief finds, in the same action as the belief', async () => {
  const standing = createMemory(mind, { type: 'belief', content: 'Releases on Friday always need a second reviewer' }, { actor: 'user' });
  const result = await call('add_belief', { statement: 'Releases on Friday never need a second reviewer' });
  const added = result.structuredContent as unknown as Added;
  expect(added.contradicts).toEqual([expect.objectContaining({ belief: expect.objectContaining({ id: standing.id }), kind: 'negation' })]);
  const recorded = added.contradicts[0]?.contradiction as string;
  expect(textOf(result)).toContain(`It contradicts ${standing.id}`);
  expect(textOf(result)).toContain(`recorded as ${recorded}, open until a person resolves it`);

  expect(getContradictions(mind).map((c) => [c.id, c.a.id, c.b.id, c.status, c.detector])).toEqual([[recorded, standing.id, added.memory.id, 'open', 'rules']]);
  expect(listContradictionCases(mind).items.map((c) => c.id)).toEqual([recorded]);
  const [created, detected] = getHistory(mind, added.memory.id);
  expect(created).toMatchObject({ op: 'create', actor: 'agent:writer' });
  expect(detected).toMatchObject({ op: 'contradiction_detected', actor: 'agent:writer', after: { contradiction: recorded, with: standing.id, status: 'open' } });
  expect(detected?.actionId).toBe(created?.actionId);

  const listed = await call('contradictions', {});
  expect(listed.structuredContent).toMatchObject({ contradictions: [{ id: recorded, status: 'open' }] });
  const pack = await call('consult', { task: 'Plan the Friday release and its reviewer' });
  expect(textOf(pack)).toMatch(new RegExp(`Open contradictions:\\n  • ${recorded}`));
  expect(pack.structuredContent).toMatchObject({ contradictions: [{ id: recorded }] });
});

it('undoing the write takes the belief and its contradiction back together', async () => {
  createMemory(mind, { type: 'belief', content: 'Releases on Friday always need a second reviewer' }, { actor: 'user' });
  const added = (await call('add_belief', { statement: 'Releases on Friday never need a second reviewer' })).structuredContent as unknown as Added;
  const undone = undoAction(mind, null, { actor: 'agent:writer' });
  expect(undone.memories).toEqual([added.memory.id]);
  expect(getContradictions(mind)).toEqual([]);
  expect(getContradictions(mind, { status: null })).toMatchObject([{ id: added.contradicts[0]?.contradiction, status: 'resolved', resolution: 'withdrawn' }]);
});

it('a belief that contradicts nothing records nothing, and other types are never compared', async () => {
  createMemory(mind, { type: 'belief', content: 'Releases on Friday always need a second reviewer' }, { actor: 'user' });
  const agreeing = (await call('add_belief', { statement: 'Releases on Friday always need a checklist' })).structuredContent as unknown as Added;
  expect(agreeing.contradicts).toEqual([]);
  const note = (await call('add_note', { content: 'Releases on Friday never need a second reviewer' })).structuredContent as unknown as Added;
  expect(note.contradicts).toEqual([]);
  expect(getContradictions(mind, { status: null })).toEqual([]);
});
