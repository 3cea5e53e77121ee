/**
 * MCP over Streamable HTTP on loopback, through the SDK's own StreamableHTTPClientTransport:
 * `mindloom mcp --http` (startMcpHost) and `mindloom serve`'s `/mcp` (startHost), each with its
 * bearer token. Real sockets, a real mind file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { MindEvent } from '../../../shared/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemory } from '../../mind/create';
import { getHistory } from '../../mind/history';
import { type Mind, openMind } from '../../mind/mind';
import { waitFor } from '../../api/api-test-support';
import { isOwnHost } from './auth';
import { checkBindAddress, exposureWarning, reachableAt } from './bind-address';
import { type RunningMcpHost, startMcpHost } from './mcp-host';
import { rawRequest, readEvents, startTestHost, type TestHost } from './host-test-support';

let dir: string;
let mindPath: string;
const clients: Client[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mindloom-mcp-http-'));
  mindPath = join(dir, 'agent.mindloom');
  const mind = openMind(mindPath);
  createMemory(mind, { type: 'belief', content: 'Deploys on Friday need a second reviewer' }, { actor: 'user' });
  mind.close();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function connect(url: string, token: string | null, name = 'remote-agent'): Promise<Client> {
  const headers: Record<string, string> = token === null ? {} : { Authorization: `Bearer ${token}` };
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

/** What every host must do for an agent: list, recall, write, and keep strangers out. */
async function servesAnAgent(url: string, token: string, read: <T>(look: (mind: Mind) => T) => T): Promise<void> {
  const client = await connect(url, token);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['recall', 'capture', 'add_belief', 'consult', 'expand']));

  const recalled = await call(client, 'recall', { query: 'Friday deploys reviewer' });
  expect(recalled.isError).toBeFalsy();
  expect(recalled.structuredContent).toMatchObject({ hits: [{ tag: 'belief', memory: { content: 'Deploys on Friday need a second reviewer' } }] });

  const captured = await call(client, 'capture', { text: 'The build server restarted at 03:00', role: 'tool' });
  const id = (captured.structuredContent as { memory: { id: string } }).memory.id;
  expect(read((mind) => getHistory(mind, id).map((row) => [row.op, row.actor]))).toEqual([['create', 'agent:remote-agent']]);

  const { resources } = await client.listResources();
  expect(resources.map((resource) => resource.uri)).toEqual(['mindloom://overview']);

  await expect(connect(url, null, 'stranger')).rejects.toMatchObject({ code: 401, message: expect.stringContaining('Authorization: Bearer') });
  await expect(connect(url, 'not-the-token', 'stranger')).rejects.toMatchObject({ code: 401 });
  const refused = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
  expect(refused.status).toBe(401);
}

describe('mindloom mcp --http', { timeout: 30_000 }, () => {
  let host: RunningMcpHost;
  afterEach(async () => host?.close());

  it('serves the tools and resources to an SDK client holding the token, and no one else', async () => {
    host = await startMcpHost({ mindPath, secrets: {}, version: '0.0.0-test', logError: () => {} });
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/mcp`);
    await servesAnAgent(host.url, host.token, (look) => {
      const mind = openMind(mindPath, { mustExist: true });
      try {
        return look(mind);
      } finally {
        mind.close();
      }
    });
  });

  it('ends a session when the client terminates it, and answers an unknown session with 404', async () => {
    host = await startMcpHost({ mindPath, secrets: {}, version: '0.0.0-test', logError: () => {}, agent: 'ci' });
    const transport = new StreamableHTTPClientTransport(new URL(host.url), { requestInit: { headers: { Authorization: `Bearer ${host.token}` } } });
    const client = new Client({ name: 'short-lived', version: '1.0.0' });
    await client.connect(transport);
    expect(host.sessionCount()).toBe(1);
    const sessionId = transport.sessionId as string;
    await transport.terminateSession();
    await waitFor(() => host.sessionCount() === 0, 'the session to end');
    await client.close();

    const stale = await fetch(host.url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${host.token}`, 'mcp-session-id': sessionId, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(stale.status).toBe(404);
    const noSession = await fetch(host.url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${host.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(noSession.status).toBe(400);
    expect(await noSession.json()).toMatchObject({ error: { message: expect.stringContaining('initialize') } });
  });

  it('answers only at its own address, and only at /mcp', async () => {
    host = await startMcpHost({ mindPath, secrets: {}, version: '0.0.0-test', logError: () => {} });
    const bearer = { authorization: `Bearer ${host.token}` };
    expect((await rawRequest(host.port, { path: '/mcp', method: 'POST', headers: { ...bearer, host: `rebound.test:${host.port}` } })).status).toBe(403);
    expect((await rawRequest(host.port, { path: '/mcp', method: 'POST', headers: { ...bearer, origin: 'http://rebound.test' } })).status).toBe(403);
    expect((await rawRequest(host.port, { path: '/api/call/mind.overview', headers: bearer })).status).toBe(404);
    expect(host.sessionCount()).toBe(0);
  });

  it('refuses a file that is not a mind before listening', async () => {
    await expect(startMcpHost({ mindPath: join(dir, 'missing.mindloom'), secrets: {}, version: '0', logError: () => {} })).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('mindloom serve at /mcp', { timeout: 30_000 }, () => {
  let test: TestHost;
  afterEach(async () => test?.dispose());

  it('serves the mind the app has open, with the host token; the app sees the agent write', async () => {
    test = await startTestHost({ mindPath });
    expect(test.host.mcpUrl).toBe(`http://127.0.0.1:${test.host.port}/mcp`);
    await servesAnAgent(test.host.mcpUrl, test.host.token, (look) => look(test.host.session.mind()));
    const overview = await test.call('mind.overview', {});
    expect(overview.body).toMatchObject({ ok: true, value: { total: 2 } });
  });

  it("streams the agent's writes to the app's windows as outside writes naming the memories", async () => {
    test = await startTestHost({ mindPath, pollMs: 50 });
    const events: MindEvent[] = [];
    const stream = await readEvents(`${test.base}/api/events`, test.host.token, events);
    try {
      const client = await connect(test.host.mcpUrl, test.host.token);
      const added = (await call(client, 'add_belief', { statement: 'Deploys on Friday need no second reviewer', inferred: true })).structuredContent as {
        memory: { id: string };
      };
      const touched = () => events.flatMap((e) => (e.type === 'mind.changed' && e.payload.origin === 'outside' ? (e.payload.ids ?? []) : []));
      await waitFor(() => touched().includes(added.memory.id), 'mind.changed naming the belief the agent added');
      const queue = await test.call('review.queue', {});
      expect(JSON.stringify(queue.body)).toContain(added.memory.id);
    } finally {
      stream.stop();
    }
  });

  it('refuses a session while no mind is open', async () => {
    test = await startTestHost();
    await expect(connect(test.host.mcpUrl, test.host.token)).rejects.toThrow(/No mind is open/);
  });
});

describe('where a host listens', () => {
  it('loopback by default; another address only when named, with a warning', () => {
    expect(exposureWarning('127.0.0.1', 7000)).toBeNull();
    expect(exposureWarning('::1', 7000)).toBeNull();
    expect(exposureWarning('0.0.0.0', 7000)).toMatch(/every network interface .*SSH tunnel/);
    expect(exposureWarning('192.168.1.20', 7000)).toMatch(/^Warning: listening on 192\.168\.1\.20:7000, reachable from other machines/);
    expect(reachableAt('0.0.0.0', 7000)).toBe('http://127.0.0.1:7000');
    expect(reachableAt('::1', 7000)).toBe('http://[::1]:7000');
    expect(() => checkBindAddress('example.com')).toThrow(/--host must be an IP address/);
  });

  it('answers its own names only: loopback, the named address, or any name on every interface', () => {
    expect(isOwnHost('127.0.0.1:7000', 7000)).toBe(true);
    expect(isOwnHost('evil.test:7000', 7000)).toBe(false);
    expect(isOwnHost('192.168.1.20:7000', 7000)).toBe(false);
    expect(isOwnHost('192.168.1.20:7000', 7000, '192.168.1.20')).toBe(true);
    expect(isOwnHost('evil.test:7000', 7000, '192.168.1.20')).toBe(false);
    expect(isOwnHost('build-box:7000', 7000, '0.0.0.0')).toBe(true);
  });
});
