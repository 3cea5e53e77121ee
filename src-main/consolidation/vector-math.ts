/** Cosine similarity of L2-normalized vectors is their dot product. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

/** The normalized mean direction of a set of unit vectors. */
export function centroid(vectors: readonly Float32Array[]): Float32Array {
  const first = vectors[0];
  const mean = new Float32Array(first?.length ?? 0);
  for (const v of vectors) for (let i = 0; i < mean.length; i += 1) mean[i] = (mean[i] as number) + (v[i] as number);
  normalizeInPlace(mean);
  return mean;
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
