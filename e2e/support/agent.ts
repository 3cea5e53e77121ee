/**
 * An AI agent as MCP clients run Mindloom: the SDK's client spawning the built `mindloom mcp` on
 * the mind file the app has open, speaking over stdio. Its writes reach the app only through
 * SQLite. Needs `npm run build` (the CLI bundle) first, as every e2e test does.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { REPO_ROOT } from './paths';

export interface AgentConnection {
  /** Calls a tool that must succeed; resolves with its structured content. */
  call<T = Record<string, unknown>>(tool: string, args: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

export async function connectAgent(mindPath: string, agent = 'e2e-agent'): Promise<AgentConnection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(REPO_ROOT, 'bin', 'mindloom.js'), 'mcp', '--mind', mindPath, '--agent', agent],
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(transport);
  return {
    async call<T>(tool: string, args: Record<string, unknown>) {
      const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
      if (result.isError) throw new Error(`${tool} failed: ${JSON.stringify(result.content)} ${stderr}`);
      return result.structuredContent as T;
    },
    close: () => client.close(),
  };
}
