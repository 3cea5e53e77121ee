/**
 * Serving a mind to one MCP client over stdio until the client hangs up (closes our stdin) or the
 * caller stops it. Stdout carries the protocol and nothing else.
 */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Mind } from '../mind/mind';
import { watchSampling } from './sampling-runs';
import { actorOf, type AgentServerOptions, createAgentServer } from './server';

export interface StdioStreams {
  input: Readable;
  output: Writable;
  /** Resolves when the caller wants the server stopped (a signal). */
  stop: Promise<void>;
}

export async function serveOverStdio(mind: Mind, options: AgentServerOptions, streams: StdioStreams): Promise<void> {
  const server = createAgentServer(mind, options);
  const transport = new StdioServerTransport(streams.input, streams.output);
  const ended = new Promise<void>((resolve) => {
    server.onclose = resolve;
    streams.input.once('end', resolve);
    streams.input.once('close', resolve);
    // The client went away mid-answer (a broken pipe): nobody is left to serve.
    streams.output.once('error', () => resolve());
  });
  // A client that offers sampling lends its model to scheduled consolidation (sampling-runs.ts).
  const sampling = watchSampling(server, mind, { actor: () => actorOf(server, options.agent), logError: options.logError });
  await server.connect(transport);
  await Promise.race([ended, streams.stop]);
  sampling.dispose();
  await server.close();
}
