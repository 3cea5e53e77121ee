/**
 * Each Kernle memory table as a Mindloom type: which column is the memory's words, which become
 * its fields. Columns neither reads are kept in the origin's details (kernle-plan.ts).
 */
import type { MemoryType } from '../../../shared/model';
import type { KernleTable } from '../../store/kernle-source';
import { jsonList, stringList, textOf } from './kernle-values';

export interface TypeMapping {
  table: KernleTable;
  type: MemoryType;
  /** The memory's words from a row (a table row, or a suggestion's content object). */
  content(row: Record<string, unknown>): string | null;
  /** Field candidates; values Mindloom's schema refuses go to the origin's details. */
  fields(row: Record<string, unknown>): Record<string, unknown>;
  /** Columns read into content and fields (the rest of the row goes to details). */
  mapped: readonly string[];
}

export const KERNLE_TYPES: readonly TypeMapping[] = [
  {
    table: 'raw_entries',
    type: 'raw',
    content: (r) => textOf(r.blob) ?? textOf(r.content),
    fields: (r) => ({ source: { at: textOf(r.captured_at) ?? undefined } }),
    mapped: ['blob', 'content', 'captured_at', 'timestamp', 'processed', 'processed_into'],
  },
  {
    table: 'episodes',
    type: 'episode',
    content: (r) => textOf(r.objective),
    fields: (r) => ({
      outcome: textOf(r.outcome),
      outcomeType: r.outcome_type,
      lessons: r.lessons === undefined ? undefined : stringList(r.lessons).length > 0 ? stringList(r.lessons) : undefined,
      emotionalValence: r.emotional_valence,
      emotionalArousal: r.emotional_arousal,
    }),
    mapped: ['objective', 'outcome', 'outcome_type', 'lessons', 'emotional_valence', 'emotional_arousal'],
  },
  {
    table: 'notes',
    type: 'note',
    content: (r) => textOf(r.content),
    fields: (r) => ({ noteType: r.note_type, speaker: textOf(r.speaker) }),
    mapped: ['content', 'note_type', 'speaker'],
  },
  {
    table: 'beliefs',
    type: 'belief',
    content: (r) => textOf(r.statement),
    fields: (r) => ({ beliefType: r.belief_type, context: textOf(r.context) }),
    mapped: ['statement', 'belief_type', 'context', 'supersedes', 'superseded_by', 'is_active', 'times_reinforced'],
  },
  {
    table: 'agent_values',
    type: 'value',
    content: (r) => textOf(r.statement),
    fields: (r) => ({ name: textOf(r.name), priority: r.priority }),
    mapped: ['statement', 'name', 'priority'],
  },
  {
    table: 'goals',
    type: 'goal',
    content: (r) => textOf(r.title),
    fields: (r) => ({ description: textOf(r.description), goalStatus: r.status, priority: r.priority }),
    mapped: ['title', 'description', 'status', 'priority'],
  },
  {
    table: 'drives',
    type: 'drive',
    content: (r) => {
      const focus = stringList(r.focus_areas);
      const drive = textOf(r.drive_type);
      return drive && focus.length > 0 ? `${drive}: ${focus.join(', ')}` : drive;
    },
    fields: (r) => ({ driveType: r.drive_type, intensity: r.intensity }),
    mapped: ['drive_type', 'intensity', 'updated_at'],
  },
  {
    table: 'relationships',
    type: 'relationship',
    content: (r) => {
      const name = textOf(r.entity_name);
      const notes = textOf(r.notes);
      return name && notes ? `${name}: ${notes}` : name;
    },
    fields: (r) => ({ entityType: r.entity_type, relationshipType: textOf(r.relationship_type), sentiment: r.sentiment }),
    mapped: ['entity_name', 'notes', 'entity_type', 'relationship_type', 'sentiment'],
  },
];

export function mappingOfType(type: string): TypeMapping | undefined {
  return KERNLE_TYPES.find((m) => m.type === type);
}

/** A detail worth keeping: JSON columns parsed, empty lists and blanks dropped. */
export function detailValue(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
    const list = jsonList(value);
    if (list.length === 1 && typeof list[0] === 'string' && list[0] === value) return value;
    return list.length === 0 ? undefined : value.trim().startsWith('{') ? list[0] : list;
  }
  return value === null || value === '' ? undefined : value;
}
