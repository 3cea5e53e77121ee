/**
 * Payload arbitraries derived from the contract: each call's request schema (zod) is turned into
 * JSON Schema (`z.toJSONSchema`, the input side) and walked into a fast-check arbitrary, so a new
 * call is fuzzed without new code. Values mostly fit the schema (or nothing past validation would
 * be exercised) and are mixed with hostile ones; keys the mind hands values out for (`id`,
 * `expectedVersion`, `cursor`, `path`...) get tokens resolved against the running mind.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { CALLS, type CallName } from '../../../shared/contract';
import {
  FTS_SYNTAX,
  ODD_DATES,
  ODD_NUMBERS,
  ODD_TEXT,
  pathArbitrary,
  poolForKey,
  referenceArbitrary,
  token,
  versionArbitrary,
  versionedKeyOwner,
} from './hostile-values';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
}

export interface PayloadOptions {
  /** Path fields point at the mind's own files and special files instead of harmless ones. */
  destructivePaths: boolean;
  /**
   * Only values the mind could accept: real ids at their current version, fitting strings and
   * numbers, no junk. How the fuzz finds a write the mind acknowledges, to race it.
   */
  plausible?: boolean;
  /** With `plausible`: every free-text field holds this odd text (ODD_MIXES: lone surrogates, NUL, RTL and zero-width marks) inside an otherwise acceptable payload. */
  oddText?: string;
  /** With `plausible`: every flag set (`overwrite`, `repair`...), so a destructive target is reached rather than refused for want of permission. */
  flagsSet?: boolean;
}

/** The request's JSON Schema (input side): what a caller may send. */
export function requestSchema(name: CallName): JsonSchema {
  return z.toJSONSchema(CALLS[name].request as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Calls whose request has a field of this name (at the top level): `path` marks the path-taking calls. */
export function callsWithField(names: readonly CallName[], field: string): CallName[] {
  return names.filter((name) => requestSchema(name).properties?.[field] !== undefined);
}

export function payloadArbitrary(name: CallName, options: PayloadOptions): fc.Arbitrary<unknown> {
  const schema = requestSchema(name);
  const shaped = arbitraryFor(schema, null, options);
  if (options.plausible) return shaped;
  // A payload-less call also gets nothing at all; any call now and then gets junk in place of its object.
  return fc.oneof({ weight: 12, arbitrary: shaped }, { weight: 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: junkValue() });
}

/**
 * One plausible payload per value of the request's first top-level enum (each importer kind,
 * each export format...), or one when it has none: every branch of a call is reached.
 */
export function plausibleVariants(name: CallName, options: Omit<PayloadOptions, 'plausible'>, seed: number): unknown[] {
  const schema = requestSchema(name);
  const [payload] = fc.sample(arbitraryFor(schema, null, { ...options, plausible: true }), { numRuns: 1, seed });
  const [key, values] = Object.entries(schema.properties ?? {}).map(([field, property]) => [field, property.enum] as const).find(([, values]) => values !== undefined) ?? [];
  if (key === undefined || values === undefined || typeof payload !== 'object' || payload === null) return [payload];
  return values.map((value) => ({ ...(payload as object), [key]: value }));
}

function arbitraryFor(schema: JsonSchema, key: string | null, options: PayloadOptions): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return options.plausible ? fc.constantFrom(...schema.enum) : enumArbitrary(schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => arbitraryFor(variant, key, options)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (key !== null) {
    const special = keyedArbitrary(key, type, options);
    if (special) return special;
  }
  switch (type) {
    case 'object':
      return objectArbitrary(schema, options);
    case 'array':
      return arrayArbitrary(schema, key, options);
    case 'string':
      if (options.plausible && options.oddText !== undefined && schema.format === undefined) return fc.constant(options.oddText);
      return options.plausible ? fittingString(schema) : stringArbitrary(schema, key);
    case 'integer':
    case 'number':
      return options.plausible ? fittingNumber(schema, type === 'integer') : numberArbitrary(schema, type === 'integer');
    case 'boolean':
      return options.plausible && options.flagsSet ? fc.constant(true) : fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return junkValue();
  }
}

/** Keys whose values only the running mind knows: tokens, resolved just before the call. */
function keyedArbitrary(key: string, type: string | undefined, options: PayloadOptions): fc.Arbitrary<unknown> | null {
  if (type === 'array' || type === 'object') return null;
  // A plausible path is a source to read beside an importer's `kind`, else a new place to write.
  if (options.plausible && (key === 'path' || key === 'folder')) return fc.constant(token.path('new-file'));
  if (key === 'path' || key === 'folder') return pathArbitrary(options.destructivePaths);
  if (versionedKeyOwner(key) !== null) return options.plausible ? fc.constant(token.version('current')) : versionArbitrary();
  const pool = poolForKey(key);
  if (pool !== null && options.plausible) return fc.nat({ max: 400 }).map((n) => token.ref(pool, n));
  if (pool !== null) return referenceArbitrary(pool, type === 'string' ? fc.constantFrom(...ODD_TEXT, 'x'.repeat(201)) : fc.constantFrom(...ODD_NUMBERS));
  return null;
}

function enumArbitrary(values: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 15, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'RAW', '', null) });
}

function objectArbitrary(schema: JsonSchema, options: PayloadOptions): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  if (Object.keys(properties).length === 0 && typeof schema.additionalProperties === 'object') {
    return recordArbitrary(schema.additionalProperties, options);
  }
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, options.plausible && key === 'path' && 'kind' in properties ? fc.constant(token.path('source')) : arbitraryFor(value, key, options)]),
  );
  const flags = options.plausible && options.flagsSet ? Object.keys(properties).filter((key) => properties[key]?.type === 'boolean') : [];
  return fc.record(model, { requiredKeys: [...(schema.required ?? []), ...flags].filter((key) => key in model), noNullPrototype: true });
}

/** A free-form bag (a memory's `fields`): plausible keys, odd keys, any JSON values. */
function recordArbitrary(values: JsonSchema, options: PayloadOptions): fc.Arbitrary<unknown> {
  if (options.plausible) return fc.constant({});
  const keys = fc.oneof(fc.constantFrom('tags', 'lessons', 'outcomeType', 'emotionalValence', 'priority', 'name', 'kind'), fc.constantFrom(...ODD_TEXT), fc.string({ maxLength: 12 }));
  return fc.dictionary(keys, arbitraryFor(values, null, options), { maxKeys: 4, noNullPrototype: true });
}

function arrayArbitrary(schema: JsonSchema, key: string | null, options: PayloadOptions): fc.Arbitrary<unknown> {
  const min = schema.minItems ?? 0;
  const max = Math.min(schema.maxItems ?? 8, min + 8);
  // An array of ids (`ids`) takes its items from the same pool as an `id`.
  const itemKey = key !== null && key.endsWith('s') ? key.slice(0, -1) : null;
  const item = schema.items ? arbitraryFor(schema.items, itemKey, options) : junkValue();
  const fitting = fc.array(item, { minLength: min, maxLength: options.plausible ? Math.max(min, 1) : max });
  if (options.plausible) return fitting;
  const overLong = schema.maxItems !== undefined ? fc.constant(Array.from({ length: schema.maxItems + 1 }, () => null)) : fc.constant([]);
  return fc.oneof({ weight: 10, arbitrary: fitting }, { weight: 1, arbitrary: overLong });
}

function stringArbitrary(schema: JsonSchema, key: string | null): fc.Arbitrary<unknown> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 10_000;
  if (schema.format === 'date-time') {
    const recent = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString());
    return fc.oneof({ weight: 3, arbitrary: recent }, { weight: 2, arbitrary: fc.constantFrom(...ODD_DATES) });
  }
  // Only loopback: a provider pointed anywhere else would reach out of the machine.
  if (schema.format === 'uri') return fc.constantFrom('http://127.0.0.1:9/v1', 'http://[::1]:9/', 'file:///etc/passwd', 'not a url');
  const words = fittingString(schema);
  const atTheLimits = fc.constantFrom(...new Set([min > 0 ? 'x'.repeat(min - 1) : ' ', max <= 200_000 ? 'y'.repeat(max) : 'y', max < 200_000 ? 'z'.repeat(max + 1) : 'z']));
  const odd = fc.oneof(fc.constantFrom(...ODD_TEXT), fc.string({ maxLength: 12, unit: 'binary' }));
  const searchy = key === 'query' || key === 'text' ? [{ weight: 3, arbitrary: fc.constantFrom(...FTS_SYNTAX) }] : [];
  return fc.oneof({ weight: 6, arbitrary: words }, { weight: 3, arbitrary: odd }, { weight: 1, arbitrary: atTheLimits }, ...searchy);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const { min, max } = numberBounds(schema, integer);
  const fitting = fittingNumber(schema, integer);
  const edges = fc.constantFrom(min, max, min - 1, max + 1);
  return fc.oneof({ weight: 8, arbitrary: fitting }, { weight: 2, arbitrary: edges }, { weight: 2, arbitrary: fc.constantFrom(...ODD_NUMBERS) });
}

/** Words that fit the field's length (trimmed fields included: no blank words). */
function fittingString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = Math.max(schema.minLength ?? 0, 1);
  const max = Math.min(schema.maxLength ?? 40, 40);
  return fc.string({ minLength: Math.min(min, max), maxLength: max, unit: 'grapheme-ascii' }).map((text) => text.trim() || 'fuzz');
}

function fittingNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const { min, max } = numberBounds(schema, integer);
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
}

function numberBounds(schema: JsonSchema, integer: boolean): { min: number; max: number } {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-9) : -1_000);
  const max = Math.min(schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-9) : 1_000_000), Math.max(min, 0) + 1_000_000);
  return { min, max };
}

/** Any value at all, shallow: for an `unknown` field or in place of a whole payload. */
function junkValue(): fc.Arbitrary<unknown> {
  return fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...ODD_TEXT), fc.constantFrom(...ODD_NUMBERS));
}
