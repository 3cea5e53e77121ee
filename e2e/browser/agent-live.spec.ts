/**
 * An agent writes through `mindloom mcp` while a person has the Browser open on five loaded pages:
 * its new memory appears at the top, a memory it verifies moves up from the last page, and a belief
 * it supersedes leaves a list of active memories while its successor arrives, all without a
 * reload and without loading any page again (only `memories.locate` is asked, for the changed rows).
 * The waits are functional (the change must arrive), not performance assertions.
 */
import type { Request } from '@playwright/test';
import { createMemory } from '../../src-main/mind/create';
import { openMind } from '../../src-main/mind/mind';
import { expect, test } from '../fixtures';
import { type AgentConnection, connectAgent } from '../support/agent';
import { saveScreenshot } from '../support/screenshots';

const NOTES = 449;
const ARRIVES_WITHIN = { timeout: 5_000 };

test.use({
  mind: {
    kind: 'file',
    write(dir) {
      const path = `${dir}/agent-live.mindloom`;
      const mind = openMind(path);
      try {
        mind.store.transaction(() => {
          for (let i = 0; i < NOTES; i++) createMemory(mind, { type: 'note', content: `Field note ${i}: the greenhouse sensor ${i % 7} reading` }, { actor: 'user' });
          createMemory(mind, { type: 'belief', content: 'The greenhouse vents open at 25 °C' }, { actor: 'user' });
          createMemory(mind, { type: 'note', content: 'The newest note before the agent arrived' }, { actor: 'user' });
        });
      } finally {
        mind.close();
      }
      return path;
    },
  },
});

test('an agent’s writes reach the open Browser without a reload and without loading any page again', async ({ app, host, outside }, testInfo) => {
  const store = outside();
  const status = host.session.status();
  if (status.state !== 'open') throw new Error('the host has no mind open');
  await app.page.evaluate(() => Object.assign(window, { e2ePageMark: 'same page' }));
  await app.go('#/browser?status=active');
  await app.browser.expectRows();

  // Load every page (451 rows: five pages of 100), then go back to the top.
  const listStatus = app.page.locator('.list-status');
  while (!/^451 memories/.test((await listStatus.textContent()) ?? '')) {
    await app.browser.grid.evaluate((grid) => grid.scrollTo(0, grid.scrollHeight));
    await app.page.waitForTimeout(50);
  }
  await app.browser.grid.evaluate((grid) => grid.scrollTo(0, 0));
  const oldest = store.list({ sort: 'updated', direction: 'asc', limit: 1 })[0];
  const belief = store.list({ filter: { types: ['belief'] }, limit: 1 })[0];
  if (oldest === undefined || belief === undefined) throw new Error('the test mind is missing its memories');
  await expect(app.browser.row(oldest.id)).toHaveCount(0); // on the fifth page, far out of view

  const calls: string[] = [];
  const onRequest = (request: Request) => {
    const call = /\/api\/call\/([\w.]+)/.exec(request.url())?.[1];
    if (call?.startsWith('memories.')) calls.push(call);
  };
  app.page.on('request', onRequest);
  let agent: AgentConnection | null = null;
  try {
    agent = await connectAgent(status.path);

    // A new memory sorts first: it appears at the top, in view.
    const note = await agent.call<{ memory: { id: string } }>('add_note', { content: 'Agent: the greenhouse door sticks in the morning' });
    await expect(app.browser.row(note.memory.id)).toBeVisible(ARRIVES_WITHIN);
    expect((await app.browser.renderedIds())[0]).toBe(note.memory.id);

    // A memory on the last loaded page, verified by the agent, moves to the top with its new confidence.
    await agent.call('verify', { id: oldest.id, evidence: 'checked the sensor log' });
    await expect(app.browser.row(oldest.id)).toBeVisible(ARRIVES_WITHIN);
    await expect(app.browser.row(oldest.id).locator('.cell-confidence')).toContainText('90%');
    expect((await app.browser.renderedIds()).slice(0, 2)).toEqual([oldest.id, note.memory.id]);

    // A superseded belief leaves the list of active memories; its successor arrives.
    const revised = await agent.call<{ created: { id: string } }>('supersede', {
      id: belief.id,
      statement: 'The greenhouse vents open at 24 °C since the firmware update',
      reason: 'firmware changed the threshold',
    });
    await expect(app.browser.row(revised.created.id)).toBeVisible(ARRIVES_WITHIN);
    await expect(app.browser.row(belief.id)).toHaveCount(0);
    await expect(listStatus).toContainText('452 memories');

    // The patched list is the list: its top rows are what a fresh read of the mind gives.
    const fresh = store.list({ filter: { statuses: ['active'] }, sort: 'updated', direction: 'desc', limit: 12 }).map((m) => m.id);
    expect((await app.browser.renderedIds()).slice(0, 12)).toEqual(fresh);
    await saveScreenshot(app.page, testInfo, 'agent-writes-in-browser');
  } finally {
    app.page.off('request', onRequest);
    await agent?.close();
  }
  expect(calls.filter((call) => call === 'memories.list')).toEqual([]);
  expect(calls.filter((call) => call === 'memories.locate').length).toBeGreaterThanOrEqual(1);
  expect(await app.page.evaluate(() => (window as unknown as { e2ePageMark?: string }).e2ePageMark)).toBe('same page');
});

test('a person reading further down keeps their rows in view while the agent’s new rows arrive above', async ({ app, host }) => {
  const status = host.session.status();
  if (status.state !== 'open') throw new Error('the host has no mind open');
  await app.go('#/browser');
  await app.browser.expectRows();
  await app.browser.grid.evaluate((grid) => grid.scrollTo(0, 40 * 30));
  await expect.poll(async () => (await app.browser.renderedIds()).length).toBeGreaterThan(20);
  const firstInView = async () =>
    app.browser.grid.evaluate((grid) => {
      const top = grid.getBoundingClientRect().top + 36;
      const rows = [...grid.querySelectorAll<HTMLElement>('[role="row"][data-memory-id]')];
      return rows.find((row) => row.getBoundingClientRect().bottom > top + 1)?.dataset.memoryId ?? null;
    });
  const reading = await firstInView();
  expect(reading).not.toBeNull();
  const loaded = async () => Number(/^([\d,]+) memor/.exec((await app.page.locator('.list-status').textContent()) ?? '')?.[1]?.replace(/,/g, ''));
  const before = await loaded();

  const agent = await connectAgent(status.path);
  try {
    const written: string[] = [];
    for (let i = 0; i < 3; i++) written.push((await agent.call<{ memory: { id: string } }>('add_note', { content: `Agent aside ${i}` })).memory.id);
    await expect.poll(loaded, ARRIVES_WITHIN).toBe(before + 3);
    await expect.poll(firstInView).toBe(reading);
    await app.browser.grid.evaluate((grid) => grid.scrollTo(0, 0));
    await expect(app.browser.row(written[2] as string)).toBeVisible();
  } finally {
    await agent.close();
  }
});
