/** `mindloom import engram memory.db`: an Engram database (schema version 11), read-only, into the mind. */
import { basename } from 'node:path';
import { importSource } from '../import-source';
import { readEngramSource } from '../../store/engram-source';
import type { Importer } from '../importer';
import { importByPlan } from '../plan-writer';
import { engramFollow } from './engram-follow';
import { planEngramImport } from './engram-plan';

export const engramImporter: Importer = {
  kind: 'engram',
  run(mind, path, options = {}) {
    options.onProgress?.(0, null);
    const source = readEngramSource(importSource(mind, path));
    return importByPlan(mind, 'engram', options, (existing) => planEngramImport(mind, source, existing, basename(path)));
  },
  follow: engramFollow,
};
