/**
 * What the fake OpenAI server answers when no test scripted the content: a value that fits the
 * requested JSON schema (the strict subset OpenAI accepts), and an embedding that depends only on
 * the text. Both are deterministic, so a run against the fake is reproducible. Embeddings are
 * hashed character n-grams (texts that share words get similar vectors, so clustering finds
 * something in an end-to-end run), scaled off unit length: normalizing is the client's job.
 */
import { embedText } from '../offline/ngram-embedder';

type JsonSchema = Readonly<Record<string, unknown>>;

/** FNV-1a, 32-bit: stable across runs and platforms. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A real model's vectors are not unit length either. */
const EMBEDDING_SCALE = 2.5;

export function embeddingFor(text: string, dimension: number): number[] {
  const vector = Array.from(embedText(text, dimension), (value) => value * EMBEDDING_SCALE);
  // A text without words still gets a direction, as a real model's vector would have.
  if (!vector.some((value) => value !== 0)) vector[fnv1a(text) % dimension] = EMBEDDING_SCALE;
  return vector;
}

/**
 * A value that fits `schema`; choices (enum members) depend on `seed` (the prompt), so different
 * prompts vary. Citations are what a cooperative model gives: the ids the prompt lists ("- [ep_…]").
 */
export function valueForSchema(schema: JsonSchema, seed: string, name = 'value'): unknown {
  const anyOf = schema['anyOf'];
  if (Array.isArray(anyOf) && anyOf.length > 0) return valueForSchema(anyOf[0] as JsonSchema, seed, name);
  const enumValues = schema['enum'];
  if (Array.isArray(enumValues) && enumValues.length > 0) return enumValues[fnv1a(`${seed}/${name}`) % enumValues.length];
  if ('const' in schema) return schema['const'];
  const declared = schema['type'];
  const type = Array.isArray(declared) ? declared.find((t) => t !== 'null') : declared;
  switch (type) {
    case 'object': {
      const properties = (schema['properties'] ?? {}) as Readonly<Record<string, JsonSchema>>;
      return Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, valueForSchema(child, seed, key)]));
    }
    case 'array': {
      const minItems = typeof schema['minItems'] === 'number' ? schema['minItems'] : 1;
      const items = (schema['items'] ?? {}) as JsonSchema;
      return Array.from({ length: minItems }, (_, i) => valueForSchema(items, seed, `${name}[${i}]`));
    }
    case 'integer':
    case 'number':
      return typeof schema['minimum'] === 'number' ? schema['minimum'] : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      const citation = /^citations\[(\d+)\]$/.exec(name);
      const listed = [...seed.matchAll(/^- \[([^\]]+)\]/gm)].map((match) => match[1] as string);
      if (citation && listed.length > 0) return listed[Number(citation[1]) % listed.length];
      const text = `fake ${name} ${fnv1a(seed).toString(16)}`;
      const maxLength = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : text.length;
      return text.slice(0, maxLength);
    }
  }
}
