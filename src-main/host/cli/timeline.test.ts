import { describe, expect, it } from 'vitest';
import { freshMind, ok } from './cli-test-kit';

describe('mindloom timeline', () => {
  it('prints a memory\'s confidence events as JSON, one per journaled change, with causes', async () => {
    const { cli } = await freshMind();
    const episode = await ok(cli('add', 'episode', 'The canary caught a bad deploy'));
    const belief = await ok(cli('add', 'belief', 'Canaries catch bad deploys', '--field', 'subject=deploys'));
    await ok(cli('reinforce', belief, '--evidence', episode));
    await ok(cli('verify', belief));
    const timeline = JSON.parse(await ok(cli('timeline', belief))) as {
      id: string;
      type: string;
      events: { cause: string; linkedId: string | null; alpha: number | null; confidenceAfter: number | null }[];
    };
    const history = JSON.parse(await ok(cli('history', belief))) as unknown[];
    expect(timeline).toMatchObject({ id: belief, type: 'belief', truncated: false, asOf: null });
    expect(timeline.events).toHaveLength(history.length);
    expect(timeline.events.map((e) => [e.cause, e.linkedId, e.alpha])).toEqual([
      ['created', null, 1],
      ['reinforced', episode, 2],
      ['verified', null, 3],
    ]);
    expect(timeline.events.at(-1)?.confidenceAfter).toBeCloseTo(0.75);
  });

  it('refuses a bad --limit and an unknown memory', async () => {
    const { cli } = await freshMind();
    expect((await cli('timeline', 'bl_nothing')).code).toBe(1);
    const id = await ok(cli('add', 'note', 'x'));
    expect((await cli('timeline', id, '--limit', 'many')).code).toBe(2);
  });
});
