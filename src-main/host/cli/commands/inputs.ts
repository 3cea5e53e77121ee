/** Turning typed-in text into operation inputs: memory types, `--field key=value`, `--ref kind:value`. */
import { wellFormedDeep } from '../../../../shared/text';
import { MindError } from '../../../../shared/errors';
import { EVIDENCE_REF_KINDS, type EvidenceRefKind, MEMORY_TYPES, type MemoryType } from '../../../../shared/model';
import type { EvidenceRefInput } from '../../../mind/create';
import { UsageError } from '../usage-error';

/** An unknown type is bad input about the mind's vocabulary, so it is a typed error, not a usage slip. */
export function memoryType(text: string): MemoryType {
  if ((MEMORY_TYPES as readonly string[]).includes(text)) return text as MemoryType;
  throw new MindError('invalid_input', `Unknown memory type "${text}" (use ${MEMORY_TYPES.join(', ')}).`, { type: text });
}

/**
 * Values stay text (each type's field schema turns text into a number where it expects one, so
 * `--field speaker=42` stays the name "42"); only a JSON array or object is parsed as such.
 */
function fieldValue(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return text;
  try {
    return wellFormedDeep(JSON.parse(text) as unknown);
  } catch {
    return text;
  }
}

/** `key=value` pairs; a key given more than once collects its values into an array. */
export function parseFields(pairs: readonly string[]): Record<string, unknown> | undefined {
  if (pairs.length === 0) return undefined;
  const collected = new Map<string, unknown[]>();
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const key = eq > 0 ? pair.slice(0, eq).trim() : '';
    if (key === '') throw new UsageError(`--field expects key=value, not "${pair}".`);
    const values = collected.get(key) ?? [];
    values.push(fieldValue(pair.slice(eq + 1)));
    collected.set(key, values);
  }
  return Object.fromEntries([...collected].map(([key, values]) => [key, values.length === 1 ? values[0] : values]));
}

/** `kind:value` evidence references, e.g. `code:src/app.ts:42` or `url:https://…` (split at the first colon). */
export function parseRefs(specs: readonly string[]): EvidenceRefInput[] | undefined {
  if (specs.length === 0) return undefined;
  return specs.map((spec) => {
    const colon = spec.indexOf(':');
    const kind = colon > 0 ? spec.slice(0, colon) : '';
    const ref = spec.slice(colon + 1).trim();
    if (!(EVIDENCE_REF_KINDS as readonly string[]).includes(kind) || ref === '') {
      throw new UsageError(`--ref expects kind:value with kind one of ${EVIDENCE_REF_KINDS.join(', ')}, not "${spec}".`);
    }
    return { kind: kind as EvidenceRefKind, ref };
  });
}
