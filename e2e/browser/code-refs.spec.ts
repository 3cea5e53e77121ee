/**
 * Code-grounded memories in the app, against a real git repository: after a commit changes a
 * referenced line, Settings → Code finds it, the Overview counts it, the memory page shows the
 * reference changed with the diff of its line, and Re-verify grounds it again, which Undo takes back.
 * Removing and adding a repository in Settings → Code are undone from their toasts.
 */
import { join } from 'node:path';
import { addRepo } from '../../src-main/mind/code-refs/repos';
import { sourceLines, tempRepo } from '../../src-main/mind/code-refs/code-refs-test-support';
import { verifyMemory } from '../../src-main/mind/confidence-ops';
import { createMemory } from '../../src-main/mind/create';
import { openMind } from '../../src-main/mind/mind';
import { approveMemory } from '../../src-main/mind/review';
import { expect, test } from '../fixtures';
import { CodeRefsPage } from '../pages/code-refs-page';
import { expectAccessible } from '../support/axe';
import { saveScreenshot } from '../support/screenshots';

const REF = 'src/db/pool.ts:18';
let beliefId = '';

test.use({
  mind: {
    kind: 'file',
    write(dir) {
      const repo = tempRepo('repo-', dir);
      repo.write('src/db/pool.ts', sourceLines('pool', 30).join('\n') + '\n');
      repo.commit('first');
      const path = join(dir, 'grounded.mindloom');
      const mind = openMind(path);
      try {
        const belief = createMemory(mind, { type: 'belief', content: 'The connection pool caps at 10', evidenceRefs: [{ kind: 'code', ref: REF }] }, { actor: 'user' });
        approveMemory(mind, belief.id, { actor: 'user' });
        verifyMemory(mind, belief.id, {}, { actor: 'user' });
        addRepo(mind, repo.dir, 'user');
        beliefId = belief.id;
      } finally {
        mind.close();
      }
      const pool = sourceLines('pool', 30);
      pool[17] = '// pool line 18: the cap is now 20';
      repo.write('src/db/pool.ts', pool.join('\n') + '\n');
      repo.commit('raise the cap');
      return path;
    },
  },
});

test('a changed line: found, counted, shown with its diff; Re-verify and its Undo', async ({ app }, testInfo) => {
  const code = new CodeRefsPage(app.page);
  await app.overview.expectLoaded();
  await app.shell.goTo('Settings');
  await code.checkNow.click();
  // The app checks on its own when HEAD moves: whichever check came first, the change is listed.
  await expect(code.staleList).toContainText(`${REF} changed since it was verified at`);
  await saveScreenshot(app.page, testInfo, 'settings-code');

  await app.shell.goTo('Overview');
  await expect.poll(() => app.overview.stat('Code changed')).toBe(1);

  await app.page.goto(`${app.page.url().split('#')[0]}#/memory/${beliefId}`);
  await app.memory.expectShowing(beliefId);
  await expect(code.reference(REF)).toHaveAttribute('data-state', 'changed');
  await code.diffToggle(REF).click();
  await expect(code.diff(REF)).toContainText('- // pool line 18');
  await expect(code.diff(REF)).toContainText('+ // pool line 18: the cap is now 20');
  await saveScreenshot(app.page, testInfo, 'memory-code-ref-diff');
  await expectAccessible(app.page, testInfo, 'memory-code-ref');

  await code.reverify(REF).click();
  const done = app.toasts.withText(`Re-verified ${REF}`);
  await expect(done).toContainText('is grounded');
  await expect(code.reference(REF)).toHaveAttribute('data-state', 'current');
  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(code.reference(REF)).toHaveAttribute('data-state', 'changed');
});

test('removing a repository and adding one are each undone from their toast', async ({ app }) => {
  const code = new CodeRefsPage(app.page);
  await app.overview.expectLoaded();
  await app.shell.goTo('Settings');
  await expect(code.repos).toHaveCount(1);
  const path = (await code.repos.first().locator('code').textContent()) as string;

  await code.remove(path).click();
  const removed = app.toasts.withText(`Removed ${path}`);
  await expect(removed).toContainText('1 references no longer anchored');
  await expect(code.repos).toHaveCount(0);
  await removed.getByRole('button', { name: 'Undo' }).click();
  await expect(code.repos).toHaveCount(1);
  await expect(code.repos.first()).toContainText('1 refs');

  await code.remove(path).click();
  await expect(code.repos).toHaveCount(0);
  await code.folderInput.fill(path);
  await code.add.click();
  const added = app.toasts.withText(`Added ${path}`);
  await expect(added).toContainText('anchored 1 references');
  await expect(code.repos).toHaveCount(1);
  await added.getByRole('button', { name: 'Undo' }).click();
  await expect(code.repos).toHaveCount(0);
  await expect(app.toasts.withText('Undid code repo add')).toBeVisible();
});
