/**
 * Vectors the pipeline compares: dense (a model's embedding, kept in the store) or sparse (the
 * offline lexical space, a few dozen weighted features per text out of an open vocabulary). Both
 * are L2-normalized, so cosine similarity is a dot product; the two kinds never meet in one run.
 */

/** Feature indexes in ascending order, with their values. */
export interface SparseVector {
  readonly indices: Int32Array;
  readonly values: Float32Array;
}

export type Vector = Float32Array | SparseVector;

export function cosine(a: Vector, b: Vector): number {
  if (a instanceof Float32Array && b instanceof Float32Array) return denseDot(a, b);
  if (!(a instanceof Float32Array) && !(b instanceof Float32Array)) return sparseDot(a, b);
  throw new Error('a dense and a sparse vector belong to two spaces and cannot be compared');
}

function denseDot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

function sparseDot(a: SparseVector, b: SparseVector): number {
  let sum = 0;
  let i = 0;
  let j = 0;
  while (i < a.indices.length && j < b.indices.length) {
    const x = a.indices[i] as number;
    const y = b.indices[j] as number;
    if (x === y) sum += (a.values[i++] as number) * (b.values[j++] as number);
    else if (x < y) i += 1;
    else j += 1;
  }
  return sum;
}

/** The normalized mean direction of a set of unit vectors (all dense or all sparse). */
export function centroid(vectors: readonly Vector[]): Vector {
  return meanDirection(vectors).direction;
}

/**
 * The mean direction of unit vectors, and their mean resultant length (the length of their mean,
 * 1 when they all agree, near 0 when they point every which way). The average cosine between the
 * members of two groups is the cosine of their directions times both resultants: what average
 * linkage compares, from two summaries instead of every pair.
 */
export function meanDirection(vectors: readonly Vector[]): { direction: Vector; resultant: number } {
  const first = vectors[0];
  if (first === undefined) return { direction: new Float32Array(0), resultant: 0 };
  let sum: Vector;
  if (first instanceof Float32Array) {
    const total = new Float32Array(first.length);
    for (const v of vectors as readonly Float32Array[]) for (let i = 0; i < total.length; i += 1) total[i] = (total[i] as number) + (v[i] as number);
    sum = total;
  } else {
    const sums = new Map<number, number>();
    for (const v of vectors as readonly SparseVector[]) v.indices.forEach((index, k) => sums.set(index, (sums.get(index) ?? 0) + (v.values[k] as number)));
    const entries = [...sums].filter(([, w]) => w !== 0).sort((x, y) => x[0] - y[0]);
    sum = { indices: Int32Array.from(entries, ([index]) => index), values: Float32Array.from(entries, ([, w]) => w) };
  }
  const values = sum instanceof Float32Array ? sum : sum.values;
  let squares = 0;
  for (const value of values) squares += value * value;
  normalizeInPlace(values);
  return { direction: sum, resultant: Math.sqrt(squares) / vectors.length };
}

/** A normalized sparse vector from feature weights (zero weights dropped). */
export function sparseFrom(weights: ReadonlyMap<number, number>): SparseVector {
  const indices = new Int32Array(weights.size);
  let n = 0;
  for (const [index, weight] of weights) if (weight !== 0) indices[n++] = index;
  const sorted = indices.subarray(0, n).sort();
  const values = new Float32Array(n);
  for (let i = 0; i < n; i++) values[i] = weights.get(sorted[i] as number) as number;
  normalizeInPlace(values);
  return { indices: sorted, values };
}

/** Scales `vector` to unit length; false (and left as it is) for a zero vector, which has no direction. */
export function normalizeInPlace(vector: Float32Array): boolean {
  let sumOfSquares = 0;
  for (let i = 0; i < vector.length; i += 1) sumOfSquares += (vector[i] as number) ** 2;
  if (sumOfSquares === 0) return false;
  const scale = 1 / Math.sqrt(sumOfSquares);
  for (let i = 0; i < vector.length; i += 1) vector[i] = (vector[i] as number) * scale;
  return true;
}
