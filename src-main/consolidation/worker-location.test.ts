import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultWorkerUrl, workerUrlBeside } from './worker-location';

describe('where the consolidation worker is', () => {
  it('from TypeScript sources: the tsx bootstrap beside the module, which exists', () => {
    const url = defaultWorkerUrl();
    expect(url.pathname.endsWith('/src-main/consolidation/worker-from-source.mjs')).toBe(true);
    expect(existsSync(fileURLToPath(url))).toBe(true);
  });

  it('bundled: the worker bundle beside the bundle, with the bundle\'s own extension', () => {
    expect(workerUrlBeside('file:///app/out/cli/mindloom.mjs').href).toBe('file:///app/out/cli/consolidation-worker.mjs');
    expect(workerUrlBeside('file:///app/out/main/main.js').href).toBe('file:///app/out/main/consolidation-worker.js');
  });

  it('refuses to guess from a module it does not recognize', () => {
    expect(() => workerUrlBeside('file:///app/out/main/main')).toThrow(/Cannot tell where the consolidation worker is/);
  });
});
