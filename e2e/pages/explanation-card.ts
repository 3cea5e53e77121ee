/** The memory page's "Why consolidation drafted this" card: summary, shared words, episodes by similarity. */
import { type Locator, type Page } from '@playwright/test';

export class ExplanationCard {
  readonly card: Locator;
  readonly summary: Locator;
  readonly terms: Locator;
  readonly episodes: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByRole('region', { name: 'Why consolidation drafted this' });
    this.summary = this.card.locator('p.explain');
    this.terms = this.card.getByRole('list', { name: 'Words they share' }).getByRole('listitem');
    this.episodes = this.card.getByRole('table', { name: 'Episodes, most central first' }).locator('tbody tr');
  }

  episodeLink(id: string): Locator {
    return this.card.locator(`a.ref-link[data-memory-id="${id}"]`);
  }

  async episodeIds(): Promise<string[]> {
    return this.card.locator('tbody a.ref-link').evaluateAll((links) => links.map((a) => a.getAttribute('data-memory-id') ?? ''));
  }

  /** The similarities shown, in table order. */
  async similarities(): Promise<number[]> {
    return (await this.card.locator('.similarity-value').allTextContents()).map(Number);
  }
}
