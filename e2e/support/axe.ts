/**
 * The accessibility check every view runs: axe-core (through @axe-core/playwright) over the whole
 * page as it stands, with its default rules. Serious and critical violations fail the test; the
 * full report of every violation is attached to the test either way, for a person to read.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on the page; fails on serious or critical findings, naming each rule and element. */
export async function expectAccessible(page: Page, testInfo: TestInfo, view: string): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).analyze();
  const findings: AxeFinding[] = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  await testInfo.attach(`axe: ${view}`, { body: JSON.stringify(findings, null, 2), contentType: 'application/json' });
  const blocking = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  expect(blocking, `axe on ${view}: ${blocking.map((f) => `${f.rule} (${f.impact}) on ${f.targets.length} element(s): ${f.targets.slice(0, 5).join(', ')}`).join('; ')}`).toEqual([]);
  return findings;
}
