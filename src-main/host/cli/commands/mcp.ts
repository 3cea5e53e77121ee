/**
 * `mcp`: the mind as an AI agent's memory, over MCP on stdio (the client starts this command).
 * Writes are journaled as `agent:NAME`; the app may have the same mind open meanwhile.
 */
import { serveOverStdio } from '../../../agent/stdio';
import { openMind } from '../../../mind/mind';
import { environmentSecrets } from '../../../api/platform';
import { findPackage } from '../../serve/package-root';
import type { FileCommand } from '../command';
import { requireMindPath } from '../mind-path';

export const mcpCommand: FileCommand = {
  kind: 'file',
  name: 'mcp',
  usage: 'mcp [--agent NAME]',
  summary: "Serve the mind to an AI agent over MCP (stdio): recall, consult, capture and add memories, verify, supersede; writes are journaled as agent:NAME (default: the client's name).",
  positionals: [],
  options: { agent: { type: 'string' } },
  async run(input) {
    const mind = openMind(requireMindPath(input.mindPath), { mustExist: true });
    const stop = new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    try {
      await serveOverStdio(
        mind,
        {
          agent: input.options.string('agent'),
          secrets: { openAiApiKey: environmentSecrets(input.io.env).get('openai-api-key') ?? undefined },
          version: findPackage().version,
          logError: (message, error) => input.io.stderr.write(`mindloom mcp: ${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
        },
        { input: process.stdin, output: process.stdout, stop },
      );
    } finally {
      mind.close();
    }
    return '';
  },
};
