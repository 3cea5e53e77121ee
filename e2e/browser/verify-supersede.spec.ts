/**
 * Verify…, Reinforce… and Supersede… from a memory's page: a code reference grounds an approved
 * belief (the dialog shows confidence and tier before → after); an episode named as what bore a
 * belief out becomes its supporting evidence; a supersession shows what it touches first
 * (dependents, the evidence moving over, the contradiction it settles), then both beliefs are
 * linked both ways.
 */
import { join } from 'node:path';
import { expect, test } from '../fixtures';
import { createMemory } from '../../src-main/mind/create';
import { flagContradiction } from '../../src-main/mind/contradiction-workbench';
import { openMind } from '../../src-main/mind/mind';
import { promoteMemory } from '../../src-main/mind/promote';
import { saveScreenshot } from '../support/screenshots';

const ids = { belief: '', episode: '', goal: '', rival: '', contradiction: '' };

test.use({
  mind: {
    kind: 'file',
    write: (dir) => {
      const path = join(dir, 'beliefs.mindloom');
      const mind = openMind(path);
      try {
        const user = { actor: 'user' };
        const episode = createMemory(mind, { type: 'episode', content: 'The retry loop backed off under load in the outage, and kept backing off for the whole of the forty minutes it lasted, across every client we had deployed: web, mobile, the billing batch and the two partner integrations' }, user);
        const belief = createMemory(mind, { type: 'belief', content: 'Retries never back off', evidence: [episode.id], reviewStatus: 'approved' }, user);
        const goal = promoteMemory(mind, belief.id, { to: 'goal', text: 'Make every client retry politely' }, user).created;
        const rival = createMemory(mind, { type: 'belief', content: 'Retries always back off' }, user);
        const contradiction = flagContradiction(mind, belief.id, rival.id, user);
        Object.assign(ids, { belief: belief.id, episode: episode.id, goal: goal.id, rival: rival.id, contradiction: contradiction.id });
      } finally {
        mind.close();
      }
      return path;
    },
  },
});

test('verification with a code reference takes an approved belief from observed to grounded', async ({ app, outside }, testInfo) => {
  const store = outside();
  await app.go(`#/memory/${ids.belief}`);
  await app.memory.expectShowing(ids.belief);
  await app.dialogs.action('Verify…').click();
  const dialog = app.dialogs.verify;
  await dialog.getByRole('radio', { name: 'code' }).check();
  await dialog.getByLabel('Code reference').fill('src/retry.ts:42');
  const table = dialog.getByRole('table', { name: 'Before and after' });
  await expect(table.getByRole('row', { name: /^Tier/ })).toContainText('observed');
  await expect(dialog.getByTestId('verify-tier-after')).toHaveText('grounded');
  await expect(table.getByRole('row', { name: /^Confidence/ })).toContainText('67%');
  await expect(dialog.getByTestId('verify-confidence-after')).toHaveText('75%');
  await saveScreenshot(app.page, testInfo, 'verify-dialog');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
  await expect(app.page.locator('.memory-title-line .badge-tier')).toHaveText('grounded');
  expect(store.view(ids.belief)).toMatchObject({ tier: 'grounded', verificationCount: 1, evidenceRefs: [{ kind: 'code', ref: 'src/retry.ts:42' }] });
  await saveScreenshot(app.page, testInfo, 'verified');

  // Undo from its toast: back to observed, the reference gone.
  await app.toasts.withText('Verified').getByRole('button', { name: 'Undo' }).click();
  await expect(app.page.locator('.memory-title-line .badge-tier')).toHaveText('observed');
  expect(store.view(ids.belief)).toMatchObject({ tier: 'observed', verificationCount: 0, evidenceRefs: [] });
});

test('reinforcement by an episode links it as supporting evidence, as the dialog said it would', async ({ app, outside }, testInfo) => {
  const store = outside();
  const before = store.view(ids.rival);
  await app.go(`#/memory/${ids.rival}`);
  await app.memory.expectShowing(ids.rival);
  await app.dialogs.action('Reinforce…').click();
  const dialog = app.dialogs.reinforce;
  await expect(dialog.getByTestId('reinforce-effect')).toContainText('Optional');
  await dialog.getByLabel('What bore it out').fill(ids.episode);
  await expect(dialog.getByTestId('reinforce-effect')).toContainText('will be linked as supporting evidence');
  await expect(dialog.getByTestId('reinforce-tier-after')).toHaveText('observed');
  const predicted = await dialog.getByTestId('reinforce-confidence-after').textContent();
  await saveScreenshot(app.page, testInfo, 'reinforce-dialog');
  await dialog.getByRole('button', { name: 'Reinforce' }).click();
  await expect(dialog).toBeHidden();

  const after = store.view(ids.rival);
  expect(after).toMatchObject({ tier: 'observed', timesReinforced: before.timesReinforced + 1, alpha: (before.alpha ?? 1) + 1 });
  expect(predicted).toBe(`${(after.confidence * 100).toFixed(0)}%`);
  await expect(app.page.locator('.memory-title-line .badge-tier')).toHaveText('observed');
  await expect(app.memory.relationLink('Supported by', ids.episode)).toBeVisible();
  await saveScreenshot(app.page, testInfo, 'reinforced');

  // Naming the same episode again reinforces without a second link; Undo from the toast takes it back.
  await app.dialogs.action('Reinforce…').click();
  await dialog.getByLabel('What bore it out').fill(ids.episode);
  await expect(dialog.getByTestId('reinforce-effect')).toContainText('already supporting evidence');
  await dialog.getByRole('button', { name: 'Reinforce' }).click();
  await expect(dialog).toBeHidden();
  expect(store.view(ids.rival)).toMatchObject({ timesReinforced: before.timesReinforced + 2, eventEvidenceCount: after.eventEvidenceCount });
  await app.toasts.withText('Reinforced').last().getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => store.view(ids.rival).timesReinforced).toBe(before.timesReinforced + 1);
});

test('supersession shows its impact first, then links both beliefs both ways', async ({ app, outside }, testInfo) => {
  const store = outside();
  await app.go(`#/memory/${ids.belief}`);
  await app.memory.expectShowing(ids.belief);
  await app.dialogs.action('Supersede…').click();
  const dialog = app.dialogs.supersede;
  await expect(dialog.getByRole('region', { name: 'The old belief' })).toContainText('Retries never back off');
  const impact = dialog.getByRole('region', { name: 'What it touches' });
  await expect(impact.getByRole('group', { name: /^Created from it/ })).toContainText('Make every client retry politely');
  await expect(impact.getByRole('group', { name: 'Evidence the new belief takes over' })).toContainText('The retry loop backed off under load');
  await expect(impact.getByRole('group', { name: 'Open contradictions it settles' })).toContainText('Retries always back off');
  // A long episode ends in "…" inside the dialog rather than running past its edge.
  expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await dialog.getByRole('textbox', { name: 'New', exact: true }).fill('Retries back off, except for idempotent reads');
  await saveScreenshot(app.page, testInfo, 'supersede-dialog');
  await dialog.getByRole('button', { name: 'Supersede' }).click();
  await expect(dialog).toBeHidden();

  const successor = store.view(ids.belief).supersededBy;
  expect(successor).not.toBeNull();
  await app.memory.expectShowing(successor ?? '');
  await expect(app.memory.relationLink('Supersedes', ids.belief)).toBeVisible();
  await expect(app.memory.relationLink('Supported by', ids.episode)).toBeVisible();
  await saveScreenshot(app.page, testInfo, 'superseded');
  await app.memory.relationLink('Supersedes', ids.belief).click();
  await app.memory.expectShowing(ids.belief);
  await expect(app.memory.relationLink('Superseded by', successor ?? '')).toBeVisible();
  await expect(app.memory.badge('superseded')).toBeVisible();

  await app.contradictions.open(app.go);
  await app.contradictions.tab('Resolved').click();
  await expect(app.contradictions.card).toContainText('supersede');
});
