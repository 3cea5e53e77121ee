/** The recently opened minds, newest first, kept as JSON in the app's data folder. */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

export const MAX_RECENT = 10;

export interface RecentFiles {
  list(): string[];
  add(path: string): void;
}

const recentSchema = z.object({ paths: z.array(z.string()) });

export function recentFilesIn(appDataDir: string): RecentFiles {
  const file = join(appDataDir, 'recent.json');
  const list = (): string[] => {
    try {
      const parsed = recentSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      return parsed.success ? parsed.data.paths.slice(0, MAX_RECENT) : [];
    } catch {
      // Missing or unreadable: the list starts empty (it is a convenience, never a source of truth).
      return [];
    }
  };
  return {
    list,
    add(path) {
      const paths = [path, ...list().filter((p) => p !== path)].slice(0, MAX_RECENT);
      mkdirSync(dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify({ paths }, null, 2));
      renameSync(temp, file);
    },
  };
}
