import { describe, expect, it } from 'vitest';
import { evidenceNoteText } from './evidence-note';

describe('an evidence note as shown', () => {
  it('reads a code reference as the commit it was verified at and its content hash', () => {
    const note = JSON.stringify({ file: 'src/a.py', symbol: null, lineStart: 1, lineEnd: 3, verifiedAtCommit: '720caa9feb2795de', contentHash: 'ecd31f5a', verifiedAt: null });
    expect(evidenceNoteText(note)).toBe('verified at 720caa9, content hash ecd31f5a');
    expect(evidenceNoteText(JSON.stringify({ verifiedAtCommit: 'd01727f9680e' }))).toBe('verified at d01727f');
  });

  it('leaves any other note as written', () => {
    expect(evidenceNoteText('Kernle derived_from annotation')).toBe('Kernle derived_from annotation');
    expect(evidenceNoteText('{not json')).toBe('{not json');
    expect(evidenceNoteText('{"a":1}')).toBe('{"a":1}');
  });
});
