/**
 * The editing views in the UI bench, measured from inside the page like the rest of it:
 *   - Overview → Review: the click on the navigation link to the first frame with the first
 *     item's words on screen (the "first item"); and a cold page load of #/review;
 *   - approve → next item painted: the `a` key (dispatched in the page) to the first frame where
 *     the next item's words replace the approved one's; and to the server's answer (its toast);
 *   - Overview → Contradictions: the click to the first frame with a case (the first page) on
 *     screen; and a cold page load of #/contradictions.
 * The consolidation scheduler is paused (a run it started is cancelled) while these run: a run
 * holds the write lock for whole clusters, and an approval would measure the wait for it. The
 * approvals are taken back afterwards with `u`, one undo per approval (the bench mind keeps its
 * queue; its journal grows by those rows).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { summarize, type Timing } from './measure';

/** The targets. */
export const EDITING_TARGETS: Readonly<Record<string, number>> = {
  'Overview → Review (click → first item)': 300,
  'approve → next item painted': 100,
  'Overview → Contradictions (click)': 300,
};

const LIMIT_MS = 60_000;

/** In the page (plain JavaScript: the bench has no DOM types). */
const PROBE = `(() => {
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  const appeared = (selector) => new Promise((resolve) => {
    const check = () => document.querySelector(selector) !== null;
    if (check()) return nextFrame().then(resolve);
    new MutationObserver((_, observer) => {
      if (!check()) return;
      observer.disconnect();
      nextFrame().then(resolve);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const content = () => document.querySelector('article.review-item [data-testid="review-content"]')?.textContent ?? null;
  window.__editBench = {
    firstItem: appeared('article.review-item [data-testid="review-content"]'),
    firstCase: appeared('article.case'),
    /** Clicks the navigation link to a view; resolves with ms to the first frame showing \`selector\`. */
    navigate(href, selector, limitMs) {
      return new Promise((resolve, reject) => {
        const link = document.querySelector('nav a[href="' + href + '"]');
        if (link === null) return reject(new Error('no navigation link ' + href));
        const started = performance.now();
        const timer = setTimeout(() => { observer.disconnect(); reject(new Error('nothing within ' + limitMs + ' ms')); }, limitMs);
        const observer = new MutationObserver(() => {
          if (document.querySelector(selector) === null) return;
          observer.disconnect();
          clearTimeout(timer);
          nextFrame().then((at) => resolve(at - started));
        });
        observer.observe(document.body, { childList: true, subtree: true });
        link.click();
      });
    },
    /** Presses 'a' as a keyboard would; resolves with ms to the next item painted and to the server's answer. */
    approve(limitMs) {
      return new Promise((resolve, reject) => {
        const before = content();
        const id = document.querySelector('article.review-item')?.getAttribute('data-item-id');
        const answer = () => [...document.querySelectorAll('[data-testid="toast"]')].some((t) => t.textContent.includes('Approved: ' + id + '.'));
        const started = performance.now();
        let painted = null;
        let answered = null;
        const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no next item within ' + limitMs + ' ms')); }, limitMs);
        const check = () => {
          if (answered === null && answer()) answered = performance.now() - started;
          if (painted !== null && painted >= 0 && answered !== null) {
            observer.disconnect();
            clearTimeout(timer);
            resolve({ painted, answered });
          }
        };
        const observer = new MutationObserver(() => {
          if (painted === null && content() !== null && content() !== before) {
            painted = -1;
            nextFrame().then((at) => { painted = at - started; check(); });
          }
          if (painted !== -1) check();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
      });
    },
  };
})();`;

export interface EditingFigures {
  timings: Timing[];
  /** What waited: the queue's total, open contradictions (as the pages said). */
  queueTotal: string;
  openContradictions: string;
}

async function probe<T>(page: Page, call: string): Promise<T> {
  return (await page.evaluate(`window.__editBench.${call}`)) as T;
}

/** A contract call over the host's HTTP transport, signed in by the context's token cookie. */
async function call(context: BrowserContext, origin: string, name: string): Promise<void> {
  const response = await context.request.post(`${origin}/api/call/${name}`, { data: {} });
  if (!response.ok()) throw new Error(`${name}: HTTP ${response.status()}`);
}

export async function measureEditing(context: BrowserContext, origin: string, reps: number): Promise<EditingFigures> {
  await call(context, origin, 'consolidation.pause');
  await call(context, origin, 'consolidation.cancel');
  try {
    return await measure(context, origin, reps);
  } finally {
    await call(context, origin, 'consolidation.resume');
  }
}

async function measure(context: BrowserContext, origin: string, reps: number): Promise<EditingFigures> {
  await context.addInitScript({ content: PROBE });
  const openQueue: number[] = [];
  const openCases: number[] = [];
  const toQueue: number[] = [];
  const toCases: number[] = [];
  // One untimed round first, as the rest of the UI bench does.
  for (let rep = -1; rep < reps; rep++) {
    process.stderr.write(`ui bench (editing): load repetition ${rep + 1} of ${reps}\r`);
    const review = await context.newPage();
    await review.goto(`${origin}/#/review`);
    const first = await probe<number>(review, 'firstItem');
    await review.close();
    const cases = await context.newPage();
    await cases.goto(`${origin}/#/contradictions`);
    const firstCase = await probe<number>(cases, 'firstCase');
    await cases.close();
    const overview = await context.newPage();
    await overview.goto(`${origin}/#/overview`);
    await overview.getByRole('link', { name: /^Memories: / }).waitFor({ timeout: LIMIT_MS });
    const navigatedToQueue = await probe<number>(overview, `navigate('#/review', 'article.review-item [data-testid="review-content"]', ${LIMIT_MS})`);
    await overview.goto(`${origin}/#/overview`);
    await overview.getByRole('link', { name: /^Memories: / }).waitFor({ timeout: LIMIT_MS });
    const navigatedToCases = await probe<number>(overview, `navigate('#/contradictions', 'article.case', ${LIMIT_MS})`);
    await overview.close();
    if (rep < 0) continue;
    openQueue.push(first);
    openCases.push(firstCase);
    toQueue.push(navigatedToQueue);
    toCases.push(navigatedToCases);
  }
  process.stderr.write('\n');

  const page = await context.newPage();
  await page.goto(`${origin}/#/review`);
  await probe<number>(page, 'firstItem');
  const queueTotal = (await page.getByTestId('review-total').textContent({ timeout: LIMIT_MS })) ?? '';
  const painted: number[] = [];
  const answered: number[] = [];
  for (let rep = 0; rep < reps; rep++) {
    process.stderr.write(`ui bench (editing): approval ${rep + 1} of ${reps}\r`);
    const result = await probe<{ painted: number; answered: number }>(page, `approve(${LIMIT_MS})`);
    painted.push(result.painted);
    answered.push(result.answered);
  }
  process.stderr.write('\n');
  // Take the approvals back, one undo each, waiting for each to land.
  for (let rep = 0; rep < reps; rep++) {
    const undone = page.getByText(/^Undid approve of /).first();
    await page.keyboard.press('u');
    await undone.waitFor({ timeout: LIMIT_MS });
    await page.evaluate(`document.querySelectorAll('[data-testid="toast"]').forEach((t) => t.querySelector('button[aria-label="Dismiss notification"]')?.click())`);
  }
  await page.close();

  const casesPage = await context.newPage();
  await casesPage.goto(`${origin}/#/contradictions`);
  await probe<number>(casesPage, 'firstCase');
  const openContradictions = (await casesPage.getByRole('button', { name: /^Open/ }).textContent({ timeout: LIMIT_MS })) ?? '';
  await casesPage.close();

  return {
    timings: [
      summarize('Overview → Review (click → first item)', toQueue),
      summarize('Review, cold page load → first item', openQueue),
      summarize('approve → next item painted', painted),
      summarize('approve → server answered (toast)', answered),
      summarize('Overview → Contradictions (click)', toCases),
      summarize('Contradictions, cold load → 1st case', openCases),
    ],
    queueTotal,
    openContradictions,
  };
}
