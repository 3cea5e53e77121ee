/**
 * The shape of an MCP tool here: its name, what it tells the model, its input and output as zod
 * schemas (published as JSON Schema; the input is checked here, so a bad argument comes back as
 * an `invalid_input` tool error like any other), and what it does. A tool answers with text for
 * the model and the same facts as structured content.
 */
import type { z } from 'zod';
import type { Mind } from '../mind/mind';
import type { RecallMeaning } from '../mind/recall';

export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface AgentContext {
  readonly mind: Mind;
  /** Who writes: `agent:NAME` (every write is journaled under it). */
  actor(): string;
  /** Meaning for a recall of this query, from the mind's own embedder. */
  meaning(query: string): Promise<RecallMeaning>;
}

export interface ToolAnswer<T> {
  /** What the model reads. */
  text: string;
  /** The same facts, matching the tool's output schema. */
  data: T;
}

export interface AgentTool<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  /** True when the tool writes to the mind (a busy store is retried for these). */
  writes: boolean;
  run(args: z.output<I>, ctx: AgentContext): ToolAnswer<z.output<O>> | Promise<ToolAnswer<z.output<O>>>;
}

/** Keeps a tool's own input and output types while it joins a list of tools. */
export function defineTool<I extends z.ZodType, O extends z.ZodType>(tool: AgentTool<I, O>): AgentTool {
  return tool as unknown as AgentTool;
}
