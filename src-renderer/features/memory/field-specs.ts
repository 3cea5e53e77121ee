/**
 * How to show and edit each type's own fields, read off the zod schemas in shared/model.ts (so the
 * form follows the model: a new enum value or bound appears here without a second list to update).
 */
import { z } from 'zod';
import { FIELD_SCHEMAS, type MemoryType } from '../../../shared/model';

export type FieldSpec =
  | { key: string; kind: 'text' }
  | { key: string; kind: 'enum'; options: readonly string[] }
  | { key: string; kind: 'number'; min: number | null; max: number | null; integer: boolean }
  | { key: string; kind: 'list' }
  /** Structured values (a raw capture's source): shown, not edited. */
  | { key: string; kind: 'readonly' };

function specOf(key: string, schema: z.ZodType): FieldSpec {
  let inner: z.ZodType = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
  // Values that may arrive as text are a preprocess pipe; the form edits what comes out of it.
  if (inner instanceof z.ZodPipe) inner = inner.out as z.ZodType;
  if (inner instanceof z.ZodEnum) return { key, kind: 'enum', options: inner.options as string[] };
  if (inner instanceof z.ZodNumber) return { key, kind: 'number', min: inner.minValue, max: inner.maxValue, integer: inner.isInt };
  if (inner instanceof z.ZodArray) return { key, kind: 'list' };
  if (inner instanceof z.ZodString) return { key, kind: 'text' };
  return { key, kind: 'readonly' };
}

const cache = new Map<MemoryType, FieldSpec[]>();

export function fieldSpecs(type: MemoryType): FieldSpec[] {
  let specs = cache.get(type);
  if (specs === undefined) {
    specs = Object.entries(FIELD_SCHEMAS[type].shape).map(([key, schema]) => specOf(key, schema as z.ZodType));
    cache.set(type, specs);
  }
  return specs;
}

/** A field's value as the form holds it: text for every kind (lists one item per line). */
export function toDraft(spec: FieldSpec, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (spec.kind === 'list' && Array.isArray(value)) return value.join('\n');
  // Structured values (read-only) read as "key: value" pairs.
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${typeof inner === 'string' ? inner : JSON.stringify(inner)}`)
      .join(', ');
  }
  return String(value);
}

/** The form's text back into a field value; `null` removes the field. */
export function fromDraft(spec: FieldSpec, draft: string): unknown {
  const text = draft.trim();
  if (text === '') return null;
  switch (spec.kind) {
    case 'number':
      return Number(text);
    case 'list':
      return text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
    default:
      return text;
  }
}

/** The fields patch an edit sends: only keys whose value the person changed. */
export function fieldsPatch(type: MemoryType, original: Record<string, unknown>, drafts: Record<string, string>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const spec of fieldSpecs(type)) {
    if (spec.kind === 'readonly') continue;
    const draft = drafts[spec.key] ?? '';
    if (draft === toDraft(spec, original[spec.key])) continue;
    patch[spec.key] = fromDraft(spec, draft);
  }
  return patch;
}

/** Checks a patch against the type's schema before sending, so a typo is caught at the field. */
export function checkFields(type: MemoryType, original: Record<string, unknown>, patch: Record<string, unknown>): string | null {
  const merged: Record<string, unknown> = { ...original };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  const result = FIELD_SCHEMAS[type].safeParse(merged);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return `${issue?.path.join('.') ?? 'fields'}: ${issue?.message ?? 'invalid'}`;
}
