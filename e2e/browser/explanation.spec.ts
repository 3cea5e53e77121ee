/**
 * Why consolidation drafted a belief: a mind holding the first trial (four lessons of four
 * episodes each, and three unrelated episodes) is consolidated from Settings ("Run now"); each
 * belief it drafts shows, on its memory page, the episodes it was drafted from with their
 * similarity to the cluster's centre, the words they share and the threshold, and each episode is
 * a link to it.
 */
import { join } from 'node:path';
import { writeSettings } from '../../src-main/consolidation/settings-store';
import { createMemory } from '../../src-main/mind/create';
import { openMind } from '../../src-main/mind/mind';
import { expect, test } from '../fixtures';
import { ExplanationCard } from '../pages/explanation-card';
import { saveScreenshot } from '../support/screenshots';

const LESSONS: { lesson: string; episodes: [string, string][] }[] = [
  {
    lesson: 'Friday deploys cause weekend incidents',
    episodes: [
      ['Friday deploy of billing', 'weekend incident: invoices failed on Saturday'],
      ['Friday deploy of search', 'weekend incident, rolled back on Sunday'],
      ['Deployed auth on Friday afternoon', 'weekend incident with login errors'],
      ['Friday evening deploy of checkout', 'weekend incident paged on-call twice'],
    ],
  },
  {
    lesson: 'Priya reviews small PRs quickly',
    episodes: [
      ['Sent Priya a small PR for the date parser', 'Priya approved the small PR within an hour'],
      ['Split the importer into small PRs for Priya', 'Priya merged the small PRs the same day'],
      ['Sent Priya a large PR refactoring billing', 'the large PR waited four days for Priya'],
      ['Opened a small PR fixing the retry helper', 'Priya reviewed the small PR before lunch'],
    ],
  },
  {
    lesson: 'Flaky integration tests come from the shared database',
    episodes: [
      ['Investigated flaky integration tests in orders', 'two tests wrote the same row in the shared database'],
      ['Reran the flaky integration tests', 'they failed when two tests used the shared database'],
      ['Gave each integration test its own database', 'the flaky tests stopped failing'],
      ['Debugged flaky checkout integration tests', 'leftover rows in the shared database broke the next test'],
    ],
  },
  {
    lesson: 'The dashboard loads fast with its queries cached',
    episodes: [
      ['Profiled the slow dashboard load', 'the dashboard recomputed totals on every load; no cache'],
      ['Added a Redis cache for the dashboard totals', 'dashboard load fell from 6 s to 300 ms'],
      ['Turned off the dashboard cache to debug a number', 'the dashboard load went back to 8 seconds'],
      ['Cached the dashboard chart queries', 'the dashboard loads instantly now'],
    ],
  },
];
const UNRELATED: [string, string][] = [
  ['Renewed the TLS certificate for the docs site', 'done a week early'],
  ['Ordered monitors for the new hires', 'arriving next week'],
  ['Translated the error messages into Spanish', 'support checked the wording'],
];

test.use({
  mind: {
    kind: 'file',
    write(dir) {
      const path = join(dir, 'planted.mindloom');
      const mind = openMind(path);
      try {
        writeSettings(mind, { scheduler: { enabled: false } }, 'user');
        const add = ([objective, outcome]: [string, string], lessons: string[]) =>
          createMemory(mind, { type: 'episode', content: `${objective} → ${outcome}`, fields: { outcome, lessons } }, { actor: 'agent:e2e' });
        LESSONS.forEach(({ lesson, episodes }) => episodes.forEach((episode, i) => add(episode, i % 2 === 0 ? [lesson] : [])));
        for (const episode of UNRELATED) add(episode, []);
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
