/**
 * Thinning a series for a small picture (the Details tab's sparkline, a Browser row's confidence
 * trail): a few points evenly spread keep its shape, and the first and last are always kept.
 */
export function thinEvenly<T>(values: readonly T[], max: number): T[] {
  if (values.length <= max) return [...values];
  const stride = (values.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => values[Math.round(i * stride)] as T);
}
