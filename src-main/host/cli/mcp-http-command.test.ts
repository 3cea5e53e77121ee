/**
 * `mindloom mcp --http` as a person runs it: the CLI in its own process prints where it listens
 * and the token; the SDK's Streamable HTTP client connects with it, writes and recalls;
 * SIGTERM stops it cleanly.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../api/api-test-support';
import { getHistory } from '../../mind/history';
import { openMind } from '../../mind/mind';
import { startCli } from './cli-process-support';
import { tempDir } from './cli-test-kit';

function mindloom(args: string[], env: Record<string, string> = {}) {
  const cli = startCli(args, { MINDLOOM_TOKEN: '', ...env });
  return { child: cli.child, output: () => cli.stdout() + cli.stderr(), exited: cli.exited.then(({ code }) => code) };
}

describe('mindloom mcp --http', () => {
  it('prints the endpoint and token, serves an SDK client with them, and stops on SIGTERM', async () => {
    const mindPath = join(tempDir(), 'remote.mindloom');
    openMind(mindPath).close();
    const run = mindloom(['mcp', '--http', '--mind', mindPath, '--agent', 'build-box']);
    let id: string;
    try {
      await waitFor(() => /Authorization: Bearer \S+/.test(run.output()), 'the printed token', 30_000);
      const url = /Streamable HTTP\) at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(run.output())?.[1] as string;
      const token = /Authorization: Bearer (\S+)/.exec(run.output())?.[1] as string;
      const client = new Client({ name: 'remote', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
      const saved = (await client.callTool({ name: 'add_note', arguments: { content: 'The nightly job runs on the build box' } })) as CallToolResult;
      id = (saved.structuredContent as { memory: { id: string } }).memory.id;
      const recalled = (await client.callTool({ name: 'recall', arguments: { query: 'nightly build box' } })) as CallToolResult;
      expect(recalled.structuredContent).toMatchObject({ hits: [{ memory: { id } }] });
      await client.close();
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
    const mind = openMind(mindPath, { mustExist: true });
    expect(getHistory(mind, id).map((row) => row.actor)).toEqual(['agent:build-box', 'agent:build-box']);
    mind.close();
  }, 60_000);

  it('takes its token from MINDLOOM_TOKEN, so an agent configuration survives a restart', async () => {
    const mindPath = join(tempDir(), 'remote.mindloom');
    openMind(mindPath).close();
    const token = 'a-token-the-agent-config-keeps';
    const run = mindloom(['mcp', '--http', '--mind', mindPath], { MINDLOOM_TOKEN: token });
    try {
      await waitFor(() => /Authorization: Bearer \S+/.test(run.output()), 'the printed token', 30_000);
      expect(run.output()).toContain(`Authorization: Bearer ${token}\n`);
      const url = /Streamable HTTP\) at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(run.output())?.[1] as string;
      const client = new Client({ name: 'remote', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      await client.close();
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
    const weak = mindloom(['mcp', '--http', '--mind', mindPath], { MINDLOOM_TOKEN: 'short' });
    expect(await weak.exited).toBe(2);
    expect(weak.output()).toContain('MINDLOOM_TOKEN must be at least 16 characters');
  }, 60_000);

  it('refuses --port without --http, and a host that is not an address', async () => {
    const mindPath = join(tempDir(), 'remote.mindloom');
    openMind(mindPath).close();
    const stdioWithPort = mindloom(['mcp', '--mind', mindPath, '--port', '7000']);
    expect(await stdioWithPort.exited).toBe(2);
    expect(stdioWithPort.output()).toContain('--port and --host go with --http');
    const badHost = mindloom(['mcp', '--http', '--mind', mindPath, '--host', 'example.com']);
    expect(await badHost.exited).toBe(2);
    expect(badHost.output()).toContain('--host must be an IP address');
  }, 60_000);
});
