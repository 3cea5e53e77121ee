import { MindError } from '../../shared/errors';
import { FIELD_SCHEMAS, type MemoryType } from '../../shared/model';

/** A type's own fields, validated and normalized by its schema; unknown keys are refused. */
export function validateFields(type: MemoryType, fields: Record<string, unknown>): Record<string, unknown> {
  const parsed = FIELD_SCHEMAS[type].safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || (issue && 'keys' in issue ? (issue.keys as string[]).join(', ') : 'fields');
    throw new MindError('invalid_fields', `Invalid ${type} fields: ${where}: ${issue?.message}`, {
      type,
      issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return parsed.data as Record<string, unknown>;
}
