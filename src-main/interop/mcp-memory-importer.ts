/**
 * `mindloom import mcp-memory memory.jsonl`: the MCP reference memory server's knowledge graph.
 * An entity `{type: 'entity', name, entityType, observations}` becomes a relationship memory and
 * each observation a note derived from it; a relation `{type: 'relation', from, to, relationType}`
 * a note ("Alice works_at Acme") derived from both entities. Origin ids: `mcp-memory:entity:NAME`,
 * `…:observation:NAME:TEXT`, `…:relation:FROM:TYPE:TO`, so importing the graph again adds only what is new.
 */
import { basename } from 'node:path';
import type { Mind } from '../mind/mind';
import { type ImportPlan, type PlannedMemory, simpleMemory } from './import-plan';
import type { Importer } from './importer';
import { importSource, MAX_WHOLE_FILE_BYTES } from './import-source';
import { badLine, readJsonLines, stringAt } from './jsonl';
import { importByPlan } from './plan-writer';

const SYSTEM = 'mcp-memory';

export const mcpMemoryImporter: Importer = {
  kind: 'mcp-memory',
  run(mind, path, options = {}) {
    options.onProgress?.(0, null);
    const lines = readJsonLines(importSource(mind, path, { maxBytes: MAX_WHOLE_FILE_BYTES }));
    return importByPlan(mind, SYSTEM, options, (existing) => {
      const plan = planGraph(mind, path, lines);
      const memories = plan.memories.filter((m) => !existing.has(m.key));
      return { ...plan, memories, skipped: plan.memories.length - memories.length };
    });
  },
};

function planGraph(mind: Mind, path: string, lines: ReturnType<typeof readJsonLines>): ImportPlan {
  const container = basename(path);
  const at = mind.now();
  const memories = new Map<string, PlannedMemory>();
  const add = (memory: PlannedMemory) => {
    if (!memories.has(memory.key)) memories.set(memory.key, memory);
  };
  for (const { line, value } of lines) {
    if (value.type === 'entity') {
      const name = stringAt(value, 'name');
      if (name === null) throw badLine(path, line, 'an entity needs a name.');
      const entityType = stringAt(value, 'entityType');
      const entityKey = `entity:${name}`;
      add(
        simpleMemory(mind, {
          key: entityKey,
          container,
          type: 'relationship',
          content: entityType ? `${name} (${entityType})` : name,
          fields: { entityType: entityType?.toLowerCase() },
          sourceType: 'external',
          sourceEntity: SYSTEM,
          createdAt: at,
        }),
      );
      const observations = value.observations ?? [];
      if (!Array.isArray(observations)) throw badLine(path, line, 'observations must be a list of strings.');
      for (const observation of observations) {
        if (typeof observation !== 'string' || observation.trim() === '') throw badLine(path, line, 'observations must be a list of strings.');
        add(
          simpleMemory(mind, {
            key: `observation:${name}:${observation}`,
            container,
            type: 'note',
            content: observation,
            fields: { noteType: 'observation' },
            sourceType: 'external',
            sourceEntity: SYSTEM,
            createdAt: at,
            links: [{ kind: 'derived_from', to: entityKey }],
          }),
        );
      }
    } else if (value.type === 'relation') {
      const from = stringAt(value, 'from');
      const to = stringAt(value, 'to');
      const relationType = stringAt(value, 'relationType');
      if (from === null || to === null || relationType === null) throw badLine(path, line, 'a relation needs from, to and relationType.');
      add(
        simpleMemory(mind, {
          key: `relation:${from}:${relationType}:${to}`,
          container,
          type: 'note',
          content: `${from} ${relationType} ${to}`,
          fields: { noteType: 'fact' },
          sourceType: 'external',
          sourceEntity: SYSTEM,
          createdAt: at,
          links: [
            { kind: 'derived_from', to: `entity:${from}` },
            { kind: 'derived_from', to: `entity:${to}` },
          ],
        }),
      );
    } else {
      throw badLine(path, line, `unknown record type ${JSON.stringify(value.type)} (expected "entity" or "relation").`);
    }
  }
  return { kind: 'mcp-memory', system: SYSTEM, memories: [...memories.values()], rejections: [], notes: [], skipped: 0, problems: [] };
}
