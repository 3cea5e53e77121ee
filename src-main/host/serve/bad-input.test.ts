import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallResult } from '../../../shared/contract';
import { expectTypedAnswer, writeSmallMind } from '../../api/api-test-support';
import { junkRequests, seededRandom } from '../../api/junk-payloads';
import { rawRequest, startTestHost, type TestHost } from './host-test-support';

let t: TestHost;
let mindDir: string;
let ids: ReturnType<typeof writeSmallMind>;

beforeAll(async () => {
  mindDir = mkdtempSync(join(tmpdir(), 'mindloom-host-junk-'));
  const mindPath = join(mindDir, 'small.mindloom');
  ids = writeSmallMind(mindPath);
  t = await startTestHost({ mindPath });
});
afterAll(async () => {
  await t.dispose();
  rmSync(mindDir, { recursive: true, force: true });
});

describe('the host under malformed input', () => {
  it('answers 300 seeded junk calls with typed errors and stays up', async () => {
    const headers = { authorization: `Bearer ${t.host.token}`, 'content-type': 'application/json' };
    let sent = 0;
    for (const junk of junkRequests(7_041_991, 300)) {
      if (junk.name.startsWith('session.') && junk.name !== 'session.status') continue;
      const response = await fetch(`${t.base}/api/call/${encodeURIComponent(junk.name)}`, { method: 'POST', headers, body: junk.json });
      expect(response.status, junk.name).toBe(200);
      expectTypedAnswer(junk.name, (await response.json()) as CallResult);
      sent += 1;
    }
    expect(sent).toBeGreaterThan(200);
    expect((await t.call('memories.get', { id: ids.belief })).body).toMatchObject({ ok: true, value: { version: 1 } });
  });

  it('answers broken bodies, bytes and paths with an error status and a JSON envelope', async () => {
    const random = seededRandom(99);
    const auth = { authorization: `Bearer ${t.host.token}` };
    const bodies = [
      '',
      '{',
      'null',
      '[]',
      '"text"',
      '{"a":1}{"b":2}',
      '\u0000\u0001',
      Buffer.from(Array.from({ length: 64 }, () => Math.floor(random() * 256))).toString('latin1'),
    ];
    for (const body of bodies) {
      const response = await rawRequest(t.host.port, {
        path: '/api/call/memories.list',
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body,
      });
      expect([200, 400], JSON.stringify(body)).toContain(response.status);
      const envelope = JSON.parse(response.body) as CallResult;
      if (!envelope.ok) expect(envelope.error.code).toBe('invalid_input');
    }
    for (const path of ['/api/call/%E0%A4%A', '/api/call/a/b/c', '/api/call/%00', '/api/call/__proto__', '/%ff%fe']) {
      const response = await rawRequest(t.host.port, {
        path,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status, path).toBeLessThan(500);
      expect(JSON.parse(response.body)).toMatchObject({ ok: false });
    }
    expect((await t.call('session.status', {})).body).toMatchObject({ ok: true, value: { state: 'open' } });
  });
});
