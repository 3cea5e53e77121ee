/**
 * The MCP server over Streamable HTTP (the SDK's StreamableHTTPServerTransport), for agents on
 * another machine: the same tools and resources as stdio. Each MCP session (one initialize) gets
 * its own server and its own connection to the mind, opened when the session starts and closed
 * when it ends, so the app sees the agent's writes as outside writes, exactly as from a stdio
 * agent. Who may call is the host's business (token, host names): this only speaks MCP.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode, isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { isMindError } from '../../shared/errors';
import type { Mind } from '../mind/mind';
import { type SamplingRuns, watchSampling } from './sampling-runs';
import { actorOf, type AgentServerOptions, createAgentServer } from './server';

/** The path both hosts serve MCP at. */
export const MCP_HTTP_PATH = '/mcp';

/** The error code the Streamable HTTP examples answer an unknown session with (the client starts a new one). */
const SESSION_NOT_FOUND = -32001;

export interface McpHttpEndpoint {
  /**
   * Answers one request at the MCP path: a POST (its JSON body already read, or undefined when it
   * had none), a GET (the server's event stream) or a DELETE (the session's end).
   */
  handle(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void>;
  /** How many sessions are open. */
  sessionCount(): number;
  /** Ends every session and closes their minds. */
  close(): Promise<void>;
}

interface AgentSession {
  server: Server;
  /** Scheduled consolidation through this client's model, when it offers sampling (sampling-runs.ts). */
  sampling: SamplingRuns;
  transport: StreamableHTTPServerTransport;
  mind: Mind;
}

/**
 * @param openMind opens the mind a new session works on (a MindError, such as `no_mind_open`,
 * refuses the session with its message); the endpoint closes it when the session ends.
 */
export function mcpHttpEndpoint(openMind: () => Mind, options: AgentServerOptions): McpHttpEndpoint {
  const sessions = new Map<string, AgentSession>();
  const ended = new Set<AgentSession>();

  const end = async (session: AgentSession): Promise<void> => {
    if (ended.has(session)) return;
    ended.add(session);
    if (session.transport.sessionId !== undefined) sessions.delete(session.transport.sessionId);
    session.sampling.dispose();
    try {
      await session.server.close();
    } finally {
      session.mind.close();
    }
  };

  const start = async (request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> => {
    let mind: Mind;
    try {
      mind = openMind();
    } catch (error) {
      if (!isMindError(error)) options.logError('Opening the mind for an MCP session failed', error);
      const message = isMindError(error) ? `${error.code}: ${error.message}` : 'Mindloom could not open the mind for this session.';
      return sendRpcError(response, 503, ErrorCode.InternalError, message);
    }
    const server = createAgentServer(mind, options);
    const session: AgentSession = {
      mind,
      server,
      sampling: watchSampling(server, mind, { actor: () => actorOf(server, options.agent), logError: options.logError }),
      transport: new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (id) => void sessions.set(id, session),
      }),
    };
    session.transport.onclose = () => void end(session).catch((error: unknown) => options.logError('Closing an MCP session failed', error));
    try {
      await session.server.connect(session.transport);
      await session.transport.handleRequest(request, response, body);
    } finally {
      // An initialize the transport refused leaves no session behind, nor an open mind.
      if (session.transport.sessionId === undefined || !sessions.has(session.transport.sessionId)) await end(session);
    }
  };

  return {
    async handle(request, response, body) {
      const id = request.headers['mcp-session-id'];
      if (typeof id === 'string') {
        const session = sessions.get(id);
        if (session === undefined) {
          return sendRpcError(response, 404, SESSION_NOT_FOUND, 'There is no such MCP session (it ended, or the server restarted): start a new one.');
        }
        return session.transport.handleRequest(request, response, body);
      }
      if (request.method === 'POST' && isInitializeRequest(body)) return start(request, response, body);
      return sendRpcError(response, 400, ErrorCode.InvalidRequest, 'Start an MCP session first: POST an initialize request without an Mcp-Session-Id header.');
    },
    sessionCount: () => sessions.size,
    async close() {
      await Promise.all([...sessions.values()].map(end));
    },
  };
}

/** A JSON-RPC error as the whole HTTP answer (no session, or none that could start). */
export function sendRpcError(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
