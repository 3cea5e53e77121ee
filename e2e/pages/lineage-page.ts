/** #/memory/ID/lineage: the lineage graph, its controls, the side card and the exports. */
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

export type DirectionLabel = 'Why' | 'What depends on this' | 'Both';

export class LineagePage {
  readonly region: Locator;
  readonly canvas: Locator;
  readonly nodes: Locator;
  readonly summary: Locator;
  readonly depth: Locator;
  readonly why: Locator;
  readonly find: Locator;
  readonly card: Locator;
  readonly legend: Locator;
  /** The canvas a large graph is drawn on when zoomed out past reading. */
  readonly overview: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Lineage' });
    this.canvas = page.getByRole('application', { name: /Lineage graph/ });
    this.nodes = this.canvas.locator('.lineage-node');
    this.summary = page.getByTestId('lineage-summary');
    this.depth = this.region.getByRole('combobox', { name: 'Depth' });
    this.why = this.region.getByRole('button', { name: 'Why do I believe this' });
    this.find = this.region.getByRole('searchbox');
    this.card = page.locator('aside.lineage-card');
    this.legend = page.getByRole('list', { name: 'Link kinds' });
    this.overview = this.canvas.locator('canvas.lineage-overview');
  }

  async open(go: (hash: string) => Promise<void>, id: string, asOf?: string): Promise<void> {
    await go(`#/memory/${id}/lineage${asOf === undefined ? '' : `?asOf=${encodeURIComponent(asOf)}`}`);
    await this.expectReady();
  }

  /** The graph is laid out and drawn (the first layout also starts elk, slow on a busy machine). */
  async expectReady(): Promise<void> {
    await expect(this.canvas).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
    await expect(this.nodes.first()).toBeVisible();
  }

  node(id: string): Locator {
    return this.canvas.locator(`.lineage-node[data-node-id="${id}"]`);
  }

  async nodeIds(): Promise<string[]> {
    return (await this.nodes.evaluateAll((els) => els.map((el) => el.getAttribute('data-node-id') ?? ''))).sort();
  }

  /** Waits until exactly these memories are drawn. */
  async expectNodes(ids: readonly string[]): Promise<void> {
    await expect.poll(() => this.nodeIds()).toEqual([...ids].sort());
  }

  /** Every link the summary counts is drawn between its two nodes (not one missing). */
  async expectLinksDrawn(): Promise<void> {
    const counted = Number((/([\d,]+) links?/.exec((await this.summary.textContent()) ?? '')?.[1] ?? '').replace(/,/g, ''));
    expect(counted).toBeGreaterThan(0);
    await expect(this.canvas.locator('.react-flow__edge.lineage-edge path.react-flow__edge-path')).toHaveCount(counted);
  }

  async setDepth(depth: number | 'all'): Promise<void> {
    await this.depth.selectOption(String(depth));
  }

  async setDirection(label: DirectionLabel): Promise<void> {
    await this.region.getByRole('button', { name: label, exact: true }).click();
  }

  /** Ids of the nodes lit by "why do I believe this". */
  async whyNodeIds(): Promise<string[]> {
    return (await this.canvas.locator('.lineage-node.why').evaluateAll((els) => els.map((el) => el.getAttribute('data-node-id') ?? ''))).sort();
  }

  async press(key: string): Promise<void> {
    await this.canvas.focus();
    await this.page.keyboard.press(key);
  }

  /** Clicks an export button and returns the downloaded file's bytes. */
  async export(format: 'PNG' | 'SVG'): Promise<{ name: string; bytes: Buffer }> {
    const download = this.page.waitForEvent('download');
    await this.region.getByRole('button', { name: `Export ${format}` }).click();
    const file = await download;
    const path = await file.path();
    return { name: file.suggestedFilename(), bytes: readFileSync(path) };
  }
}
