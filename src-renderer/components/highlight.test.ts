import { describe, expect, it } from 'vitest';
import { excerptAround, queryRanges, splitByRanges } from './highlight';

describe('highlight ranges', () => {
  it('splits text into marked and plain parts, clipping bad ranges', () => {
    expect(splitByRanges('hello world', [[6, 11]])).toEqual([
      { text: 'hello ', marked: false },
      { text: 'world', marked: true },
    ]);
    expect(splitByRanges('abcdef', [[4, 99], [1, 2], [1, 3], [5, 5]])).toEqual([
      { text: 'a', marked: false },
      { text: 'b', marked: true },
      { text: 'c', marked: true },
      { text: 'd', marked: false },
      { text: 'ef', marked: true },
    ]);
    expect(splitByRanges('', [[0, 3]])).toEqual([]);
  });

  it('finds query words like the full-text index: whole words, the last one as a prefix', () => {
    const text = 'Deploys deploy; redeploy. Deploy windows';
    expect(queryRanges(text, 'deploy')).toEqual([
      [0, 7],
      [8, 14],
      [26, 32],
    ]);
    expect(queryRanges(text, 'deploy win')).toEqual([
      [8, 14],
      [26, 32],
      [33, 40],
    ]);
    expect(queryRanges(text, '  ')).toEqual([]);
  });

  it('starts a long row shortly before its first match', () => {
    const text = `${'x'.repeat(50)} needle`;
    const shown = excerptAround(text, [[51, 57]]);
    expect(shown.text.startsWith('…')).toBe(true);
    const [range] = shown.ranges;
    expect(range && shown.text.slice(range[0], range[1])).toBe('needle');
    expect(excerptAround('short needle', [[6, 12]])).toEqual({ text: 'short needle', ranges: [[6, 12]] });
  });

  it('starts the excerpt at a word rather than inside one', () => {
    const text = 'The Friday-afternoon deploy is acceptable when the on-call person is on standby';
    const at = text.indexOf('deploy');
    const shown = excerptAround(text, [[at, at + 6]]);
    expect(shown.text).toBe('…deploy is acceptable when the on-call person is on standby');
    expect(shown.ranges).toEqual([[1, 7]]);
    const spaced = 'Staging is down, the RDS snapshot restore failed. Please do not deploy to staging';
    const from = spaced.indexOf('deploy');
    expect(excerptAround(spaced, [[from, from + 6]]).text).toBe('…do not deploy to staging');
  });
});
