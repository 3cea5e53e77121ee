/** Editing a memory in place: optimistic, so a stale edit is refused rather than overwriting. */
import { BLANK_TEXT_MESSAGE, isBlankText, wellFormed } from '../../shared/text';
import { z } from 'zod';
import { MindError } from '../../shared/errors';
import type { MemoryPatch, MemoryRecord } from '../store/memory-record';
import { applyChange, loadWritable } from './change';
import { validateFields } from './fields';
import type { Mind } from './mind';
import type { WriteOptions } from './write-options';

export interface EditMemoryInput {
  content?: string | undefined;
  /** Merged over the current fields; a key set to null is removed. */
  fields?: Record<string, unknown> | undefined;
  confidence?: number | undefined;
  scope?: string | undefined;
  project?: string | null | undefined;
  sourceEntity?: string | null | undefined;
}

/** The shape of an edit (what each key may hold); the values' meaning is checked below. */
const inputSchema = z.object({
  content: z.string().max(100_000, 'content is limited to 100,000 characters').optional(),
  fields: z.record(z.string(), z.unknown()).optional(),
  confidence: z.number().optional(),
  scope: z.string().trim().min(1, 'scope must not be empty').optional(),
  project: z.string().nullable().optional(),
  sourceEntity: z.string().nullable().optional(),
});

export function editMemory(
  mind: Mind,
  id: string,
  input: EditMemoryInput,
  options: WriteOptions & { expectedVersion: number },
): MemoryRecord {
  if (!Number.isInteger(options.expectedVersion)) {
    throw new MindError('invalid_input', 'An edit must name the version it was made against.');
  }
  const shape = inputSchema.safeParse(input);
  if (!shape.success) {
    const issue = shape.error.issues[0];
    throw new MindError('invalid_input', `Invalid edit: ${issue?.path.join('.') || 'input'}: ${issue?.message}`, { id });
  }
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    const patch: MemoryPatch = {};
    if (input.content !== undefined) {
      if (isBlankText(input.content)) throw new MindError('invalid_input', `content ${BLANK_TEXT_MESSAGE}`, { id, field: 'content' });
      patch.content = wellFormed(input.content.trim());
    }
    if (input.fields !== undefined) {
      const merged: Record<string, unknown> = { ...current.fields };
      for (const [key, value] of Object.entries(input.fields)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      patch.fields = validateFields(current.type, merged);
    }
    if (input.confidence !== undefined) {
      if (current.type === 'belief') {
        throw new MindError(
          'invalid_input',
          "A belief's confidence comes from its evidence: verify, reinforce or add counter-evidence instead.",
          { id },
        );
      }
      if (!(input.confidence >= 0 && input.confidence <= 1)) {
        throw new MindError('invalid_input', 'confidence must be within [0, 1]', { confidence: input.confidence });
      }
      patch.confidence = input.confidence;
    }
    if (input.scope !== undefined) patch.scope = input.scope;
    if (input.project !== undefined) patch.project = input.project;
    if (input.sourceEntity !== undefined) patch.sourceEntity = input.sourceEntity;
    if (Object.keys(patch).length === 0) throw new MindError('invalid_input', 'Nothing to change.', { id });
    return applyChange(mind, current, patch, { op: 'edit', options });
  });
}
