import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CALL_NAMES, type MindEvent } from '../../shared/contract';
import { CODE_REF_CALLS } from '../../shared/contract/code-refs';
import type { ErrorCode } from '../../shared/errors';
import { EDITING_CALLS } from '../../shared/contract/editing';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { editMemory } from '../mind/edit';
import { openMind } from '../mind/mind';
import { type ApiFixture, apiFixture, callFails, callOk, memorySecrets, waitFor } from './api-test-support';

let f: ApiFixture;
beforeEach(() => {
  f = apiFixture();
});
afterEach(() => f.dispose());

describe('the handler table', () => {
  it('answers every call of the contract with a value that matches its response schema', async () => {
    await f.dispose();
    f = apiFixture({ secrets: memorySecrets() });
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const payloads: Record<string, unknown | (() => Promise<unknown>)> = {
      'session.open': { path: f.mindPath },
      'session.create': { path: join(f.dir, 'new.mindloom') },
      'memories.search': { query: 'Friday' },
      'memories.recall': { query: 'Friday deploys', types: ['belief', 'episode'] },
      'memories.get': { id: f.ids.belief },
      'memories.history': { id: f.ids.belief },
      'memories.explain': { id: f.ids.belief },
      'memories.lineage': { id: f.ids.belief, depth: null },
      'memories.lineageExpand': { id: f.ids.belief, direction: 'up', known: [], depth: 0 },
      'memories.edit': { id: f.ids.note, expectedVersion: 1, content: 'Ask Claire about the train' },
      'memories.archive': { id: f.ids.note },
      'memories.restore': { id: f.ids.note },
      'memories.setProtected': { id: f.ids.belief, protected: true },
      'memories.verify': { id: f.ids.belief, evidence: 'checked the release log' },
      'memories.locate': { ids: [f.ids.belief], bounds: [null] },
      'settings.update': { scheduler: { everyEpisodes: 5 } },
      'settings.setApiKey': { key: 'sk-test' },
      'memories.forgetImpact': { id: f.ids.episode },
      'memories.forget': { id: f.ids.episode, expectedVersion: 1, confirmation: 'Shipped the sync' },
      'memories.timeline': { id: f.ids.belief },
      'memories.changes': { id: f.ids.belief },
      'memories.confidenceTrails': { ids: [f.ids.belief, f.ids.note] },
      // memories.edit changed the note's words before: take them back to version 1.
      'memories.revertField': async () => ({
        id: f.ids.note,
        field: 'content',
        toVersion: 1,
        expectedVersion: (await callOk(f.api, 'memories.get', { id: f.ids.note })).version,
      }),
      // consolidation.runNow ran before: its run is the one whose changes are listed, and then reverted.
      'runs.changeset': async () => ({ runId: (await callOk(f.api, 'mind.overview')).lastRun?.id }),
      'consolidation.revert': async () => ({ runId: (await callOk(f.api, 'mind.overview')).lastRun?.id }),
      'diff.counts': { from: '2000-01-01T00:00:00Z' },
      'diff.page': { from: '2000-01-01T00:00:00Z', category: 'added' },
      'interop.preview': async () => {
        await callOk(f.api, 'interop.export', { format: 'json', path: 'api-test.json' });
        return { kind: 'json', path: 'api-test.json' };
      },
      'interop.import': { kind: 'json', path: 'api-test.json' },
      'interop.export': { format: 'markdown', path: 'api-test.md' },
      'interop.showDialog': { dialog: 'import' },
      'sources.unlink': { system: 'kernle', path: '/nowhere/memories.db' },
    };
    // session.openDemo and session.create switch minds: they run last, after everything that reads this one.
    // The editing calls need items to decide: they have their own round (editing-calls.test.ts).
    // interop.pickPath needs the desktop shell's dialogs: interop-calls.test.ts checks its refusal here.
    // The code reference calls need a git repository: code-refs-calls.test.ts.
    const general = CALL_NAMES.filter((n) => !(n in EDITING_CALLS) && !(n in CODE_REF_CALLS) && n !== 'interop.pickPath');
    const order = [...general.filter((n) => n !== 'session.openDemo' && n !== 'session.create'), 'session.openDemo', 'session.create'];
    expect(new Set(order)).toEqual(new Set(general));
    for (const name of order) {
      const payload = payloads[name];
      const result = await f.api.dispatch(name, typeof payload === 'function' ? await (payload as () => Promise<unknown>)() : (payload ?? {}));
      expect(result, name).toMatchObject({ ok: true });
      await callOk(f.api, 'session.status');
    }
  });

  it('lists, searches and shows memories as the contract shapes them', async () => {
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const page = await callOk(f.api, 'memories.list', { filter: { types: ['belief', 'note'] }, sort: 'created', direction: 'asc' });
    expect(page.items.map((m) => m.id)).toEqual([f.ids.belief, f.ids.note]);
    const found = await callOk(f.api, 'memories.search', { query: 'Friday' });
    const hit = found.items.find((h) => h.id === f.ids.belief);
    const snippet = hit?.snippet ?? { text: '', highlights: [] };
    expect(snippet.text).toContain('Friday releases go wrong');
    expect(snippet.highlights.map(([start, end]) => snippet.text.slice(start, end))).toEqual(['Friday']);
    const view = await callOk(f.api, 'memories.get', { id: f.ids.belief });
    expect(view.provenance.derivedFrom.map((r) => r.id)).toEqual([f.ids.episode]);
    const overview = await callOk(f.api, 'mind.overview');
    expect(overview.total).toBe(3);
    expect(overview.byType.belief).toBe(1);
    expect(overview.byType.goal).toBe(0);
    expect(overview.confidenceHistogram.reduce((a, b) => a + b, 0)).toBe(3);
    expect(overview.lastRun).toBeNull();
  });

  it('answers a stale edit with version_conflict and the memory as it stands now', async () => {
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const before = await callOk(f.api, 'memories.get', { id: f.ids.note });
    await callOk(f.api, 'memories.edit', { id: f.ids.note, expectedVersion: before.version, content: 'first edit' });
    const error = await callFails(
      f.api,
      'memories.edit',
      { id: f.ids.note, expectedVersion: before.version, content: 'second edit' },
      'version_conflict',
    );
    const current = error.details?.current as { content: string; version: number };
    expect(current.content).toBe('first edit');
    expect(current.version).toBe(before.version + 1);
  });

  it('refuses unknown calls, bad payloads and calls that need a mind, with typed errors', async () => {
    await callFails(f.api, 'memories.drop', {}, 'unknown_call');
    await callFails(f.api, 'toString', {}, 'unknown_call');
    await callFails(f.api, 'memories.get', { id: f.ids.belief }, 'no_mind_open');
    const invalid = await callFails(f.api, 'memories.list', { limit: 'many' }, 'invalid_input');
    expect(invalid.details?.issues).toEqual([expect.objectContaining({ path: ['limit'] })]);
    await callFails(f.api, 'memories.get', { id: 'bl_x', extra: 1 }, 'invalid_input');
    await callFails(f.api, 'memories.edit', JSON.parse('{"id":"x","expectedVersion":1,"fields":{"__proto__":{"a":1}}}'), 'invalid_input');
    await callOk(f.api, 'session.open', { path: f.mindPath });
    await callFails(f.api, 'memories.get', { id: 'bl_missing' }, 'not_found');
    await callFails(f.api, 'session.open', {}, 'unsupported');
    await callFails(f.api, 'settings.setApiKey', { key: 'sk-test' }, 'unsupported');
    await callFails(f.api, 'session.create', { path: f.mindPath }, 'invalid_input');
    const missing = await callFails(f.api, 'session.create', { path: join(f.dir, 'no-such-folder', 'a.mindloom') }, 'not_found');
    expect(missing.details).toMatchObject({ folder: join(f.dir, 'no-such-folder') });
    expect(existsSync(join(f.dir, 'no-such-folder'))).toBe(false);
  });

  it('keeps an API key where the shell can keep secrets', async () => {
    const withSecrets = apiFixture({ secrets: memorySecrets() });
    try {
      await callOk(withSecrets.api, 'session.open', { path: withSecrets.mindPath });
      expect((await callOk(withSecrets.api, 'settings.get')).apiKeySet).toBe(false);
      expect(await callOk(withSecrets.api, 'settings.setApiKey', { key: 'sk-test' })).toEqual({ apiKeySet: true });
      const view = await callOk(withSecrets.api, 'settings.get');
      expect(view).toEqual({ settings: DEFAULT_SETTINGS, apiKeySet: true });
    } finally {
      await withSecrets.dispose();
    }
  });
});

describe('events', () => {
  it('pushes the session change and the app’s own writes with the ids they touched', async () => {
    const events: MindEvent[] = [];
    f.api.subscribe((event) => events.push(event));
    await callOk(f.api, 'session.open', { path: f.mindPath });
    await callOk(f.api, 'memories.setProtected', { id: f.ids.note, protected: true });
    expect(events).toEqual([
      { type: 'session.changed', payload: expect.objectContaining({ state: 'open', path: f.mindPath, name: 'small' }) },
      { type: 'mind.changed', payload: { origin: 'app', ids: [f.ids.note], upTo: expect.any(Number) } },
    ]);
  });

  it('notices a write made through another connection to the same file', async () => {
    const events: MindEvent[] = [];
    f.api.subscribe((event) => events.push(event));
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const agent = openMind(f.mindPath);
    try {
      editMemory(agent, f.ids.note, { content: 'written by an agent' }, { actor: 'agent:test', expectedVersion: 1 });
    } finally {
      agent.close();
    }
    await waitFor(() => events.some((e) => e.type === 'mind.changed' && e.payload.origin === 'outside'), 'an outside change');
    expect((await callOk(f.api, 'memories.get', { id: f.ids.note })).content).toBe('written by an agent');
  });
});

type BadFileCase = [what: string, make: (path: string) => void, code: ErrorCode, hint: string];

describe('opening files that are not healthy minds', () => {
  it.each<BadFileCase>([
    ['a missing file', () => undefined, 'not_found', 'Check the path'],
    ['a file that is not SQLite', (path: string) => writeFileSync(path, 'just some notes, not a database\n'.repeat(20)), 'not_a_mind', 'Mindloom mind file'],
    [
      'a damaged file',
      (path: string) => {
        const mind = openMind(path);
        mind.close();
        const bytes = readFileSync(path);
        // Keep the header, wreck the pages after it.
        for (let i = 100; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff;
        writeFileSync(path, bytes);
      },
      'corrupt_file',
      'backup',
    ],
    [
      'a mind written by a newer Mindloom',
      (path: string) => {
        const mind = openMind(path);
        mind.store.db.pragma('user_version = 999');
        mind.close();
      },
      'schema_too_new',
      'update Mindloom',
    ],
  ])('%s gives an error status with a hint, not a crash', async (_what, make, code, hint) => {
    const path = join(f.dir, 'bad.mindloom');
    make(path);
    const status = await callOk(f.api, 'session.open', { path });
    expect(status).toMatchObject({ state: 'error', path, code });
    expect(status.state === 'error' && status.hint).toContain(hint);
    expect(await callOk(f.api, 'session.status')).toEqual(status);
    await callFails(f.api, 'mind.overview', {}, 'no_mind_open');
    // The app still works: a healthy mind opens afterwards.
    expect(await callOk(f.api, 'session.open', { path: f.mindPath })).toMatchObject({ state: 'open' });
  });

  it('remembers opened minds, newest first', async () => {
    const other = join(f.dir, 'other.mindloom');
    await callOk(f.api, 'session.create', { path: other });
    await callOk(f.api, 'session.open', { path: f.mindPath });
    await callOk(f.api, 'session.openDemo');
    expect(await callOk(f.api, 'session.recent')).toEqual({ paths: [f.mindPath, other] });
  });
});
