/**
 * Checks made on any payload before its schema sees it: keys that could reach an object's
 * prototype, and nesting deep enough to exhaust a recursive reader further down.
 */
import { MindError } from '../../shared/errors';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
export const MAX_PAYLOAD_DEPTH = 32;

export function checkPayloadShape(payload: unknown): void {
  const pending: { value: unknown; depth: number }[] = [{ value: payload, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_PAYLOAD_DEPTH) {
      throw new MindError('invalid_input', `The request is nested more than ${MAX_PAYLOAD_DEPTH} levels deep.`);
    }
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) throw new MindError('invalid_input', `The request may not contain the key "${key}".`);
      pending.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
}
