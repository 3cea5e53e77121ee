/**
 * `mindloom serve` as a person runs it: the esbuild bundle behind bin/mindloom.js, a real process,
 * stopped with SIGTERM. It serves the built renderer, so the renderer is built first when absent.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../api/api-test-support';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let temp: string;

beforeAll(() => {
  execFileSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { cwd: root, stdio: 'pipe' });
  if (!existsSync(join(root, 'out', 'renderer', 'index.html'))) {
    execFileSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'pipe' });
  }
  temp = mkdtempSync(join(tmpdir(), 'mindloom-serve-cmd-'));
}, 300_000);
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function serve(args: string[]): { child: ChildProcessWithoutNullStreams; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [join(root, 'bin', 'mindloom.js'), 'serve', '--no-open', ...args], {
    cwd: temp,
    // The host's scratch folder goes under TMPDIR: the test can see that shutdown removes it.
    env: { ...process.env, TMPDIR: join(temp, 'tmp'), MINDLOOM_MIND: '' },
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => text, exited };
}

describe('mindloom serve', () => {
  it('serves a demo mind at the printed address, and stops cleanly on SIGTERM', async () => {
    mkdirSync(join(temp, 'tmp'), { recursive: true });
    const run = serve(['--demo']);
    try {
      await waitFor(() => /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.test(run.output()), 'the printed address', 30_000);
      const url = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(run.output())?.[0] as string;
      expect(run.output()).toContain('Mindloom is serving Demo mind at');
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const token = new URL(url).searchParams.get('token') as string;
      expect(run.output()).toContain(`Agents reach it over MCP at ${new URL('/mcp', url).href} with the header Authorization: Bearer ${token}`);
      const overview = await fetch(new URL('/api/call/mind.overview', url), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      const body = (await overview.json()) as { ok: boolean; value: { total: number } };
      expect(body.ok).toBe(true);
      expect(body.value.total).toBeGreaterThan(0);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
    expect(readdirSync(join(temp, 'tmp'))).toEqual([]);
  }, 60_000);

  it('refuses a bad port before starting', async () => {
    const run = serve(['--port', '70000']);
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('--port must be from 0 to 65535');
  });
});
