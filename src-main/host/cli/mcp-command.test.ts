/**
 * `mindloom mcp` as an MCP client runs it: the SDK's client spawns the built CLI and speaks to it
 * over stdio, while the app's host serves the same mind file. The agent captures, creates,
 * recalls, verifies and supersedes; the host's event stream names the memories it touched; a
 * write the agent makes while another connection holds the file waits and then lands.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MindEvent } from '../../../shared/contract';
import { waitFor } from '../../api/api-test-support';
import { getHistory } from '../../mind/history';
import { getMemoryView } from '../../mind/memory-view';
import { openMind } from '../../mind/mind';
import { readEvents, startTestHost, type TestHost } from '../serve/host-test-support';
import { tempDir } from './cli-test-kit';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(root, 'bin', 'mindloom.js');

let host: TestHost;
let client: Client;
let mindPath: string;
let stderr: string;

beforeAll(() => {
  // Always rebuild: a stale bundle would test old code (the build replaces each file whole).
  execFileSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { cwd: root, stdio: 'pipe' });
}, 120_000);

beforeEach(async () => {
  mindPath = join(tempDir(), 'shared.mindloom');
  openMind(mindPath).close();
  host = await startTestHost({ mindPath, pollMs: 50 });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mcp', '--mind', mindPath, '--agent', 'stdio-tester'],
    cwd: tempDir(),
    stderr: 'pipe',
  });
  stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: 'vitest', version: '1.0.0' });
  await client.connect(transport);
}, 30_000);

afterEach(async () => {
  await client.close();
  await host.dispose();
});

async function ok<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name}: ${JSON.stringify(result.content)} ${stderr}`).toBeFalsy();
  return result.structuredContent as T;
}

type Saved = { memory: { id: string } };

describe('mindloom mcp over stdio while the app serves the same mind', () => {
  it('captures, creates, recalls, verifies and supersedes; the host streams which memories changed', async () => {
    const events: MindEvent[] = [];
    const stream = await readEvents(`${host.base}/api/events`, host.host.token, events);
    try {
      const raw = await ok<Saved>('capture', { text: 'Ops said the deploy freeze starts Thursday noon', role: 'user' });
      const episode = await ok<Saved>('add_episode', { objective: 'Checked the deploy freeze calendar', derived_from: [raw.memory.id] });
      const belief = await ok<Saved>('add_belief', { statement: 'Deploys freeze from Thursday noon', evidence: [episode.memory.id] });
      const recalled = await ok<{ hits: { memory: { id: string } }[] }>('recall', { query: 'deploy freeze Thursday' });
      expect(recalled.hits.map((h) => h.memory.id)).toContain(belief.memory.id);
      const verified = await ok<{ confidenceBefore: number; confidenceAfter: number }>('verify', { id: belief.memory.id, evidence: 'the ops calendar' });
      expect(verified.confidenceAfter).toBeGreaterThan(verified.confidenceBefore);
      const revised = await ok<{ created: { id: string } }>('supersede', {
        id: belief.memory.id,
        statement: 'Deploys freeze from Thursday noon until Monday',
        reason: 'the freeze has an end',
      });

      const touched = () => new Set(events.flatMap((e) => (e.type === 'mind.changed' && e.payload.origin === 'outside' ? (e.payload.ids ?? []) : [])));
      const expected = [raw.memory.id, episode.memory.id, belief.memory.id, revised.created.id];
      await waitFor(() => expected.every((id) => touched().has(id)), 'mind.changed naming every memory the agent touched');
      // Nothing but memory writes happened: every outside change named its memories.
      expect(events.filter((e) => e.type === 'mind.changed' && e.payload.ids === undefined)).toEqual([]);

      // The app sees the agent's writes, attributed to it.
      const old = await host.call('memories.get', { id: belief.memory.id });
      expect(old.body).toMatchObject({ ok: true, value: { status: 'superseded', supersededBy: revised.created.id } });
      const mind = openMind(mindPath, { mustExist: true });
      try {
        expect(getHistory(mind, belief.memory.id).map((h) => `${h.actor} ${h.op}`)).toEqual([
          'agent:stdio-tester create',
          'agent:stdio-tester access',
          'agent:stdio-tester verify',
          'agent:stdio-tester superseded',
        ]);
      } finally {
        mind.close();
      }
    } finally {
      stream.stop();
    }
  }, 60_000);

  it('a write that finds the file locked by another connection waits for it and lands', async () => {
    const other = openMind(mindPath, { mustExist: true });
    try {
      other.store.db.exec('BEGIN IMMEDIATE');
      const release = setTimeout(() => other.store.db.exec('COMMIT'), 1_500);
      const started = Date.now();
      const saved = await ok<Saved>('add_note', { content: 'written while the app held the file' });
      clearTimeout(release);
      if (other.store.db.inTransaction) other.store.db.exec('COMMIT');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      expect(getMemoryView(other, saved.memory.id).content).toBe('written while the app held the file');
    } finally {
      other.close();
    }
  }, 60_000);

  it('a missing mind file is refused at start with the typed error on stderr', () => {
    let failure: { status: number; stderr: string } | null = null;
    try {
      execFileSync(process.execPath, [bin, 'mcp', '--mind', join(tempDir(), 'nope.mindloom')], { stdio: 'pipe', input: '' });
    } catch (error) {
      failure = { status: (error as { status: number }).status, stderr: String((error as { stderr: Buffer }).stderr) };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toMatch(/^mindloom: not_found: No mind file at .*nope\.mindloom/);
  });
});
