/**
 * Shared by the API's and the transports' tests: a session in a temp app-data folder, a platform
 * for it, and a mind file with a few memories written through the real operations.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { CALLS, type CallName, type CallResponse, type CallResult, ErrorEnvelopeSchema } from '../../shared/contract';
import type { ErrorCode } from '../../shared/errors';
import { createMemory } from '../mind/create';
import { openMind } from '../mind/mind';
import { type Api, createApi } from './api';
import { environmentSecrets, type Platform, type SecretStore } from './platform';
import { createSession, type Session } from './session';

export interface ApiFixture {
  dir: string;
  session: Session;
  api: Api;
  /** A mind file with the memories below, not open yet. */
  mindPath: string;
  ids: { belief: string; episode: string; note: string };
  dispose(): Promise<void>;
}

/** A shell that keeps secrets in memory: stands in for Electron's safeStorage, absent here. */
export function memorySecrets(): SecretStore {
  const kept = new Map<string, string>();
  return { writable: true, get: (name) => kept.get(name) ?? null, set: (name, value) => void kept.set(name, value) };
}

export function testPlatform(appDataDir: string, secrets: SecretStore = environmentSecrets({})): Platform {
  return { transport: 'http', appVersion: '0.0.0-test', appDataDir, pickFile: null, secrets };
}

/** Writes a small mind: an episode, a belief derived from it, a note. */
export function writeSmallMind(path: string): ApiFixture['ids'] {
  const mind = openMind(path);
  try {
    const user = { actor: 'user' };
    const episode = createMemory(mind, { type: 'episode', content: 'Shipped the sync fix on Friday' }, user);
    const belief = createMemory(
      mind,
      { type: 'belief', content: 'Friday releases go wrong', derivedFrom: [episode.id], confidence: 0.7 },
      user,
    );
    const note = createMemory(mind, { type: 'note', content: 'Ask Claire about the release train' }, user);
    return { belief: belief.id, episode: episode.id, note: note.id };
  } finally {
    mind.close();
  }
}

export function apiFixture(
  options: { secrets?: SecretStore; pollMs?: number; logError?: (message: string, error: unknown) => void } = {},
): ApiFixture {
  const dir = mkdtempSync(join(tmpdir(), 'mindloom-api-'));
  const mindPath = join(dir, 'small.mindloom');
  const ids = writeSmallMind(mindPath);
  const session = createSession({ appDataDir: join(dir, 'app-data'), pollMs: options.pollMs });
  // No background polling: a test tells the scheduler about changes through the session's events.
  const api = createApi(session, testPlatform(join(dir, 'app-data'), options.secrets), { schedulerOptions: { pollMs: null }, logError: options.logError });
  return {
    dir,
    session,
    api,
    mindPath,
    ids,
    async dispose() {
      await api.dispose();
      session.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Calls and expects success; the value must match the call's response schema. */
export async function callOk<N extends CallName>(api: Api, name: N, payload?: unknown): Promise<CallResponse<N>> {
  const result = await api.dispatch(name, payload);
  if (!result.ok) throw new Error(`${name} failed: ${result.error.code}: ${result.error.message}`);
  return CALLS[name].response.parse(result.value) as CallResponse<N>;
}

/** Calls and expects a typed error with `code`; returns the envelope. */
export async function callFails(api: Api, name: string, payload: unknown, code: ErrorCode) {
  const result: CallResult = await api.dispatch(name, payload);
  expect(result.ok, `${name} should fail with ${code}`).toBe(false);
  if (result.ok) throw new Error('unreachable');
  expect(result.error.code).toBe(code);
  expect(result.error.message.length).toBeGreaterThan(0);
  return result.error;
}

/** Polls `check` until it holds (generous bound; no timing is asserted). */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

/** Junk may happen to be valid (an empty object for a call without payload): then it must be a valid answer. */
export function expectTypedAnswer(name: string, result: CallResult): void {
  if (result.ok) {
    expect(name in CALLS, `${name} answered ok`).toBe(true);
    return;
  }
  expect(ErrorEnvelopeSchema.safeParse(result.error).success, JSON.stringify(result.error).slice(0, 300)).toBe(true);
  expect(result.error.code).not.toBe('internal');
}
