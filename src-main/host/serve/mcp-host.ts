/**
 * `mindloom mcp --http`: the MCP server over Streamable HTTP without the app, for an agent on
 * another machine (through an SSH tunnel) or a client that speaks only HTTP. The same door as
 * `mindloom serve`: loopback unless told otherwise, its own names only, a bearer token.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MindError } from '../../../shared/errors';
import { type AgentServerOptions } from '../../agent/server';
import { MCP_HTTP_PATH, mcpHttpEndpoint } from '../../agent/http';
import { openMind } from '../../mind/mind';
import { newToken, refusalOf } from './auth';
import { LOOPBACK, reachableAt } from './bind-address';
import { answerMcp } from './mcp-route';

export interface McpHostOptions extends AgentServerOptions {
  mindPath: string;
  /** 0 or absent: any free port. */
  port?: number | undefined;
  /** The address to listen on (default 127.0.0.1). */
  host?: string | undefined;
  /** The bearer token agents present; default: a new random one. */
  token?: string | undefined;
}

export interface RunningMcpHost {
  /** The MCP endpoint's address. */
  url: string;
  token: string;
  port: number;
  /** How many agent sessions are open. */
  sessionCount(): number;
  close(): Promise<void>;
}

export async function startMcpHost(options: McpHostOptions): Promise<RunningMcpHost> {
  // A file that is not a mind is refused now, not at the first agent's session.
  openMind(options.mindPath, { mustExist: true }).close();
  const bind = options.host ?? LOOPBACK;
  const token = options.token ?? newToken();
  const endpoint = mcpHttpEndpoint(() => openMind(options.mindPath, { mustExist: true }), options);
  let port = 0;

  const server = createServer((request, response) => {
    const refusal = refusalOf(request, { port, bind, token });
    const answer = (status: number, message: string) => {
      response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...(status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}) });
      response.end(`${message}\n`);
    };
    if (refusal === 403) return answer(403, 'This server only answers at its own address.');
    if (refusal === 401) return answer(401, 'Send the token mindloom mcp --http printed: Authorization: Bearer TOKEN.');
    if (new URL(request.url ?? '/', 'http://host').pathname !== MCP_HTTP_PATH) return answer(404, `MCP is served at ${MCP_HTTP_PATH}.`);
    answerMcp(endpoint, request, response).catch((error: unknown) => {
      options.logError('An MCP request failed', error);
      if (!response.headersSent) answer(500, 'The server failed to answer.');
      else response.destroy();
    });
  });

  await new Promise<void>((listening, failed) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      failed(error.code === 'EADDRINUSE' ? new MindError('invalid_input', `Port ${options.port} is in use: choose another with --port.`) : error),
    );
    server.listen(options.port ?? 0, bind, () => listening());
  });
  port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | null = null;
  return {
    url: `${reachableAt(bind, port)}${MCP_HTTP_PATH}`,
    token,
    port,
    sessionCount: endpoint.sessionCount,
    close() {
      closing ??= (async () => {
        await endpoint.close();
        server.closeAllConnections();
        await new Promise<void>((closed) => server.close(() => closed()));
      })();
      return closing;
    },
  };
}
