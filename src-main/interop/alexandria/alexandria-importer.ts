/** `mindloom import alexandria alexandria.db`: an Alexandria database, read-only, into the mind. */
import { readAlexandriaSource } from '../../store/alexandria-source';
import { importSource } from '../import-source';
import type { Importer } from '../importer';
import { importByPlan } from '../plan-writer';
import { alexandriaFollow } from './alexandria-follow';
import { planAlexandriaImport } from './alexandria-plan';

export const alexandriaImporter: Importer = {
  kind: 'alexandria',
  run(mind, path, options = {}) {
    options.onProgress?.(0, null);
    const source = readAlexandriaSource(importSource(mind, path));
    return importByPlan(mind, 'alexandria', options, (existing) => planAlexandriaImport(mind, source, existing));
  },
  follow: alexandriaFollow,
};
