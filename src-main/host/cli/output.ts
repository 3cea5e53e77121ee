/** Rendering results for a terminal: pretty JSON, aligned tables, single-line text. */

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** Collapses whitespace (newlines included) so one memory stays on one line, then truncates. */
export function oneLine(text: string, max = Number.POSITIVE_INFINITY): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, Math.max(0, max - 1))}…` : flat;
}

/** Left-aligned columns; the last column is free-width so long text does not pad every row. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const render = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [render(headers), ...rows.map(render)].join('\n');
}

export const fixed2 = (n: number): string => n.toFixed(2);
