/** `mindloom import kernle memories.db [--stack S]`: a Kernle database, read-only, into the mind. */
import { readKernleSource } from '../../store/kernle-source';
import type { Importer } from '../importer';
import { importSource } from '../import-source';
import { importByPlan } from '../plan-writer';
import { kernleFollow } from './kernle-follow';
import { planKernleImport } from './kernle-plan';

export const kernleImporter: Importer = {
  kind: 'kernle',
  run(mind, path, options = {}) {
    options.onProgress?.(0, null);
    const source = readKernleSource(importSource(mind, path), options.stack);
    return { ...importByPlan(mind, 'kernle', options, (existing) => planKernleImport(mind, source, existing)), stacks: source.stacks };
  },
  follow: kernleFollow,
};
