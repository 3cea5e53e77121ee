/** A memory's first words on one line, for places that show many memories at once. */
export function previewText(content: string, chars: number): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > chars ? `${flat.slice(0, chars - 1)}…` : flat;
}
