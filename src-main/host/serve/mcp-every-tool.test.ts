/**
 * Every MCP tool, called the way a strict client calls it: the SDK's Client lists the tools first
 * (so it checks each answer's structured content against the tool's declared output schema and
 * rejects a mismatch with -32602), and each answer is validated again here with the SDK's JSON
 * Schema validator. The tools come from tools/list, so a new tool without a sample call fails.
 * Over the SDK's linked in-memory transport and over Streamable HTTP (`mindloom mcp --http`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentServer } from '../../agent/server';
import { handOutBatch } from '../../consolidation/reflect/reflect-batch';
import { createMemory } from '../../mind/create';
import { editMemory } from '../../mind/edit';
import { type Mind, openMind } from '../../mind/mind';
import { startMcpHost } from './mcp-host';

/** The memories the sample calls work on, made before any tool is called. */
interface Seeds {
  episode: string;
  belief: string;
  doubted: string;
  toSupersede: string;
  toForget: string;
  /** A reflection batch handed out before the calls, holding `episode`. */
  batch: string;
}

/**
 * One sample call per tool, with arguments that make it answer with everything its schema can
 * hold (history rows, contradictions, lineage links…). A tool added to the server needs one here.
 */
const SAMPLE_CALLS: Record<string, (seeds: Seeds) => Record<string, unknown>> = {
  recall: () => ({ query: 'Friday deploys' }),
  consult: () => ({ task: 'Plan a deploy on Friday' }),
  expand: (s) => ({ id: s.belief }),
  capture: () => ({ text: 'The release train leaves at noon', conversation_id: 'c1', turn_id: 't1', role: 'user', at: '2025-01-02T10:00:00Z' }),
  add_episode: () => ({
    objective: 'Deployed the billing service',
    outcome: 'rolled back',
    outcome_type: 'failure',
    lessons: ['test first'],
    evidence_refs: [{ kind: 'url', ref: 'https://example.test/ci/1' }],
  }),
  add_note: () => ({ content: 'Claire said the freeze starts Thursday', note_type: 'quote', speaker: 'Claire' }),
  add_belief: (s) => ({ statement: 'Deploys on Friday are never risky', evidence: [s.episode], subject: 'deploys', belief_type: 'pattern' }),
  add_value: () => ({ statement: 'Never lose customer data', name: 'care', priority: 90 }),
  add_goal: () => ({ title: 'Ship the new billing flow', goal_status: 'active', priority: 'high' }),
  add_drive: () => ({ focus: 'Understand the deploy pipeline', drive_type: 'curiosity', intensity: 0.6 }),
  add_relationship: () => ({ entity: 'Claire', entity_type: 'person', relationship_type: 'reviewer', sentiment: 0.5, trust: 0.9 }),
  verify: (s) => ({ id: s.belief, evidence: 'checked the deploy log' }),
  reinforce: (s) => ({ id: s.belief, evidence: s.episode }),
  supersede: (s) => ({ id: s.toSupersede, statement: 'Rollbacks take ten minutes on a cold cache', reason: 'measured again', inferred: true }),
  forget: (s) => ({ id: s.toForget, reason: 'a secret' }),
  lineage: (s) => ({ id: s.belief, direction: 'both' }),
  uncertain: () => ({ threshold: 0.6 }),
  contradictions: () => ({ status: 'all', statement: 'Deploys on Friday are always risky' }),
  reflect: () => ({ episodes: 5 }),
  propose_beliefs: (s) => ({
    batch: s.batch,
    beliefs: [{ statement: 'Checkout breaks when deploys land late in the week', subject: 'deploys', cites: [s.episode] }],
    reinforcements: [{ belief: s.belief, cites: [s.episode], reason: 'the Friday deploy broke checkout' }],
  }),
};

function seed(mind: Mind): Seeds {
  const user = { actor: 'user' };
  const episode = createMemory(mind, { type: 'episode', content: 'A Friday deploy broke checkout' }, user);
  const belief = createMemory(mind, { type: 'belief', content: 'Deploys on Friday are always risky', evidence: [episode.id] }, user);
  // A history with an edit: expand's history rows then carry every column the journal has.
  editMemory(mind, belief.id, { fields: { subject: 'deploys' } }, { ...user, expectedVersion: belief.version });
  const doubted = createMemory(mind, { type: 'note', content: 'Maybe Friday deploys are fine for docs', confidence: 0.3 }, user);
  const toSupersede = createMemory(mind, { type: 'belief', content: 'Rollbacks take ten minutes' }, user);
  const secret = createMemory(mind, { type: 'note', content: 'the deploy token is hunter2' }, user);
  createMemory(mind, { type: 'belief', content: 'Anyone may use the deploy token', derivedFrom: [secret.id] }, user);
  const { batch } = handOutBatch(mind, { actor: 'agent:strict-client', episodes: 5, captures: 0 });
  if (batch === null) throw new Error('the seeded episode should wait for reflection');
  return { episode: episode.id, belief: belief.id, doubted: doubted.id, toSupersede: toSupersede.id, toForget: secret.id, batch };
}

interface Connected {
  client: Client;
  close(): Promise<void>;
}

const AGENT_OPTIONS = { secrets: {}, version: '0.0.0-test', logError: () => {} };

/** The transports a client reaches the tools through, each with a freshly seeded mind. */
const TRANSPORTS: Record<string, () => Promise<Connected & { seeds: Seeds }>> = {
  'the linked in-memory transport': async () => {
    const mind = openMind(':memory:');
    const seeds = seed(mind);
    const server = createAgentServer(mind, AGENT_OPTIONS);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'strict-client', version: '1.0.0' });
    await client.connect(clientSide);
    return { client, seeds, close: async () => (await client.close(), mind.close()) };
  },
  'Streamable HTTP': async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mindloom-every-tool-'));
    const mindPath = join(dir, 'agent.mindloom');
    const mind = openMind(mindPath);
    const seeds = seed(mind);
    mind.close();
    const host = await startMcpHost({ ...AGENT_OPTIONS, mindPath });
    const client = new Client({ name: 'strict-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(host.url), { requestInit: { headers: { Authorization: `Bearer ${host.token}` } } }));
    return {
      client,
      seeds,
      close: async () => {
        await client.close();
        await host.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

describe.each(Object.entries(TRANSPORTS))('every tool answers within its declared output schema, over %s', { timeout: 30_000 }, (_, connect) => {
  let connected: Connected;
  let client: Client;
  let tools: Tool[];
  let seeds: Seeds;

  beforeAll(async () => {
    const opened = await connect();
    ({ client, seeds } = opened);
    connected = opened;
    // Listing first is what makes the client check every answer against the output schemas.
    tools = (await client.listTools()).tools;
  }, 30_000);

  afterAll(async () => connected.close());

  it('has a sample call for every listed tool', () => {
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.map((tool) => tool.name).filter((name) => !(name in SAMPLE_CALLS))).toEqual([]);
  });

  it('each call passes the listing client and the JSON Schema validator', async () => {
    const validator = new AjvJsonSchemaValidator();
    const checked: string[] = [];
    for (const tool of tools) {
      const sample = SAMPLE_CALLS[tool.name];
      if (sample === undefined) continue;
      const result = (await client.callTool({ name: tool.name, arguments: sample(seeds) })) as CallToolResult;
      expect(result.isError, `${tool.name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      expect(tool.outputSchema, tool.name).toBeDefined();
      const verdict = validator.getValidator(tool.outputSchema as object)(result.structuredContent);
      expect(verdict.errorMessage, tool.name).toBeUndefined();
      checked.push(tool.name);
    }
    expect(checked).toEqual(tools.map((tool) => tool.name));
  });

  // After the calls above (tests in a file run in order): add_belief has recorded a contradiction.
  it('the sample calls reach the parts of each answer a schema can get wrong', async () => {
    const card = (await client.callTool({ name: 'expand', arguments: { id: seeds.belief } })).structuredContent as {
      history: { actionId: number; memoryVersion: number | null }[];
    };
    expect(card.history.length).toBeGreaterThan(1);
    expect(card.history.every((row) => Number.isInteger(row.actionId))).toBe(true);
    const listed = (await client.callTool({ name: 'contradictions', arguments: { status: 'all' } })).structuredContent as {
      contradictions: unknown[];
    };
    expect(listed.contradictions.length).toBeGreaterThan(0);
    const uncertain = (await client.callTool({ name: 'uncertain', arguments: { threshold: 0.6 } })).structuredContent as { items: { id: string }[] };
    expect(uncertain.items.map((item) => item.id)).toContain(seeds.doubted);
  });
});
