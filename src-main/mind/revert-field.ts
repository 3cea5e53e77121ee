/**
 * Taking one field of a memory back to what a past version held. History is never rewritten: the
 * revert is a new change (op `revert_field`) through the edit path, one transaction, journaled
 * with the version it went back to, and refused (nothing written) when the memory moved on since
 * the person looked (`version_conflict`) or the field cannot be set by hand.
 */
import { REVERTIBLE_FIELDS, type RevertibleField } from '../../shared/contract/timeline';
import { MindError } from '../../shared/errors';
import type { MemoryPatch, MemoryRecord } from '../store/memory-record';
import { findVersion } from '../store/timeline-query';
import { applyChange, loadWritable } from './change';
import { validateFields } from './fields';
import type { Mind } from './mind';
import type { WriteOptions } from './write-options';

export interface RevertFieldInput {
  field: RevertibleField;
  /** The version whose value the field takes again. */
  toVersion: number;
}

export function revertField(mind: Mind, id: string, input: RevertFieldInput, options: WriteOptions & { expectedVersion: number }): MemoryRecord {
  if (!REVERTIBLE_FIELDS.includes(input.field)) {
    throw new MindError('invalid_input', `Only ${REVERTIBLE_FIELDS.join(', ')} can be reverted (got "${String(input.field)}").`, { id });
  }
  if (!Number.isInteger(input.toVersion) || input.toVersion < 1) throw new MindError('invalid_input', 'toVersion must be a version number.', { id });
  if (!Number.isInteger(options.expectedVersion)) throw new MindError('invalid_input', 'A revert must name the version it was made against.', { id });
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    if (input.toVersion >= current.version) {
      throw new MindError('invalid_input', `${id} is at version ${current.version}; revert to an earlier one.`, { id, toVersion: input.toVersion });
    }
    const past = findVersion(mind.store.db, current.seq, input.toVersion);
    if (!past) throw new MindError('not_found', `${id} has no stored version ${input.toVersion}.`, { id, toVersion: input.toVersion });
    if (input.field === 'confidence' && current.type === 'belief') {
      throw new MindError('invalid_input', "A belief's confidence comes from its evidence: it cannot be set back by hand.", { id });
    }
    const value = past[input.field];
    if (JSON.stringify(value) === JSON.stringify(current[input.field])) {
      throw new MindError('invalid_input', `${input.field} already holds what version ${input.toVersion} had.`, { id, field: input.field });
    }
    const patch: MemoryPatch =
      input.field === 'fields' ? { fields: validateFields(current.type, past.fields) } : { [input.field]: value };
    return applyChange(mind, current, patch, {
      op: 'revert_field',
      options: { ...options, reason: options.reason ?? `Reverted ${input.field} to version ${input.toVersion}` },
      note: { revertedToVersion: input.toVersion },
    });
  });
}
