/**
 * A scripted agent for the planted corpora: no model, the corpus's planted answers. It speaks MCP
 * through the SDK's own Client, either way an agent consolidates:
 * - pull: it calls `reflect`, reads which planted topic each handed-out episode belongs to, and
 *   answers `propose_beliefs` with each topic's lesson citing that topic's episodes (singletons
 *   cited by nothing);
 * - push: it declares the `sampling` capability and answers `sampling/createMessage` as a model
 *   would: synthesis with the lesson most of the listed episodes teach (citing those), classification
 *   SUPPORTS when the belief is the lesson of the episode's topic, triage skip.
 * What it measures is Mindloom's side (batches, checks, lineage, runs), never a model's judgement.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { type CallToolResult, CreateMessageRequestSchema, type CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';
import { textOf } from '../../src-main/consolidation/source-text';
import { createAgentServer } from '../../src-main/agent/server';
import type { Mind } from '../../src-main/mind/mind';
import { episodeFields, type Split } from './corpus';

/** Which topic (by lesson) each planted episode's stored text belongs to; singletons are absent. */
export function plantedLessons(split: Split): Map<string, string> {
  const lessons = new Map<string, string>();
  for (const topic of split.topics) {
    for (const episode of [...topic.episodes, ...topic.later]) {
      const { content, fields } = episodeFields(episode);
      lessons.set(textOf('episode', content, fields), topic.lesson);
    }
  }
  return lessons;
}

export interface BatchEpisode {
  id: string;
  text: string;
}
/** What reflect answers, as far as a scripted agent reads it. */
export interface Batch {
  batch: string | null;
  groups: { episodes: BatchEpisode[] }[];
  ungrouped: { episode: BatchEpisode }[];
}
export interface ProposeOutcome {
  runId: string | null;
  accepted: { proposal: string; index: number; outcome: string; beliefId: string; statement: string; episodes: string[]; why: string }[];
  dropped: { proposal: string; index: number; statement: string; reason: string }[];
  episodesHandled: number;
}

export interface ReflectingAgent {
  /** reflect → propose_beliefs until nothing waits; `word` words each lesson as the agent says it. */
  consolidate(word?: (lesson: string) => string): Promise<ProposeOutcome[]>;
  call<T>(name: string, args: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

export async function connectReflectingAgent(mind: Mind, lessons: ReadonlyMap<string, string>, name = 'scripted'): Promise<ReflectingAgent> {
  const server = createAgentServer(mind, { agent: name, secrets: {}, version: 'bench', logError: () => {} });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(clientSide);
  const call = async <T>(tool: string, args: Record<string, unknown>): Promise<T> => {
    const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
    if (result.isError) throw new Error(`${tool}: ${JSON.stringify(result.content)}`);
    return result.structuredContent as T;
  };
  return {
    call,
    async consolidate(word = (lesson) => lesson) {
      const outcomes: ProposeOutcome[] = [];
      for (;;) {
        const batch = await call<Batch>('reflect', { episodes: 50 });
        if (batch.batch === null) return outcomes;
        const byLesson = new Map<string, string[]>();
        for (const episode of [...batch.groups.flatMap((g) => g.episodes), ...batch.ungrouped.map((u) => u.episode)]) {
          const lesson = lessons.get(episode.text);
          if (lesson !== undefined) byLesson.set(lesson, [...(byLesson.get(lesson) ?? []), episode.id]);
        }
        const beliefs = [...byLesson].map(([lesson, cites]) => ({ statement: word(lesson), cites }));
        outcomes.push(await call<ProposeOutcome>('propose_beliefs', { batch: batch.batch, beliefs }));
      }
    },
    async close() {
      await client.close();
    },
  };
}

/** The ids and texts a prompt lists (`- [id] text`, prompts.ts), and its belief and episode lines. */
function readPrompt(prompt: string): { listed: { id: string; text: string }[]; belief: string | null; episode: string | null } {
  const listed: { id: string; text: string }[] = [];
  const lines = prompt.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const match = /^- \[([^\]]+)\] (.*)$/.exec(lines[i] as string);
    if (!match) continue;
    // A listed episode's lessons follow on their own lines (source-text.ts), up to the next item or a blank line.
    let text = match[2] as string;
    while (i + 1 < lines.length && (lines[i + 1] as string).startsWith('• ')) text += `\n${lines[(i += 1)] as string}`;
    listed.push({ id: match[1] as string, text });
  }
  const field = (name: string) => {
    const start = prompt.indexOf(`${name}: `);
    if (start < 0) return null;
    const rest = prompt.slice(start + name.length + 2);
    const end = rest.search(/\n(New episode|\n)/);
    return end < 0 ? rest : rest.slice(0, end);
  };
  return { listed, belief: field('Belief'), episode: field('New episode') };
}

/** The answer a model would give to one of consolidation's prompts, from the planted lessons. */
export function plantedAnswer(prompt: string, lessons: ReadonlyMap<string, string>): string {
  if (prompt.includes('generalized belief')) {
    const { listed } = readPrompt(prompt);
    const votes = new Map<string, string[]>();
    for (const item of listed) {
      const lesson = lessons.get(item.text);
      if (lesson !== undefined) votes.set(lesson, [...(votes.get(lesson) ?? []), item.id]);
    }
    const [lesson, citations] = [...votes].sort((a, b) => b[1].length - a[1].length)[0] ?? [listed[0]?.text.split(' → ')[0] ?? 'No shared lesson', listed.slice(0, 1).map((l) => l.id)];
    return JSON.stringify({ statement: lesson, subject: 'work', predicate: 'lesson', context: 'general', timeframe: 'current', citations });
  }
  if (prompt.includes('classify the relationship')) {
    const { belief, episode } = readPrompt(prompt);
    const same = belief !== null && episode !== null && (lessons.get(episode) ?? episode) === belief;
    return JSON.stringify({ classification: same ? 'SUPPORTS' : 'IRRELEVANT', reasoning: same ? 'the same lesson' : 'another topic' });
  }
  return JSON.stringify({ suggest: 'skip', reason: 'nothing to keep' });
}

export interface SamplingAgent {
  /** The server side of the connection: what the sampling provider asks through. */
  readonly server: Server;
  /** Sampling requests answered. */
  readonly answered: () => number;
  close(): Promise<void>;
}

/** A client that declares sampling and answers it from the planted lessons (in `fenced` JSON blocks, as chat models often do). */
export async function connectSamplingAgent(lessons: ReadonlyMap<string, string>, options: { fenced?: boolean } = {}): Promise<SamplingAgent> {
  const server = new Server({ name: 'mindloom-sampling-bench', version: 'bench' }, { capabilities: {} });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'scripted-model', version: '1.0.0' }, { capabilities: { sampling: {} } });
  let answered = 0;
  client.setRequestHandler(CreateMessageRequestSchema, (request): CreateMessageResult => {
    const message = request.params.messages[0];
    const prompt = message && !Array.isArray(message.content) && message.content.type === 'text' ? message.content.text : '';
    answered += 1;
    const json = plantedAnswer(prompt, lessons);
    return { model: 'scripted-planted-answers', role: 'assistant', content: { type: 'text', text: options.fenced ? `\`\`\`json\n${json}\n\`\`\`` : json } };
  });
  await client.connect(clientSide);
  return { server, answered: () => answered, close: () => client.close() };
}
