/** Code-grounded memories in the app: Settings → Code, and a memory's code references with their state, diff and Re-verify. */
import { type Locator, type Page } from '@playwright/test';

export class CodeRefsPage {
  readonly card: Locator;
  readonly checkNow: Locator;
  readonly staleList: Locator;
  /** Settings → Code's repositories, one list item each. */
  readonly repos: Locator;
  readonly folderInput: Locator;
  readonly add: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByTestId('code-card');
    this.checkNow = this.card.getByRole('button', { name: 'Check references now' });
    this.staleList = this.card.getByTestId('stale-refs');
    this.repos = this.card.getByRole('list', { name: 'Repositories' }).getByRole('listitem');
    this.folderInput = this.card.getByLabel('Repository folder');
    this.add = this.card.getByRole('button', { name: 'Add', exact: true });
  }

  remove(path: string): Locator {
    return this.card.getByRole('button', { name: `Remove ${path}` });
  }

  /** The memory page's reference whose text is `ref`. */
  reference(ref: string): Locator {
    return this.page.getByTestId('evidence-ref').filter({ hasText: ref });
  }

  diffToggle(ref: string): Locator {
    return this.reference(ref).getByRole('button', { name: /Diff since verified|Hide diff/ });
  }

  diff(ref: string): Locator {
    return this.reference(ref).getByTestId('ref-diff');
  }

  reverify(ref: string): Locator {
    return this.reference(ref).getByRole('button', { name: 'Re-verify' });
  }
}
