/**
 * An evidence ref's note as a person reads it. A code reference brought from a coding agent's
 * memory keeps its whole reference as JSON in the note (src-main/interop/alexandria/code-refs.ts):
 * shown as the commit it was verified at and the hash of what it pointed at.
 */
export function evidenceNoteText(note: string): string {
  if (!note.startsWith('{')) return note;
  try {
    const detail = JSON.parse(note) as { verifiedAtCommit?: unknown; contentHash?: unknown };
    if (typeof detail.verifiedAtCommit !== 'string') return note;
    const hash = typeof detail.contentHash === 'string' ? `, content hash ${detail.contentHash}` : '';
    return `verified at ${detail.verifiedAtCommit.slice(0, 7)}${hash}`;
  } catch {
    return note;
  }
}
