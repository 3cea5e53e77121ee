/**
 * Malformed requests for the bad-input tests: a seeded generator, so a failure names a payload
 * that can be made again. Wrong types, huge strings, deep and wide junk, prototype keys, unknown
 * call names, and near-misses of real payloads.
 */
import { CALL_NAMES } from '../../shared/contract';

/** mulberry32: small, fast, good enough to vary test inputs. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface JunkRequest {
  name: string;
  /** As JSON text, so the HTTP test sends exactly what dispatch got (and `__proto__` stays a key). */
  json: string;
}

const KEYS = ['id', 'query', 'limit', 'filter', 'path', 'key', 'expectedVersion', 'protected', 'fields', 'content', 'sort', 'cursor', 'asOf'];

export function junkRequests(seed: number, count: number): JunkRequest[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const int = (max: number) => Math.floor(random() * max);

  const scalar = (): unknown =>
    pick<() => unknown>([
      () => null,
      () => true,
      () => -1,
      () => 1e308,
      () => int(1000) - 500 + random(),
      () => '',
      () => 'x'.repeat(int(5) === 0 ? 200_000 : int(50)),
      () => '\u0000\uffff\ud800',
      () => '2025-13-45T99:99:99Z',
      () => 'bl_' + 'a'.repeat(int(300)),
      () => '<script>alert(1)</script>',
      () => "'; DROP TABLE memories; --",
    ])();
  const junk = (depth: number): unknown => {
    if (depth <= 0 || random() < 0.4) return scalar();
    if (random() < 0.3) return Array.from({ length: int(6) }, () => junk(depth - 1));
    return Object.fromEntries(Array.from({ length: int(5) }, () => [pick(KEYS), junk(depth - 1)]));
  };
  const nested = (levels: number): unknown => (levels === 0 ? 'bottom' : { filter: nested(levels - 1) });

  const payloadText = (): string =>
    pick<() => string>([
      () => JSON.stringify(junk(4)),
      () => JSON.stringify(nested(50 + int(200))),
      () => `{"__proto__":{"polluted":true},"id":"bl_1"}`,
      () => `{"constructor":{"prototype":{"polluted":true}}}`,
      () => `{"id":"bl_1","expectedVersion":1,"fields":{"__proto__":{"polluted":true}}}`,
      () => `{"filter":{"types":["belief","__proto__"]},"limit":${int(2000) - 1000}}`,
      () => JSON.stringify({ id: scalar(), expectedVersion: scalar(), content: scalar() }),
      () => JSON.stringify({ query: scalar(), limit: scalar() }),
      () => JSON.stringify({ path: scalar() }),
      () => JSON.stringify([junk(2)]),
      () => JSON.stringify(scalar()),
    ])();
  const name = (): string =>
    random() < 0.8
      ? pick(CALL_NAMES)
      : pick(['', 'memories', 'memories.drop', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '../etc', 'x'.repeat(500)]);

  return Array.from({ length: count }, () => ({ name: name(), json: payloadText() }));
}
