/** Forgetting through the host, as the app does: impact, typed confirmation, and then gone from the file's bytes. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemory } from '../../mind/create';
import { openMind } from '../../mind/mind';
import { fileBytesHold } from '../cli/cli-test-kit';
import { startTestHost, type TestHost } from './host-test-support';

let host: TestHost | null = null;
let dir = '';
afterEach(async () => {
  await host?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('forget through the host', () => {
  it('shows the impact, refuses without the first words, and then the words leave the file and its log', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mindloom-forget-host-'));
    const path = join(dir, 'agent.mindloom');
    const seed = openMind(path);
    const secret = createMemory(seed, { type: 'episode', content: 'Deploy key for prod is quokkaboat-19, keep it safe' }, { actor: 'agent:coder' });
    const belief = createMemory(seed, { type: 'belief', content: 'Prod deploys need the deploy key', evidence: [secret.id] }, { actor: 'agent:coder' });
    seed.close();
    host = await startTestHost({ mindPath: path, pollMs: 100 });
    // An agent writing to the same file meanwhile, over its own connection.
    const agent = openMind(path, { mustExist: true });
    try {
      createMemory(agent, { type: 'note', content: 'Agent note written while the app is open' }, { actor: 'agent:coder' });
      const before = fileBytesHold(path, 'quokkaboat');
      expect(before.main || before.wal).toBe(true);

      const impact = await host.call('memories.forgetImpact', { id: secret.id });
      expect(impact.body).toMatchObject({
        ok: true,
        value: {
          id: secret.id,
          confirmation: 'Deploy key for',
          refusal: null,
          dependents: { total: 1, losingEvidence: 1, items: [{ id: belief.id, kind: 'evidence', preview: 'Prod deploys need the deploy key' }] },
        },
      });

      const wrong = await host.call('memories.forget', { id: secret.id, expectedVersion: 1, confirmation: 'Deploy key' });
      expect(wrong.body).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { expected: 'Deploy key for' } } });
      const unchanged = await host.call('memories.get', { id: secret.id });
      expect(unchanged.body).toMatchObject({ ok: true, value: { status: 'active', content: 'Deploy key for prod is quokkaboat-19, keep it safe' } });

      const forgotten = await host.call('memories.forget', { id: secret.id, expectedVersion: 1, confirmation: '  deploy KEY  for ', reason: 'a credential' });
      expect(forgotten.body).toMatchObject({
        ok: true,
        value: { view: { id: secret.id, status: 'forgotten', content: '' }, logCleared: true, affected: [belief.id] },
      });
      expect(fileBytesHold(path, 'quokkaboat')).toEqual({ main: false, wal: false });
      // The memory that stood on it stays, and no longer counts it as evidence.
      const after = await host.call('memories.get', { id: belief.id });
      expect(after.body).toMatchObject({ ok: true, value: { status: 'active', eventEvidenceCount: 0 } });
    } finally {
      agent.close();
    }
  });
});
