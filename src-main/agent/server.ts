/**
 * The MCP server: a mind as an agent's memory, on the official SDK's low-level `Server` (tools and
 * resources are listed and dispatched here, so every failure, bad arguments included, comes back
 * as a tool error carrying Mindloom's typed code). Every write is journaled as `agent:NAME`. The
 * mind may be open in the app at the same time: the store runs in WAL mode with a busy timeout, and
 * a write that still finds the store busy is tried again before it gives up.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type CallToolResult,
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { type ErrorEnvelope, isMindError, MindError } from '../../shared/errors';
import { wellFormedDeep } from '../../shared/text';
import { meaningSource } from '../consolidation/recall-meaning';
import type { Mind } from '../mind/mind';
import { readResource, RESOURCE_TEMPLATES, RESOURCES } from './resources';
import type { AgentContext, AgentTool } from './tool';
import { CREATE_TOOLS } from './tools/create-tools';
import { INSPECT_TOOLS } from './tools/inspect-tools';
import { JUDGEMENT_TOOLS } from './tools/judgement-tools';
import { RECALL_TOOLS } from './tools/recall-tools';
import { REFLECT_TOOLS } from './tools/reflect-tools';

export const AGENT_TOOLS: readonly AgentTool[] = [...RECALL_TOOLS, ...CREATE_TOOLS, ...JUDGEMENT_TOOLS, ...INSPECT_TOOLS, ...REFLECT_TOOLS];

/** A write that finds the store busy (another writer holds it past the busy timeout) is tried this many times. */
const WRITE_ATTEMPTS = 3;
const RETRY_DELAY_MS = 250;
/** The agent's name when neither --agent nor the client names one. */
export const DEFAULT_AGENT = 'mcp';

const INSTRUCTIONS = `This server is your long-term memory (Mindloom). A person can watch and edit it while you work.
- Before a task, call consult with the task: it returns the beliefs, values, goals, open contradictions and uncertain memories that bear on it.
- Call recall whenever you need to remember something; expand an id for its whole card, lineage for why you believe it.
- Keep what happens: capture raw turns as they come; add episodes (what you did, how it went, lessons), notes, beliefs (one falsifiable sentence, with the episodes that support it as evidence), values, goals, drives and relationships. Name what a memory was made from in derived_from and where it came from in source.
- Set inferred: true on what you concluded yourself: it waits for a person's review.
- When something bears a memory out, reinforce or verify it; when a belief is wrong as stated, supersede it with a better one. Forget only what must not be kept.`;

export interface AgentServerOptions {
  /** The name writes are journaled under (`agent:NAME`); by default the MCP client's own name. */
  agent?: string | undefined;
  secrets: { openAiApiKey?: string | undefined };
  version: string;
  /** Where unexpected failures are reported (stderr: stdout carries the protocol). */
  logError: (message: string, error: unknown) => void;
}

export function createAgentServer(mind: Mind, options: AgentServerOptions): Server {
  const server = new Server(
    { name: 'mindloom', title: 'Mindloom', version: options.version },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  );
  const byName = new Map(AGENT_TOOLS.map((tool) => [tool.name, tool]));
  const published = AGENT_TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchemaOf(tool.input, 'input'),
    outputSchema: jsonSchemaOf(tool.output, 'output'),
    annotations: { title: tool.title, ...tool.annotations },
  }));

  let actor: string | null = null;
  const context: AgentContext = {
    mind,
    actor: () => (actor ??= actorOf(server, options.agent)),
    meaning: (query) => meaningSource(mind, options.secrets).forQuery(query),
  };

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: published }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `There is no tool named "${request.params.name.slice(0, 100)}".`);
    try {
      const args = checkArguments(tool, request.params.arguments ?? {});
      const answer = await attempt(tool, () => tool.run(args, context));
      return { content: [{ type: 'text', text: answer.text }], structuredContent: answer.data as Record<string, unknown> };
    } catch (error) {
      if (!isMindError(error)) options.logError(`The tool ${tool.name} failed unexpectedly`, error);
      return toolError(error);
    }
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: RESOURCES }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: RESOURCE_TEMPLATES }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    try {
      return readResource(mind, request.params.uri);
    } catch (error) {
      if (!isMindError(error)) options.logError(`Reading ${request.params.uri} failed unexpectedly`, error);
      const envelope = envelopeOf(error);
      throw new McpError(envelope.code === 'not_found' ? ErrorCode.InvalidParams : ErrorCode.InternalError, `${envelope.code}: ${envelope.message}`, envelope);
    }
  });
  return server;
}

/** Who an agent's writes are journaled as: `agent:` and the --agent name, else the client's own. */
export function actorOf(server: Server, agent: string | undefined): string {
  return `agent:${agentName(agent ?? server.getClientVersion()?.name)}`;
}

/** An agent name an actor can carry: letters, digits and `_ . @ -` (anything else becomes `-`). */
export function agentName(given: string | undefined): string {
  const cleaned = (given ?? '').trim().replace(/[^\w.@-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64);
  return cleaned === '' ? DEFAULT_AGENT : cleaned;
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { target: 'draft-7', io }) as { type: 'object'; [key: string]: unknown };
}

function checkArguments(tool: AgentTool, args: unknown): unknown {
  const parsed = tool.input.safeParse(wellFormedDeep(args));
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  const first = issues[0];
  throw new MindError('invalid_input', `Invalid arguments for ${tool.name}: ${first?.path ? `${first.path}: ` : ''}${first?.message ?? 'not accepted'}.`, {
    issues,
  });
}

/** Runs a tool; a write that found the store busy is tried again after a pause (nothing was written). */
async function attempt<T>(tool: AgentTool, run: () => T | Promise<T>): Promise<T> {
  for (let round = 1; ; round += 1) {
    try {
      return await run();
    } catch (error) {
      const busy = isMindError(error) && error.code === 'store_busy';
      if (!busy || !tool.writes || round >= WRITE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * round));
    }
  }
}

function envelopeOf(error: unknown): ErrorEnvelope {
  return isMindError(error)
    ? error.toEnvelope()
    : { code: 'internal', message: 'Something went wrong inside Mindloom; nothing was changed by this request.' };
}

/** A tool error the model can read (`code: message`), with the typed envelope in `_meta` for programs. */
function toolError(error: unknown): CallToolResult {
  const envelope = envelopeOf(error);
  return { isError: true, content: [{ type: 'text', text: `${envelope.code}: ${envelope.message}` }], _meta: { 'mindloom/error': envelope } };
}
