/**
 * `mindloom import transcripts turns.jsonl`: conversation turns as raw captures. A line is one turn:
 * `{id, conversation_id, timestamp, role, content}`, or `{id, conversation_id, timestamp, query,
 * response}` (the user's query and the reply, two captures). Each capture keeps its conversation,
 * turn, role and time in its source fields; its origin id is `transcripts:CONVERSATION:TURN[:role]`.
 */
import { basename } from 'node:path';
import type { Mind } from '../mind/mind';
import { type ImportPlan, type PlannedMemory, simpleMemory } from './import-plan';
import type { Importer } from './importer';
import { importSource, MAX_WHOLE_FILE_BYTES } from './import-source';
import { badLine, type JsonLine, readJsonLines, stringAt } from './jsonl';
import { importByPlan } from './plan-writer';

const SYSTEM = 'transcripts';

export const transcriptsImporter: Importer = {
  kind: 'transcripts',
  run(mind, path, options = {}) {
    options.onProgress?.(0, null);
    const lines = readJsonLines(importSource(mind, path, { maxBytes: MAX_WHOLE_FILE_BYTES }));
    return importByPlan(mind, SYSTEM, options, (existing) => {
      const plan = planTurns(mind, path, lines);
      const memories = plan.memories.filter((m) => !existing.has(m.key));
      return { ...plan, memories, skipped: plan.memories.length - memories.length };
    });
  },
};

function planTurns(mind: Mind, path: string, lines: readonly JsonLine[]): ImportPlan {
  const container = basename(path);
  const memories: PlannedMemory[] = [];
  const seen = new Set<string>();
  for (const { line, value } of lines) {
    const turn = stringAt(value, 'id', 'turn_id', 'turnId');
    const conversation = stringAt(value, 'conversation_id', 'conversationId', 'conversation');
    if (turn === null || conversation === null) throw badLine(path, line, 'a turn needs an id and a conversation id.');
    const timestamp = stringAt(value, 'timestamp', 'created_at', 'at');
    const at = timestamp === null ? mind.now() : Date.parse(timestamp);
    if (!Number.isFinite(at)) throw badLine(path, line, `timestamp ${JSON.stringify(timestamp)} is not a time.`);
    const capture = (role: string, content: string, key: string) => {
      if (seen.has(key)) throw badLine(path, line, `turn ${turn} of conversation ${conversation} appears twice.`);
      seen.add(key);
      memories.push(
        simpleMemory(mind, {
          key,
          container,
          type: 'raw',
          content,
          fields: { source: { conversationId: conversation, turnId: turn, role, ...(timestamp === null ? {} : { at: timestamp }) } },
          sourceType: 'direct_experience',
          sourceEntity: role,
          createdAt: at,
        }),
      );
    };
    const role = stringAt(value, 'role');
    const content = stringAt(value, 'content', 'text');
    const query = stringAt(value, 'query', 'user_query', 'userQuery');
    const response = stringAt(value, 'response', 'assistant_response', 'answer');
    if (role !== null && content !== null) {
      capture(role, content, `${conversation}:${turn}`);
    } else if (query !== null || response !== null) {
      if (query !== null) capture('user', query, `${conversation}:${turn}:user`);
      if (response !== null) capture('assistant', response, `${conversation}:${turn}:assistant`);
    } else {
      throw badLine(path, line, 'a turn needs role and content, or query and response.');
    }
  }
  return { kind: 'transcripts', system: SYSTEM, memories, rejections: [], notes: [], skipped: 0, problems: [] };
}
