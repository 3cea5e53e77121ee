/**
 * The contradiction workbench: a scan started here (with its progress) finds the pairs; each is
 * shown side by side with its evidence, confidence and tier, and resolved each way there is —
 * supersede (B by A and A by B), reconcile, tension, scope, archive; resolved ones stay listed with
 * their resolution, and one is reopened. Every resolution is checked in the mind file.
 */
import { expect, test } from '../fixtures';
import { type ContradictionMind, writeContradictionMind } from '../support/editing-minds';
import { saveScreenshot } from '../support/screenshots';

let built: ContradictionMind;
test.use({
  mind: {
    kind: 'file',
    write: (dir) => {
      built = writeContradictionMind(dir, { scanned: false });
      return built.path;
    },
  },
});

test('scan, then resolve each kind of contradiction, and reopen one', async ({ app, outside }, testInfo) => {
  const store = outside();
  const { contradictions: bench } = app;
  await bench.open(app.go);
  await expect(app.page.getByRole('status').filter({ hasText: 'No open contradictions' })).toBeVisible();
  await bench.scanButton.click();
  await expect(bench.scanStatus).toContainText(/Last scan: \d+ beliefs compared, 6 new found\./);
  await expect(bench.tab('Open')).toHaveText('Open (6)');
  await expect(app.shell.nav.getByTestId('nav-count-openContradictions')).toHaveText(/6/);

  const [tests, fridays, meetings, functions, squash, pins] = built.pairs;
  if (!tests || !fridays || !meetings || !functions || !squash || !pins) throw new Error('six pairs expected');

  // Supersede B by A: A stays and supersedes B.
  await bench.show(tests.a.content);
  await expect(bench.side('A')).toContainText('Saw it: always write tests before merging');
  await expect(bench.side('A')).toContainText('observed');
  await saveScreenshot(app.page, testInfo, 'contradictions-open');
  await bench.resolution(/^Supersede one by the other/).check();
  await bench.keep('A').check();
  await bench.resolve();
  await expect.poll(() => store.view(tests.b.id)).toMatchObject({ status: 'superseded', supersededBy: tests.a.id });

  // Supersede A by B.
  await bench.show(fridays.a.content);
  await bench.keep('B').check();
  await bench.resolve();
  await expect.poll(() => store.view(fridays.a.id)).toMatchObject({ status: 'superseded', supersededBy: fridays.b.id });

  // Reconcile both into a new belief.
  await bench.show(meetings.a.content);
  await bench.resolution(/^Reconcile/).check();
  await bench.resolveForm.getByLabel('The new belief').fill('Fewer, shorter meetings help the team');
  await bench.resolve();
  await expect.poll(() => store.view(meetings.a.id).status).toBe('superseded');
  const reconciled = store.view(meetings.a.id).supersededBy ?? '';
  expect(store.view(reconciled)).toMatchObject({ content: 'Fewer, shorter meetings help the team', reviewStatus: 'approved' });
  expect(store.view(meetings.b.id).supersededBy).toBe(reconciled);

  // An acknowledged tension needs its note: refused by the form until it has one.
  await bench.show(functions.a.content);
  await bench.resolution(/^Keep both as a tension/).check();
  await bench.resolve();
  await expect(bench.resolveForm.getByRole('alert')).toHaveText('Say why both stand: a tension needs a note.');
  await bench.resolveForm.getByLabel(/^Note/).fill('Long functions read well in parsers, badly elsewhere');
  await bench.resolve();
  await expect(bench.list).not.toContainText(functions.a.content);

  // Scope each to its context: a side that already names one starts from it.
  await bench.show(squash.a.content);
  await bench.resolution(/^Scope each/).check();
  await expect(bench.resolveForm.getByLabel('Context where A holds')).toHaveValue('feature branches');
  await expect(bench.resolveForm.getByLabel('Context where B holds')).toHaveValue('');
  await bench.resolveForm.getByLabel('Context where B holds').fill('release branches');
  await bench.resolve();
  await expect.poll(() => store.view(squash.a.id).fields.context).toBe('feature branches');
  expect(store.view(squash.b.id).fields.context).toBe('release branches');

  // Archive one.
  await bench.show(pins.a.content);
  await bench.resolution(/^Archive one/).check();
  await bench.keep('A').check();
  await bench.resolve();
  await expect.poll(() => store.view(pins.b.id).status).toBe('archived');
  await expect(app.page.getByRole('status').filter({ hasText: 'No open contradictions' })).toBeVisible();

  // Resolved ones stay listed, each with how; one is reopened.
  await bench.tab('Resolved').click();
  await expect(bench.tab('Resolved')).toHaveText('Resolved (6)');
  for (const resolution of ['supersede', 'reconcile', 'tension', 'scope', 'archive']) {
    await expect(bench.list.locator('.badge-resolution', { hasText: resolution }).first()).toBeVisible();
  }
  await bench.show(functions.a.content);
  await expect(bench.card).toContainText('Acknowledged as tension by user');
  await expect(bench.card).toContainText('Long functions read well in parsers');
  await saveScreenshot(app.page, testInfo, 'contradictions-resolved');
  await bench.card.getByRole('button', { name: 'Reopen' }).click();
  await expect(bench.tab('Open')).toHaveText('Open (1)');
  await bench.tab('Open').click();
  await expect(bench.card).toContainText(functions.a.content);
});
