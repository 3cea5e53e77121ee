/** `init`: create a mind file, or open (and so migrate) an existing one and say which happened. */
import { existsSync, statSync } from 'node:fs';
import { openMind } from '../../../mind/mind';
import type { FileCommand } from '../command';
import { requireMindPath } from '../mind-path';
import { json } from '../output';

export const initCommand: FileCommand = {
  kind: 'file',
  name: 'init',
  usage: 'init',
  summary: 'Create the mind file and print its path (an existing mind is opened, upgraded if needed, and said so).',
  positionals: [],
  options: {},
  run(input) {
    const path = requireMindPath(input.mindPath);
    // An empty file is what some tools leave as a placeholder: it becomes a new mind, as the store treats it.
    const existed = existsSync(path) && statSync(path).size > 0;
    const mind = openMind(path);
    try {
      const { schemaVersion, backupPath } = mind.store;
      if (input.json) return json({ path, schemaVersion, created: !existed, backupPath });
      // Just the path, so scripts can capture it (`MIND=$(mindloom init --mind …)`).
      if (!existed) return path;
      return backupPath
        ? `Opened existing mind ${path}: upgraded to schema v${schemaVersion} (backup at ${backupPath}).`
        : `Opened existing mind ${path} (schema v${schemaVersion}, up to date).`;
    } finally {
      mind.close();
    }
  },
};
