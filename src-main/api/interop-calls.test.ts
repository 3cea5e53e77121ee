/** Import and export through the API, as the app's File → Import… / Export… dialogs make them. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MindEvent } from '../../shared/contract';
import { type ApiFixture, apiFixture, callFails, callOk, writeSmallMind } from './api-test-support';

let fixture: ApiFixture | null = null;
afterEach(async () => {
  await fixture?.dispose();
  fixture = null;
});

describe('interop calls', () => {
  it('exports the open mind (relative path: beside it) and imports it into another with a preview first, reporting progress', async () => {
    fixture = apiFixture();
    const { api, dir, mindPath, ids } = fixture;
    const events: MindEvent[] = [];
    api.subscribe((event) => events.push(event));
    await callOk(api, 'session.open', { path: mindPath });

    const exported = await callOk(api, 'interop.export', { format: 'json', path: 'small.json' });
    expect(exported).toMatchObject({ format: 'json', path: join(dir, 'small.json') });
    expect(readFileSync(exported.path, 'utf8')).toContain(ids.belief);
    await callFails(api, 'interop.export', { format: 'json', path: 'small.json' }, 'invalid_state');
    const markdown = await callOk(api, 'interop.export', { format: 'markdown', path: 'small.md', overwrite: true });
    expect(readFileSync(markdown.path, 'utf8')).toContain('Friday releases go wrong');

    const other = join(dir, 'other.mindloom');
    writeSmallMind(other);
    await callOk(api, 'session.open', { path: other });
    const preview = await callOk(api, 'interop.preview', { kind: 'json', path: exported.path });
    expect(preview).toMatchObject({ kind: 'json', dryRun: true, imported: { byType: { episode: 1, belief: 1, note: 1 }, links: 1 } });
    events.length = 0;
    const imported = await callOk(api, 'interop.import', { kind: 'json', path: 'small.json' });
    expect({ ...imported, dryRun: true }).toEqual(preview);
    const progress = events.flatMap((event) => (event.type === 'interop.progress' ? [event.payload] : []));
    expect(progress.at(0)).toMatchObject({ job: 'import', stage: 'running', done: 0 });
    expect(progress.at(-1)).toMatchObject({ job: 'import', stage: 'done', message: '3 memories imported, 2 rows already there' });
    expect(events.some((event) => event.type === 'mind.changed')).toBe(true);
    const view = await callOk(api, 'memories.get', { id: ids.belief });
    expect(view.content).toBe('Friday releases go wrong');

    const again = await callOk(api, 'interop.import', { kind: 'json', path: exported.path });
    expect(again.imported).toEqual({ byType: {}, links: 0, journal: 0 });
  });

  it('names what it cannot do: an unknown kind, a missing file, no file dialog in a browser', async () => {
    fixture = apiFixture();
    const { api, dir, mindPath } = fixture;
    await callOk(api, 'session.open', { path: mindPath });
    const missing = await callFails(api, 'interop.preview', { kind: 'json', path: join(dir, 'nothing.json') }, 'not_found');
    expect(missing.message).toContain('no such file');
    await callFails(api, 'interop.pickPath', { purpose: 'import' }, 'unsupported');
    await callFails(api, 'interop.import', { kind: 'yaml', path: 'x' }, 'invalid_input');
    expect(existsSync(join(dir, 'x'))).toBe(false);
  });
});
