/** The editing commands: undo (and redo), the review queue as JSON, resolving and reopening contradictions. */
import { describe, expect, it } from 'vitest';
import { freshMind, ok } from './cli-test-kit';

type Shown = { status: string; reviewStatus: string | null; supersededBy: string | null };

describe('mindloom undo', () => {
  it('undoes the last action, redoes when given the undo entry, and says what is wrong with a bad entry', async () => {
    const { cli } = await freshMind();
    const ep = await ok(cli('add', 'episode', 'Paired on the race'));
    const old = await ok(cli('add', 'belief', 'Pairing finds races', '--evidence', ep));
    const created = await ok(cli('supersede', old, 'Pairing finds races faster than review'));
    const show = async (id: string) => JSON.parse(await ok(cli('show', id, '--json'))) as Shown;
    const undone = JSON.parse(await ok(cli('undo', '--json'))) as { undone: number; action: number; redo: boolean; summary: string };
    expect(undone.redo).toBe(false);
    expect(undone.summary).toContain('supersede');
    expect(await show(old)).toMatchObject({ status: 'active', supersededBy: null });
    expect((await show(created)).status).toBe('archived');

    expect(await ok(cli('undo', String(undone.action)))).toMatch(/^Redid supersede/);
    expect(await show(old)).toMatchObject({ status: 'superseded', supersededBy: created });

    const bad = await cli('undo', 'x');
    expect(bad.code).toBe(2);
    const missing = await cli('undo', '999999');
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.stderr).toContain('not_found: There is no journal entry 999999.');
  });
});

describe('mindloom review', () => {
  it('prints the queue as JSON in priority order', async () => {
    const { cli } = await freshMind();
    const ep = await ok(cli('add', 'episode', 'Saw a flaky test hide a failure'));
    const weak = await ok(cli('add', 'belief', 'Standups could be shorter', '--source', 'inferred from chat'));
    const strong = await ok(cli('add', 'belief', 'Flaky tests hide failures', '--evidence', ep, '--source', 'inferred from chat'));
    const queue = JSON.parse(await ok(cli('review'))) as { items: { id: string; kind: string; what: string }[]; total: number };
    expect(queue.total).toBe(2);
    expect(queue.items.map((i) => [i.id, i.kind, i.what])).toEqual([
      [strong, 'memory', 'new'],
      [weak, 'memory', 'new'],
    ]);
  });
});

describe('mindloom contradictions resolve / reopen', () => {
  it('resolves as supersede keeping one, then reopens; a missing --as is bad usage', async () => {
    const { cli } = await freshMind();
    const a = await ok(cli('add', 'belief', 'Always write tests first'));
    const b = await ok(cli('add', 'belief', 'Never write tests first'));
    const scan = JSON.parse(await ok(cli('contradictions', '--scan', '--json'))) as { contradictions: { id: string }[] };
    const id = scan.contradictions[0]?.id ?? '';
    expect((await cli('contradictions', 'resolve', id)).code).toBe(2);
    expect(await ok(cli('contradictions', 'resolve', id, '--as', 'supersede', '--keep', b))).toBe(`Resolved ${id} as supersede; changed ${a}, ${b}.`);
    const shown = JSON.parse(await ok(cli('show', a, '--json'))) as Shown;
    expect(shown).toMatchObject({ status: 'superseded', supersededBy: b });
    expect(await ok(cli('contradictions'))).toBe('No open contradictions.');
    expect(await ok(cli('contradictions', 'reopen', id))).toBe(`Reopened ${id}.`);
    expect(await ok(cli('contradictions'))).toContain(id);
  });

  it('resolves as scope with a context per memory, and as reconcile with --text', async () => {
    const { cli } = await freshMind();
    const a = await ok(cli('add', 'belief', 'Always deploy on Fridays'));
    const b = await ok(cli('add', 'belief', 'Never deploy on Fridays'));
    const [first] = (JSON.parse(await ok(cli('contradictions', '--scan', '--json'))) as { contradictions: { id: string }[] }).contradictions;
    const id = first?.id ?? '';
    await ok(cli('contradictions', 'resolve', id, '--as', 'scope', '--context', `${a}=small fixes`, '--context', `${b}=big launches`));
    const shownA = JSON.parse(await ok(cli('show', a, '--json'))) as { fields: Record<string, unknown> };
    expect(shownA.fields.context).toBe('small fixes');
    await ok(cli('contradictions', 'reopen', id));
    const result = JSON.parse(await ok(cli('contradictions', 'resolve', id, '--as', 'reconcile', '--text', 'Deploy on Fridays only small fixes', '--json'))) as {
      changed: string[];
    };
    const reconciled = JSON.parse(await ok(cli('show', result.changed[0] ?? '', '--json'))) as { content: string };
    expect(reconciled.content).toBe('Deploy on Fridays only small fixes');
  });
});
