/**
 * Why consolidation drafted a belief: a mind holding the first trial (four lessons of four
 * episodes each, and three unrelated episodes: bench/quality/first-trial.json) is consolidated
 * from Settings ("Run now"); each
 * belief it drafts shows, on its memory page, the episodes it was drafted from with their
 * similarity to the cluster's centre, the words they share and the threshold, and each episode is
 * a link to it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { episodeFields, SplitSchema } from '../../bench/quality/corpus';
import { writeSettings } from '../../src-main/consolidation/settings-store';
import { createMemory } from '../../src-main/mind/create';
import { openMind } from '../../src-main/mind/mind';
import { expect, test } from '../fixtures';
import { ExplanationCard } from '../pages/explanation-card';
import { saveScreenshot } from '../support/screenshots';

/** The first trial, shared with the benchmark's planted-run test. */
const FIRST_TRIAL = SplitSchema.parse(JSON.parse(readFileSync(join(import.meta.dirname, '../../bench/quality/first-trial.json'), 'utf8')));

test.use({
  mind: {
    kind: 'file',
    write(dir) {
      const path = join(dir, 'planted.mindloom');
      const mind = openMind(path);
      try {
        writeSettings(mind, { scheduler: { enabled: false } }, 'user');
        const episodes = [...FIRST_TRIAL.topics.flatMap((t) => t.episodes), ...FIRST_TRIAL.singletons];
        for (const episode of episodes) createMemory(mind, { type: 'episode', ...episodeFields(episode) }, { actor: 'agent:e2e' });
      } finally {
        mind.close();
      }
      return path;
    },
  },
});

test('each belief consolidation drafts says which episodes it came from, how alike they are and what words they share', async ({ app, outside }, testInfo) => {
  await app.shell.goTo('Settings');
  await app.settings.card('Consolidation status').getByRole('button', { name: 'Run now', exact: true }).click();
  await expect(app.toasts.withText('Run completed: 4 created')).toBeVisible({ timeout: 45_000 });

  const store = outside();
  const beliefs = store.list({ filter: { types: ['belief'], sourceTypes: ['consolidation'] }, sort: 'created', direction: 'asc', limit: 50 });
  expect(beliefs).toHaveLength(4);
  const friday = beliefs.find((b) => /friday/i.test(b.content));
  expect(friday).toBeDefined();
  const view = store.view(friday!.id);
  const drafted = view.provenance.derivedFrom.map((r) => r.id).sort();
  expect(drafted).toHaveLength(4);

  await app.go(`#/memory/${friday!.id}`);
  await app.memory.expectShowing(friday!.id);
  const card = new ExplanationCard(app.page);
  await expect(card.card).toBeVisible();
  await expect(card.summary).toContainText('Drafted from 4 episodes');
  await expect(card.summary).toContainText('0.12');
  expect((await card.episodeIds()).sort()).toEqual(drafted);
  const similarities = await card.similarities();
  expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
  for (const similarity of similarities) expect(similarity).toBeGreaterThan(0);
  await expect(card.terms.filter({ hasText: /^friday in 4$/ })).toHaveCount(1);
  await expect(card.terms.filter({ hasText: /^weekend in 4$/ })).toHaveCount(1);
  // The statement was drawn from one episode's lesson: that episode is marked as cited.
  await expect(card.card.locator('tbody .badge', { hasText: 'cited' })).toHaveCount(1);
  await card.card.scrollIntoViewIfNeeded();
  await saveScreenshot(app.page, testInfo, 'belief-explanation');

  // An episode in the card is a link to it; a belief written by hand has no such card.
  await card.episodeLink(drafted[0]!).click();
  await app.memory.expectShowing(drafted[0]!);
  const handWritten = store.create({ type: 'belief', content: 'Standups run long on Mondays' });
  await app.go(`#/memory/${handWritten.id}`);
  await app.memory.expectShowing(handWritten.id);
  await expect(app.memory.provenance).toBeVisible();
  await expect(card.card).toHaveCount(0);
});
