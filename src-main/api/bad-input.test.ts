import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, apiFixture, callOk, expectTypedAnswer } from './api-test-support';
import { junkRequests } from './junk-payloads';

let f: ApiFixture;
beforeAll(async () => {
  f = apiFixture();
  await callOk(f.api, 'session.open', { path: f.mindPath });
});
afterAll(() => f.dispose());

describe('dispatch under malformed input', () => {
  it('answers 400 seeded junk requests with typed errors, and keeps working', async () => {
    const before = await callOk(f.api, 'mind.overview');
    let refused = 0;
    let sent = 0;
    for (const junk of junkRequests(20_240_601, 400)) {
      // Only switch minds on purpose: junk paths may not open files that exist.
      if (junk.name.startsWith('session.') && junk.name !== 'session.status') continue;
      const result = await f.api.dispatch(junk.name, JSON.parse(junk.json));
      sent += 1;
      expectTypedAnswer(junk.name, result);
      if (!result.ok) refused += 1;
    }
    expect(refused).toBeGreaterThan(sent * 0.8);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    // Nothing was written by any of it, and a valid call still answers.
    expect(await callOk(f.api, 'mind.overview')).toEqual(before);
    expect((await callOk(f.api, 'memories.get', { id: f.ids.belief })).version).toBe(1);
  });
});
