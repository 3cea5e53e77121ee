/** A confidence series (0..1) as an SVG polyline's points across a box: the sparkline and the Browser's trails draw it alike. */
export function sparkPoints(values: readonly number[], width: number, height: number): string {
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((v, i) => `${(i * step).toFixed(1)},${(height - v * height).toFixed(1)}`).join(' ');
}
