/** Reading Kernle's column values: JSON lists, `type:id` references, ISO times, source types. */
import { SOURCE_TYPES, type MemoryType, type SourceType } from '../../../shared/model';

/** Kernle's reference prefixes (`episode:UUID`) and the memory types they name. */
export const KERNLE_REF_TYPES: Readonly<Record<string, MemoryType>> = {
  raw: 'raw',
  episode: 'episode',
  note: 'note',
  belief: 'belief',
  value: 'value',
  goal: 'goal',
  drive: 'drive',
  relationship: 'relationship',
};

/** A JSON list column (`'["a", "b"]'`); a bare string is a list of one, anything else none. */
export function jsonList(value: unknown): unknown[] {
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return [value];
  }
}

export function stringList(value: unknown): string[] {
  return jsonList(value).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

export function jsonObject(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface KernleRef {
  /** The referenced memory's Kernle id, when the reference names a memory. */
  id: string | null;
  /** The reference as written (an annotation such as `context:cli-promote` keeps only this). */
  text: string;
}

/** `episode:UUID` names a memory; a bare UUID does too (source_episodes may omit the prefix); `context:…` does not. */
export function parseRef(text: string): KernleRef {
  const colon = text.indexOf(':');
  if (colon < 0) return { id: text, text };
  const prefix = text.slice(0, colon);
  return prefix in KERNLE_REF_TYPES ? { id: text.slice(colon + 1), text } : { id: null, text };
}

/** Epoch ms of a Kernle ISO time (microseconds and offsets included); null when absent or unreadable. */
export function timeOf(value: unknown): number | null {
  if (typeof value !== 'string' || value === '') return null;
  const at = Date.parse(value);
  return Number.isFinite(at) ? at : null;
}

export function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

const KNOWN_SOURCES: ReadonlySet<string> = new Set(SOURCE_TYPES);
/** Kernle's `processing` is its own automatic promotion: consolidation in Mindloom's words. */
export function sourceTypeOf(value: unknown): SourceType {
  if (value === 'processing') return 'consolidation';
  return typeof value === 'string' && KNOWN_SOURCES.has(value) ? (value as SourceType) : 'unknown';
}

export function clampUnit(value: number): number {
  return Math.min(1, Math.max(0, value));
}
