/**
 * The Lineage tab: a deep chain read to each depth, a hidden neighbour expanded, "why do I believe
 * this" lit down to the raw captures, refocusing by double-click and by keyboard, the PNG and
 * SVG exports, and a large graph opened zoomed out on the overview canvas.
 */
import { expect, test } from '../fixtures';
import { LineagePage } from '../pages/lineage-page';
import { NODE_HEIGHT, LAYER_GAP } from '../../shared/lineage-layout';
import { type LargeLineageMind, type LineageMind, writeLargeLineageMind, writeLineageMind } from '../support/lineage-minds';
import { saveScreenshot } from '../support/screenshots';

let built: LineageMind;
// Layouts run in a worker that starts elk first: slow on a busy machine, so these tests get more time.
test.describe.configure({ timeout: 180_000 });
test.use({
  mind: {
    kind: 'file',
    write: (dir) => {
      built = writeLineageMind(dir);
      return built.path;
    },
  },
});

/** Everything within three steps of the focus, both ways (the default view). */
const nearFocus = (m: LineageMind) => [m.value, m.focus, m.superseded, m.episodes.side, m.notes[0], m.raw.side, m.notes[1]] as string[];
const everything = (m: LineageMind) => [m.value, m.focus, m.superseded, m.episodes.side, m.raw.side, ...m.notes, m.episodes.chain, m.raw.chain];

test('a deep chain read to each depth, one way and both', async ({ app }, testInfo) => {
  const lineage = new LineagePage(app.page);
  await lineage.open(app.go, built.focus);
  await expect(app.page.locator('.memory-tabs a[data-tab="lineage"]')).toHaveAttribute('aria-current', 'page');
  await lineage.expectNodes(nearFocus(built));
  await expect(lineage.summary).toContainText('7 memories');
  await lineage.expectLinksDrawn();
  await expect(lineage.node(built.superseded)).toHaveClass(/dimmed/);
  await expect(lineage.legend.getByRole('listitem')).toHaveCount(7);
  await saveScreenshot(app.page, testInfo, 'lineage depth 3');

  await lineage.setDepth('all');
  await lineage.expectNodes(everything(built));
  await expect(lineage.node(built.raw.chain)).toHaveAttribute('data-depth', '7');
  await lineage.expectLinksDrawn();
  await saveScreenshot(app.page, testInfo, 'lineage all depths');

  await lineage.setDepth(1);
  await lineage.expectNodes([built.value, built.focus, built.superseded, built.episodes.side]);
  // + and − step the depth from the keyboard.
  await lineage.press('+');
  await expect(lineage.depth).toHaveValue('2');
  await lineage.expectNodes([built.value, built.focus, built.superseded, built.episodes.side, built.notes[0] as string, built.raw.side]);
  await lineage.press('-');
  await expect(lineage.depth).toHaveValue('1');

  await lineage.setDirection('What depends on this');
  await lineage.expectNodes([built.value, built.focus]);
  await lineage.setDirection('Why');
  await lineage.expectNodes([built.focus, built.superseded, built.episodes.side]);
});

test('a node with hidden neighbours shows how many and expands on demand', async ({ app }) => {
  const lineage = new LineagePage(app.page);
  await lineage.open(app.go, built.focus);
  const farthest = built.notes[1] as string;
  const more = lineage.node(farthest).getByRole('button', { name: `Show 1 hidden neighbours of ${farthest}` });
  await expect(more).toHaveText('+1');
  await more.click();
  await lineage.expectNodes([...nearFocus(built), built.notes[2] as string]);
  await expect(lineage.node(built.notes[2] as string)).toHaveAttribute('data-depth', '4');
  // The expanded node hides nothing now; the new one hides its own next step.
  await expect(lineage.node(farthest).locator('.lineage-more')).toHaveCount(0);
  await expect(lineage.node(built.notes[2] as string).locator('.lineage-more')).toHaveText('+1');

  // The same from the keyboard: select the new node, E expands it.
  await lineage.node(built.notes[2] as string).click();
  await expect(lineage.card).toHaveAttribute('data-memory-id', built.notes[2] as string);
  await lineage.press('e');
  await lineage.expectNodes([...nearFocus(built), built.notes[2] as string, built.notes[3] as string]);
});

test('"why do I believe this" lights every path down to the raw captures', async ({ app }, testInfo) => {
  const lineage = new LineagePage(app.page);
  await lineage.open(app.go, built.focus);
  await lineage.setDepth('all');
  await lineage.expectNodes(everything(built));
  await lineage.why.click();
  await expect(lineage.why).toHaveAttribute('aria-pressed', 'true');
  // Every ancestor is on a path; the dependent value is not.
  await expect.poll(() => lineage.whyNodeIds()).toEqual(everything(built).filter((id) => id !== built.value).sort());
  await expect(lineage.node(built.raw.chain)).toHaveClass(/why/);
  await expect(lineage.node(built.raw.side)).toHaveClass(/why/);
  await expect(lineage.summary).toContainText('on the paths to 2 roots');
  await expect(lineage.canvas.locator('.lineage-edge.why')).not.toHaveCount(0);
  await saveScreenshot(app.page, testInfo, 'lineage why paths');
  await lineage.press('Escape');
  await expect.poll(() => lineage.whyNodeIds()).toEqual([]);
  await lineage.press('w');
  await expect(lineage.why).toHaveAttribute('aria-pressed', 'true');
});

test('refocus by double-click, and by arrows and Enter', async ({ app }, testInfo) => {
  const lineage = new LineagePage(app.page);
  await lineage.open(app.go, built.focus);
  await lineage.node(built.superseded).click();
  await expect(lineage.card).toContainText('Friday deploys are risky');
  await expect(lineage.card.getByRole('link', { name: 'Open memory' })).toHaveAttribute('href', `#/memory/${built.superseded}`);
  await saveScreenshot(app.page, testInfo, 'lineage selected node');

  await lineage.node(built.superseded).dblclick();
  await expect(app.page).toHaveURL(new RegExp(`#/memory/${built.superseded}/lineage$`));
  await lineage.expectReady();
  await expect(lineage.node(built.superseded)).toHaveClass(/focus/);
  await expect(lineage.node(built.focus)).toBeVisible();

  // Keyboard: the first arrow selects the focus, Down moves to what it stands on, Enter refocuses there.
  await lineage.press('ArrowDown');
  await expect(lineage.node(built.superseded)).toHaveClass(/selected/);
  await lineage.press('ArrowDown');
  const chosen = await lineage.card.getAttribute('data-memory-id');
  expect([built.notes[0], built.episodes.side]).toContain(chosen);
  await lineage.press('Enter');
  await expect(app.page).toHaveURL(new RegExp(`#/memory/${chosen}/lineage$`));
  await lineage.expectReady();
  await expect(lineage.node(chosen as string)).toHaveClass(/focus/);
});

test('finds a node by words', async ({ app }) => {
  const lineage = new LineagePage(app.page);
  await lineage.open(app.go, built.focus);
  await lineage.find.fill('rollback hour');
  await lineage.find.press('Enter');
  await expect(lineage.card).toHaveAttribute('data-memory-id', built.raw.side);
  await expect(lineage.node(built.raw.side)).toHaveClass(/match/);
});

test('exports a PNG and a valid SVG', async ({ app }) => {
  const lineage = new LineagePage(app.page);
  await lineage.open(app.go, built.focus);
  const png = await lineage.export('PNG');
  expect(png.name).toBe(`lineage-${built.focus}.png`);
  expect(png.bytes.length).toBeGreaterThan(1000);
  expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');

  const svg = await lineage.export('SVG');
  expect(svg.name).toBe(`lineage-${built.focus}.svg`);
  const text = svg.bytes.toString('utf8');
  const parsed = await app.page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    return {
      error: doc.getElementsByTagName('parsererror').length,
      root: doc.documentElement.localName,
      boxes: doc.querySelectorAll('g > rect:first-child').length,
      lines: doc.querySelectorAll('line').length,
      texts: [...doc.querySelectorAll('text')].map((t) => t.textContent ?? ''),
    };
  }, text);
  expect(parsed.error).toBe(0);
  expect(parsed.root).toBe('svg');
  expect(parsed.boxes).toBe(nearFocus(built).length);
  expect(parsed.lines).toBeGreaterThanOrEqual(nearFocus(built).length - 1);
  expect(parsed.texts).toContain('Friday deploys are risky');
});

test.describe('a large graph', () => {
  let large: LargeLineageMind;
  test.use({
    mind: {
      kind: 'file',
      write: (dir) => {
        large = writeLargeLineageMind(dir);
        return large.path;
      },
    },
  });

  test('opens zoomed out on the overview canvas, selects and refocuses the box clicked, and draws nodes zoomed in', async ({ app }, testInfo) => {
    const lineage = new LineagePage(app.page);
    await lineage.open(app.go, large.focus);
    await expect(lineage.summary).toContainText(`${large.size} memories`);
    await expect(lineage.overview).toHaveAttribute('data-drawn', 'true');
    await expect(lineage.overview).toHaveAttribute('data-node-count', String(large.size));
    // React Flow draws the focus alone; the canvas draws the rest.
    await lineage.expectNodes([large.focus]);
    await saveScreenshot(app.page, testInfo, 'lineage large overview');

    // An episode lies one layer below the focus: a click there selects it, a double-click refocuses on it.
    const transform = (await app.page.locator('.react-flow__viewport').getAttribute('style')) ?? '';
    const zoom = Number(/scale\(([\d.]+)\)/.exec(transform)?.[1]);
    const focusBox = await lineage.node(large.focus).boundingBox();
    if (focusBox === null) throw new Error('the focus is not drawn');
    const episodeAt = { x: focusBox.x + focusBox.width / 2, y: focusBox.y + focusBox.height + (LAYER_GAP + NODE_HEIGHT / 2) * zoom };
    await app.page.mouse.click(episodeAt.x, episodeAt.y);
    await expect(lineage.card).toContainText('Incident review');
    const episode = await lineage.card.getAttribute('data-memory-id');
    await lineage.expectNodes([large.focus, episode as string].sort());

    // The keyboard brings the selection close enough to read: React Flow draws the nodes again.
    await lineage.press('ArrowUp');
    await expect(lineage.overview).toHaveCount(0);
    await expect.poll(async () => (await lineage.nodeIds()).length).toBeGreaterThan(2);
    await lineage.press('f');
    await expect(lineage.overview).toHaveAttribute('data-drawn', 'true');

    await app.page.mouse.dblclick(episodeAt.x, episodeAt.y);
    await expect(app.page).toHaveURL(/#\/memory\/ep_\w+\/lineage$/);
    await lineage.expectReady();
  });
});

