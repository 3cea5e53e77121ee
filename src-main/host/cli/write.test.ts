import { describe, expect, it } from 'vitest';
import { freshMind, ok } from './cli-test-kit';

type View = Record<string, unknown> & {
  id: string;
  fields: Record<string, unknown>;
  provenance: Record<string, { id: string }[]>;
};

describe('mindloom add', () => {
  it('prints the new id, with the type prefix', async () => {
    const { cli } = await freshMind();
    expect(await ok(cli('add', 'note', 'Tabs are wider than spaces'))).toMatch(/^nt_[0-9a-f]{12}$/);
    expect(await ok(cli('add', 'raw', 'user: hello'))).toMatch(/^raw_[0-9a-f]{12}$/);
  });

  it('--field text that looks like a number stays text where the field is text', async () => {
    const { cli } = await freshMind();
    const view = JSON.parse(
      await ok(cli('add', 'note', 'Agent 42 said so', '--json', '--field', 'speaker=42', '--field', 'noteType=quote')),
    ) as View;
    expect(view.fields).toEqual({ speaker: '42', noteType: 'quote' });
  });

  it('--json prints the memory view; --field values become numbers where the field expects one, and repeat into arrays', async () => {
    const { cli } = await freshMind();
    const view = JSON.parse(
      await ok(
        cli(
          'add', 'episode', 'Refactored the parser', '--json',
          '--field', 'outcomeType=success',
          '--field', 'lessons=keep tests close',
          '--field', 'lessons=small steps',
          '--field', 'emotionalValence=0.5',
          '--confidence', '0.9',
        ),
      ),
    ) as View;
    expect(view).toMatchObject({ type: 'episode', content: 'Refactored the parser', confidence: 0.9, status: 'active', version: 1 });
    expect(view.fields).toEqual({ outcomeType: 'success', lessons: ['keep tests close', 'small steps'], emotionalValence: 0.5 });
  });

  it('--source infers provenance; --evidence and --derived-from record lineage; --ref grounds', async () => {
    const { cli } = await freshMind();
    const ep = await ok(cli('add', 'episode', 'Shipped the release on Friday'));
    const raw = await ok(cli('add', 'raw', 'Friday releases went fine'));
    const view = JSON.parse(
      await ok(
        cli(
          'add', 'belief', 'Friday releases are safe', '--json',
          '--source', 'told by Claire',
          '--evidence', ep,
          '--derived-from', raw,
          '--ref', 'code:src/release.ts:12',
        ),
      ),
    ) as View;
    expect(view).toMatchObject({ sourceType: 'external', alpha: 2, beta: 1, codeRefCount: 1 });
    expect(String(view.sourceEntity).toLowerCase()).toBe('claire');
    expect(view.provenance.evidence?.map((m) => m.id)).toEqual([ep]);
    expect(view.provenance.derivedFrom?.map((m) => m.id)).toEqual([raw]);
    expect(view.evidenceRefs).toMatchObject([{ kind: 'code', ref: 'src/release.ts:12' }]);
  });
});

describe('mindloom promote / verify / reinforce / supersede', () => {
  it('promote prints the new id; the raw becomes processed', async () => {
    const { cli } = await freshMind();
    const raw = await ok(cli('add', 'raw', 'I prefer dark mode'));
    const note = await ok(cli('promote', raw, '--to', 'note', '--text', 'Prefers dark mode'));
    expect(note).toMatch(/^nt_/);
    const view = JSON.parse(await ok(cli('show', note))) as View;
    expect(view.content).toBe('Prefers dark mode');
    expect(view.provenance.derivedFrom?.map((m) => m.id)).toEqual([raw]);
    expect(JSON.parse(await ok(cli('show', raw)))).toMatchObject({ status: 'processed' });
  });

  it('verify and reinforce confirm how confidence moved; --json prints the view', async () => {
    const { cli } = await freshMind();
    const bl = await ok(cli('add', 'belief', 'Coffee helps me focus'));
    expect(await ok(cli('verify', bl, '--evidence', 'checked the log'))).toBe(`Verified ${bl}: confidence 0.50 → 0.67.`);
    const ep = await ok(cli('add', 'episode', 'Focused well after coffee'));
    const view = JSON.parse(await ok(cli('reinforce', bl, '--evidence', ep, '--json'))) as View;
    expect(view).toMatchObject({ id: bl, alpha: 3, beta: 1, confidence: 0.75, timesReinforced: 1, verificationCount: 1 });
    expect(view.provenance.evidence?.map((m) => m.id)).toEqual([ep]);
    const note = await ok(cli('add', 'note', 'A note', '--confidence', '0.5'));
    expect(await ok(cli('reinforce', note))).toBe(`Reinforced ${note}: confidence 0.50 → 0.52.`);
  });

  it('supersede prints the new id; the old belief is superseded and the reason journaled', async () => {
    const { cli } = await freshMind();
    const old = await ok(cli('add', 'belief', 'Meetings are always useful'));
    const next = await ok(cli('supersede', old, 'Short meetings are useful', '--reason', 'learned better'));
    expect(next).toMatch(/^bl_/);
    expect(JSON.parse(await ok(cli('show', old)))).toMatchObject({ status: 'superseded', supersededBy: next });
    const history = JSON.parse(await ok(cli('history', old))) as { op: string; reason: string | null }[];
    expect(history.at(-1)).toMatchObject({ op: 'superseded', reason: 'learned better' });
  });
});

describe('mindloom archive / restore / approve / reject', () => {
  it('each prints a one-line confirmation and changes status', async () => {
    const { cli } = await freshMind();
    const note = await ok(cli('add', 'note', 'Deploys happen on Tuesdays'));
    expect(await ok(cli('archive', note))).toBe(`Archived ${note}.`);
    expect(JSON.parse(await ok(cli('show', note)))).toMatchObject({ status: 'archived' });
    expect(await ok(cli('restore', note))).toBe(`Restored ${note} (now active).`);
    const pending = await ok(cli('add', 'belief', 'The build is flaky', '--source', 'inferred from logs'));
    expect(JSON.parse(await ok(cli('show', pending)))).toMatchObject({ reviewStatus: 'pending', sourceType: 'inference' });
    expect(await ok(cli('approve', pending))).toBe(`Approved ${pending}.`);
    expect(JSON.parse(await ok(cli('show', pending)))).toMatchObject({ reviewStatus: 'approved' });
    const wrong = await ok(cli('add', 'belief', 'The moon is cheese', '--source', 'inferred'));
    expect(await ok(cli('reject', wrong, '--reason', 'nonsense'))).toBe(`Rejected ${wrong} (archived; it will not be learned again).`);
    expect(JSON.parse(await ok(cli('show', wrong)))).toMatchObject({ reviewStatus: 'rejected', status: 'archived' });
  });

  it('writes are journaled as user', async () => {
    const { cli } = await freshMind();
    const note = await ok(cli('add', 'note', 'Something', '--reason', 'testing'));
    await ok(cli('archive', note, '--reason', 'done'));
    const history = JSON.parse(await ok(cli('history', note))) as Record<string, unknown>[];
    expect(history.map((h) => [h.actor, h.op, h.reason])).toEqual([
      ['user', 'create', 'testing'],
      ['user', 'archive', 'done'],
    ]);
  });
});
