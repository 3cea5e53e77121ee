/** `mindloom forget`: refused without --yes (saying what would go), and then gone from the file's bytes. */
import { describe, expect, it } from 'vitest';
import { openMind } from '../../mind/mind';
import { fileBytesHold, freshMind, ok } from './cli-test-kit';

describe('mindloom forget', () => {
  it('without --yes forgets nothing and shows what would go; with --yes the words leave the file and its log', async () => {
    const { path, cli } = await freshMind();
    const raw = await ok(cli('add', 'raw', 'The staging password is zebracorn-77, rotate it monthly'));
    const note = await ok(cli('promote', raw, '--to', 'note', '--text', 'Rotate the staging password monthly'));
    await ok(cli('verify', note));
    // An agent holds the mind open meanwhile, so the write-ahead log stays on disk to be looked at.
    const agent = openMind(path, { mustExist: true });
    try {
      const before = fileBytesHold(path, 'zebracorn');
      expect(before.main || before.wal).toBe(true);

      const refused = await cli('forget', raw);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toBe(`mindloom: Nothing was forgotten: forgetting cannot be undone. Run \`mindloom forget ${raw} --yes\` to forget it.\n`);
      expect(refused.stdout).toContain(`Forgetting ${raw} (raw, processed) would remove its words: "The staging password is zebracorn-77, rotate it monthly"`);
      expect(refused.stdout).toMatch(new RegExp(`1 memory stands on it \\(1 with what stands on them\\); they stay and keep their own words:\\n.*\\nderived_from +${note} +active +Rotate the staging password monthly`));
      expect(refused.stdout).toContain('Copies made before now still hold it');
      expect(JSON.parse(await ok(cli('show', raw)))).toMatchObject({ content: 'The staging password is zebracorn-77, rotate it monthly' });

      const impact = await cli('forget', raw, '--json');
      expect(impact.code).toBe(2);
      expect(JSON.parse(impact.stdout)).toMatchObject({
        id: raw,
        confirmation: 'The staging password',
        refusal: null,
        dependents: { total: 1, items: [{ id: note, kind: 'derived_from' }] },
      });

      const done = await cli('forget', raw, '--reason', 'held a credential', '--yes');
      expect(done.code, done.stderr).toBe(0);
      expect(done.stdout).toMatch(new RegExp(`^Forgot ${raw}: its words are gone from the mind file, its history, the journal and the search index\\. Its tombstone stays\\.\\n`));
      expect(fileBytesHold(path, 'zebracorn')).toEqual({ main: false, wal: false });

      // The tombstone and its history stay; the memory that stood on it keeps its own words.
      expect(JSON.parse(await ok(cli('show', raw)))).toMatchObject({ status: 'forgotten', content: '' });
      const history = JSON.parse(await ok(cli('history', raw, '--json'))) as { op: string; reason: string | null }[];
      expect(history.at(-1)).toMatchObject({ op: 'forget', reason: 'held a credential' });
      expect(JSON.parse(await ok(cli('show', note)))).toMatchObject({ content: 'Rotate the staging password monthly' });

      const again = await cli('forget', raw, '--yes');
      expect(again.code).toBe(2);
      expect(again.stderr).toBe(`mindloom: ${raw} was already forgotten. Nothing was forgotten.\n`);
    } finally {
      agent.close();
    }
  });
});
