/**
 * Recall, for a person: from the Browser's words to the agent's own ranking by meaning. The window
 * lists what an agent's recall returns, in its order, with why each came back; the types kept to
 * follow the address.
 */
import { expect, test } from '../fixtures';
import { saveScreenshot } from '../support/screenshots';

test.use({ mind: { kind: 'demo' } });

const QUESTION = 'Is it safe to deploy on a Friday?';

test('asks the mind as the agent would, in the agent’s order, and keeps to the types ticked', async ({ app, outside }, testInfo) => {
  const store = outside();
  const { recall } = app;
  await app.go('#/browser?q=friday');
  await app.page.getByRole('link', { name: 'Search by meaning' }).click();
  await expect(recall.heading).toBeVisible();
  await expect(recall.question).toHaveValue('friday');

  const expected = await store.recall(QUESTION);
  expect(expected.length).toBeGreaterThan(0);
  const accessed = expected.map((id) => store.view(id).accessCount);
  await recall.ask(QUESTION);
  await expect(recall.hits.locator('li')).toHaveCount(expected.length);
  expect(await recall.hits.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-memory-id')))).toEqual(expected);
  await expect(recall.meaning).toContainText('“friday”');
  await expect(recall.hit(expected[0] ?? '').locator('.recall-why')).not.toBeEmpty();
  await saveScreenshot(app.page, testInfo, 'recall');
  // Looking is not a retrieval: the agent's access statistics stay as they were.
  expect(expected.map((id) => store.view(id).accessCount)).toEqual(accessed);

  await recall.type('belief').check();
  await expect(app.page).toHaveURL(/type=belief/);
  const beliefs = await store.recall(QUESTION, ['belief']);
  await expect(recall.hits.locator('li')).toHaveCount(beliefs.length);
  for (const id of beliefs) expect(store.view(id).type).toBe('belief');
  expect(await recall.hits.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-memory-id')))).toEqual(beliefs);

  const top = beliefs[0] ?? '';
  await recall.hit(top).getByRole('link').first().click();
  await app.memory.expectShowing(top);
});
