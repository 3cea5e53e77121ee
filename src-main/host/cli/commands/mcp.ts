/**
 * `mcp`: the mind as an AI agent's memory, over MCP on stdio (the client starts this command), or
 * with `--http` over Streamable HTTP at /mcp for agents that connect (another machine through an
 * SSH tunnel, a client that speaks only HTTP). Writes are journaled as `agent:NAME`; the app may
 * have the same mind open meanwhile.
 */
import type { AgentServerOptions } from '../../../agent/server';
import { serveOverStdio } from '../../../agent/stdio';
import { openMind } from '../../../mind/mind';
import { environmentSecrets } from '../../../api/platform';
import { startMcpHost } from '../../serve/mcp-host';
import { findPackage } from '../../serve/package-root';
import type { CommandInput, FileCommand } from '../command';
import { requireMindPath } from '../mind-path';
import { UsageError } from '../usage-error';
import { LISTEN_OPTIONS, listenAt, tokenFromEnvironment, untilStopped, warnIfExposed } from './listen-options';

export const mcpCommand: FileCommand = {
  kind: 'file',
  name: 'mcp',
  usage: 'mcp [--agent NAME] [--http [--port P] [--host ADDRESS]]',
  summary:
    "Serve the mind to an AI agent over MCP (stdio; --http: Streamable HTTP at /mcp on 127.0.0.1 with a bearer token, MINDLOOM_TOKEN or a random one): recall, consult, capture and add memories, verify, supersede; writes are journaled as agent:NAME (default: the client's name).",
  positionals: [],
  options: { agent: { type: 'string' }, http: { type: 'boolean' }, ...LISTEN_OPTIONS },
  async run(input) {
    const mindPath = requireMindPath(input.mindPath);
    const options = agentOptions(input);
    if (input.options.flag('http')) return serveOverHttp(input, mindPath, options);
    if (input.options.string('port') !== undefined || input.options.string('host') !== undefined) {
      throw new UsageError('--port and --host go with --http (over stdio the client starts this command itself).');
    }
    const mind = openMind(mindPath, { mustExist: true });
    try {
      await serveOverStdio(mind, options, { input: process.stdin, output: process.stdout, stop: untilStopped() });
    } finally {
      mind.close();
    }
    return '';
  },
};

function agentOptions(input: CommandInput): AgentServerOptions {
  return {
    agent: input.options.string('agent'),
    secrets: { openAiApiKey: environmentSecrets(input.io.env).get('openai-api-key') ?? undefined },
    version: findPackage().version,
    logError: (message, error) => input.io.stderr.write(`mindloom mcp: ${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
  };
}

async function serveOverHttp(input: CommandInput, mindPath: string, options: AgentServerOptions): Promise<string> {
  const at = listenAt(input);
  const host = await startMcpHost({ ...options, mindPath, port: at.port, host: at.host, token: tokenFromEnvironment(input) });
  warnIfExposed(input, at, host.port);
  input.io.stdout.write(`Mindloom MCP (Streamable HTTP) at ${host.url}\nAuthorization: Bearer ${host.token}\nPress Ctrl+C to stop.\n`);
  await untilStopped();
  await host.close();
  return '';
}
