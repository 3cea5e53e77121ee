/**
 * The text consolidation reads for a memory. An episode reads as "objective → outcome" followed
 * by its lessons (FIELD_SCHEMAS.episode), one per line behind a bullet, so a provider can take the
 * parts apart again (the marker is not a word: it adds nothing to an embedding); any other memory
 * reads as its content.
 */
import type { MemoryRecord } from '../store/memory-record';
import type { SourceText } from './provider';

const LESSON_MARK = '\n• ';

export function sourceTextOf(record: Pick<MemoryRecord, 'id' | 'type' | 'content' | 'fields'>): SourceText {
  return { id: record.id, text: textOf(record.type, record.content, record.fields) };
}

export function textOf(type: string, content: string, fields: Record<string, unknown>): string {
  if (type !== 'episode') return content;
  const outcome = typeof fields.outcome === 'string' && !content.includes(fields.outcome) ? ` → ${fields.outcome}` : '';
  const lessons = Array.isArray(fields.lessons) ? fields.lessons.filter((l): l is string => typeof l === 'string' && l.trim() !== '') : [];
  const main = `${content}${outcome}`;
  return lessons.length === 0 ? main : `${main}${lessons.map((l) => `${LESSON_MARK}${l.trim()}`).join('')}`;
}

export function splitSourceText(text: string): { main: string; lessons: string[] } {
  const [main = '', ...lessons] = text.split(LESSON_MARK);
  return { main: main.trim(), lessons: lessons.map((l) => l.trim()).filter((l) => l !== '') };
}
