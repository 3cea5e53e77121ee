/**
 * Seeded, collision-free id hex for minds that must come out the same every time (the demo mind,
 * the bench's generated minds). Memory ids carry 6 random bytes; a million random 48-bit values
 * collide with real probability, and one collision would abort a whole load on the unique index.
 * So ids come from a keyed permutation (a Feistel network) of a counter: unique by construction,
 * random-looking, and the same for the same seed.
 */

const HALF_BITS = 24;
const HALF_MASK = (1 << HALF_BITS) - 1;

function roundFunction(value: number, key: number): number {
  let h = Math.imul(value ^ key, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca77);
  h ^= h >>> 13;
  return h & HALF_MASK;
}

/** A 48-bit bijection of `counter` under four round keys. */
function permute48(counter: number, keys: readonly number[]): [number, number] {
  let left = Math.floor(counter / 2 ** HALF_BITS) & HALF_MASK;
  let right = counter & HALF_MASK;
  for (const key of keys) {
    const next = left ^ roundFunction(right, key);
    left = right;
    right = next;
  }
  return [left, right];
}

const hex24 = (n: number) => n.toString(16).padStart(6, '0');

/** `randomHex` for openMind: 6-byte requests are unique; other sizes are merely seeded. */
export function uniqueHexSource(seed: number): (bytes: number) => string {
  const keys = [0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344].map((k) => (k ^ Math.imul(seed, 0x2c1b3c6d)) >>> 0);
  let counter = 0;
  return (bytes) => {
    let out = '';
    while (out.length < bytes * 2) {
      const [left, right] = permute48(counter++, keys);
      out += hex24(left) + hex24(right);
    }
    return out.slice(0, bytes * 2);
  };
}
