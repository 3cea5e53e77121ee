/**
 * Reflection by the agent through the SDK's own client (the linked in-memory transport carries the
 * real protocol messages): reflect hands out a batch, propose_beliefs checks and writes the answer
 * as one run by the agent, which a person reviews and may revert.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBeliefExplanation } from '../../consolidation/explanation';
import { revertRun } from '../../consolidation/revert';
import { getContradictions } from '../../mind/contradictions';
import { createMemory } from '../../mind/create';
import { getHistory } from '../../mind/history';
import { getLineage } from '../../mind/lineage';
import { getMemoryView } from '../../mind/memory-view';
import { type Mind, openMind } from '../../mind/mind';
import { rejectMemory } from '../../mind/review';
import { listRunHistory } from '../../mind/run-history';
import { createAgentServer } from '../server';

let mind: Mind;
let client: Client;
let now = Date.UTC(2026, 0, 5);

beforeEach(async () => {
  mind = openMind(':memory:', { clock: () => (now += 60_000) });
  const server = createAgentServer(mind, { agent: 'claude', secrets: {}, version: '0.0.0-test', logError: () => {} });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'scripted-agent', version: '1.0.0' });
  await client.connect(clientSide);
});

afterEach(async () => {
  await client.close();
  mind.close();
});

async function ok<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
}

interface Batch {
  batch: string | null;
  groups: { episodes: { id: string; date: string; text: string }[]; beliefs: { id: string }[] }[];
  ungrouped: { episode: { id: string } }[];
  captures: { id: string }[];
  waitingAfter: number;
}
interface Outcome {
  runId: string | null;
  accepted: { proposal: string; index: number; outcome: string; beliefId: string; episodes: string[]; why: string }[];
  dropped: { proposal: string; index: number; reason: string }[];
  contradictions: { beliefId: string; with: string; kind: string }[];
  episodesHandled: number;
}

const episode = (objective: string, outcome: string) =>
  createMemory(mind, { type: 'episode', content: `${objective} → ${outcome}`, fields: { outcome, lessons: [] } }, { actor: 'agent:claude' }).id;

function writeCacheEpisodes(): string[] {
  return [
    episode('Warm the redis cache before the release', 'the first requests after deploy stayed fast with a warmed redis cache'),
    episode('Skipped warming the redis cache on Friday', 'a cold redis cache made the first requests after deploy slow'),
    episode('Warmed the redis cache on Monday', 'requests after deploy were fast because the redis cache was warm'),
  ];
}

describe('reflect', () => {
  it('says when nothing waits, and hands out waiting episodes grouped as the offline run groups them, with their ids and dates', async () => {
    expect(await ok<Batch>('reflect', {})).toMatchObject({ batch: null, groups: [], ungrouped: [] });
    const known = createMemory(mind, { type: 'belief', content: 'A warm redis cache keeps requests after a deploy fast' }, { actor: 'user' }).id;
    createMemory(mind, { type: 'belief', content: 'Invoices are sent on the first of the month' }, { actor: 'user' });
    const cache = writeCacheEpisodes();
    const lone = episode('Renamed the billing module', 'the imports were updated by the editor');
    const raw = createMemory(mind, { type: 'raw', content: 'user: remember that the staging box reboots at 3am' }, { actor: 'agent:claude' }).id;

    const batch = await ok<Batch>('reflect', {});
    expect(batch.batch).toMatch(/^batch_/);
    expect(batch.groups.map((g) => g.episodes.map((e) => e.id).sort())).toEqual([[...cache].sort()]);
    expect(batch.groups[0]?.episodes[0]?.date).toMatch(/^2026-01-05T/);
    // The beliefs the group may bear on: the one about the cache, not the unrelated one.
    expect(batch.groups[0]?.beliefs.map((b) => b.id)).toEqual([known]);
    expect(batch.ungrouped.map((u) => u.episode.id)).toEqual([lone]);
    expect(batch.captures.map((c) => c.id)).toEqual([raw]);
    // Nothing is marked until an answer: asked again, the same episodes come in a new batch.
    const again = await ok<Batch>('reflect', { episodes: 2 });
    expect(again.batch).not.toBe(batch.batch);
    expect([...again.groups.flatMap((g) => g.episodes.map((e) => e.id)), ...again.ungrouped.map((u) => u.episode.id)].sort()).toEqual(cache.slice(0, 2).sort());
    expect(again.waitingAfter).toBe(2);
  });
});

describe('propose_beliefs', () => {
  it('writes the answer as one run by the agent: a pending belief drafted from its episodes, explained, revertible; the batch is consolidated', async () => {
    const cache = writeCacheEpisodes();
    const lone = episode('Renamed the billing module', 'the imports were updated by the editor');
    const { batch } = await ok<Batch>('reflect', {});
    const statement = 'Warming the redis cache before a deploy keeps the first requests fast';
    const outcome = await ok<Outcome>('propose_beliefs', { batch, beliefs: [{ statement, subject: 'redis cache', cites: cache }] });

    expect(outcome.dropped).toEqual([]);
    expect(outcome.accepted).toMatchObject([{ proposal: 'belief', outcome: 'created', episodes: cache, why: 'new belief, pending review, drafted from 3 episodes' }]);
    expect(outcome.episodesHandled).toBe(4);
    const id = outcome.accepted[0]?.beliefId as string;
    const view = getMemoryView(mind, id);
    expect(view).toMatchObject({ type: 'belief', content: statement, reviewStatus: 'pending', sourceType: 'consolidation' });
    expect(view.fields).toMatchObject({ subject: 'redis cache' });
    expect(view.alpha).toBe(4);
    const lineage = getLineage(mind, id, { direction: 'up', depth: 1 });
    expect(lineage.nodes.map((n) => n.id).filter((n) => n !== id).sort()).toEqual([...cache].sort());
    const explanation = getBeliefExplanation(mind, id);
    expect(explanation).toMatchObject({ provider: 'agent', runId: outcome.runId });
    expect(explanation?.episodes.filter((e) => e.cited).map((e) => e.id).sort()).toEqual([...cache].sort());
    expect(getHistory(mind, id).map((h) => [h.actor, h.op])).toEqual([['agent:claude', 'create']]);

    const [run] = listRunHistory(mind).items;
    expect(run).toMatchObject({ id: outcome.runId, trigger: 'agent', provider: 'agent', status: 'completed' });
    // Every episode of the batch is consolidated, the one nobody cited too.
    expect(await ok<Batch>('reflect', {})).toMatchObject({ batch: null });
    // The batch is closed once answered.
    const again = (await client.callTool({ name: 'propose_beliefs', arguments: { batch, beliefs: [] } })) as CallToolResult;
    expect(again.isError).toBe(true);
    expect(JSON.stringify(again.content)).toContain('not_found');

    const revert = revertRun(mind, outcome.runId as string, { actor: 'user' });
    expect(revert.conflicts).toEqual([]);
    expect(getMemoryView(mind, id).status).toBe('archived');
    void lone;
  });

  it('drops a proposal citing ids the batch did not hand out, and writes nothing when none passes', async () => {
    const cache = writeCacheEpisodes();
    const { batch } = await ok<Batch>('reflect', { episodes: 2 });
    const outcome = await ok<Outcome>('propose_beliefs', {
      batch,
      beliefs: [
        { statement: 'Warm caches keep deploys fast', cites: [cache[0], cache[2]] },
        { statement: 'Cold caches slow the first requests', cites: ['ep_doesnotexist'] },
      ],
    });
    expect(outcome.runId).toBeNull();
    expect(outcome.dropped.map((d) => d.reason)).toEqual([
      `it cites ${cache[2]}, which batch ${batch} did not hand out`,
      'it cites ep_doesnotexist, which does not exist',
    ]);
    expect(listRunHistory(mind).items).toEqual([]);
    // The batch stays open for a corrected answer.
    const fixed = await ok<Outcome>('propose_beliefs', { batch, beliefs: [{ statement: 'Warm caches keep deploys fast', cites: [cache[0], cache[1]] }] });
    expect(fixed.accepted).toHaveLength(1);
  });

  it('never learns a rejected statement again, turns a near-duplicate into a reinforcement, and records contradictions', async () => {
    const first = writeCacheEpisodes();
    const b1 = await ok<Batch>('reflect', {});
    const kept = 'Warming the redis cache before a deploy always keeps the first requests fast';
    const refused = 'Deploys on Friday always go well';
    const o1 = await ok<Outcome>('propose_beliefs', {
      batch: b1.batch,
      beliefs: [
        { statement: kept, cites: first },
        { statement: refused, cites: [first[1]] },
      ],
    });
    const keptId = o1.accepted.find((a) => a.index === 0)?.beliefId as string;
    const refusedId = o1.accepted.find((a) => a.index === 1)?.beliefId as string;
    rejectMemory(mind, refusedId, { actor: 'user', reason: 'one Friday proves nothing' });

    const later = [
      episode('Warmed the redis cache before the Tuesday release', 'the first requests after deploy were fast'),
      episode('Released on Friday without warming anything', 'the release went fine'),
      episode('Warmed the redis cache before a deploy under heavy load', 'the first requests were slow anyway: the warm cache did not keep them fast'),
    ];
    const b2 = await ok<Batch>('reflect', {});
    const o2 = await ok<Outcome>('propose_beliefs', {
      batch: b2.batch,
      beliefs: [
        { statement: refused, cites: [later[1]] },
        { statement: 'Warming the redis cache before each deploy keeps the first requests fast', cites: [later[0]] },
        { statement: 'Warming the redis cache before a deploy never keeps the first requests fast', cites: [later[2]] },
      ],
    });
    expect(o2.dropped).toMatchObject([{ index: 0, reason: 'a person rejected this statement before; it is not learned again' }]);
    const reinforced = o2.accepted.find((a) => a.index === 1);
    expect(reinforced).toMatchObject({ outcome: 'reinforced', beliefId: keptId, episodes: [later[0]] });
    expect(reinforced?.why).toContain(`a near-duplicate of ${keptId}`);
    expect(getMemoryView(mind, keptId).alpha).toBe(5);
    // Close in words but opposed by the rules: a new belief, not a reinforcement, and the contradiction is recorded.
    const opposed = o2.accepted.find((a) => a.index === 2);
    expect(opposed?.outcome).toBe('created');
    expect(o2.contradictions).toEqual([{ beliefId: opposed?.beliefId, with: keptId, kind: 'negation' }]);
    const open = getContradictions(mind, { status: 'open' });
    expect(open.map((c) => [c.a.id, c.b.id].sort())).toEqual([[keptId, opposed?.beliefId].sort()]);
  });

  it("drafts a statement cut from a belief's pattern but naming something else as a belief of its own, not a reinforcement", async () => {
    const first = writeCacheEpisodes();
    const b1 = await ok<Batch>('reflect', {});
    const kept = 'Warming the redis cache before a deploy keeps the first requests fast';
    const o1 = await ok<Outcome>('propose_beliefs', { batch: b1.batch, beliefs: [{ statement: kept, cites: first }] });
    const keptId = o1.accepted[0]?.beliefId as string;
    const alpha = getMemoryView(mind, keptId).alpha as number;

    const later = [
      episode('Warmed the memcached pool before the Tuesday release', 'the first requests after deploy were fast'),
      episode('Warmed the redis cache before the Thursday release', 'the first requests after deploy were fast again'),
    ];
    const b2 = await ok<Batch>('reflect', {});
    const o2 = await ok<Outcome>('propose_beliefs', {
      batch: b2.batch,
      beliefs: [
        // Close in words (the same pattern), yet about another cache.
        { statement: 'Warming the memcached pool before a deploy keeps the first requests fast', cites: [later[0]] },
        // The same lesson with a detail added: every word of the belief is in it.
        { statement: 'Warming the redis cache before a deploy keeps the first requests fast, even on Thursdays', cites: [later[1]] },
      ],
    });
    expect(o2.accepted.map((a) => [a.index, a.outcome])).toEqual([
      [0, 'created'],
      [1, 'reinforced'],
    ]);
    expect(o2.accepted[0]?.beliefId).not.toBe(keptId);
    expect(o2.accepted[1]?.beliefId).toBe(keptId);
    expect(getMemoryView(mind, keptId).alpha).toBe(alpha + 1);
  });
});
