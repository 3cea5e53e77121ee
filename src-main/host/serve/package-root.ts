/** The installed package's root (where out/ and package.json live), from the source or the bundle. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PackageInfo {
  root: string;
  version: string;
}

export function findPackage(from = dirname(fileURLToPath(import.meta.url))): PackageInfo {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown };
      if (parsed.name === 'mindloom') return { root: dir, version: String(parsed.version) };
    }
    if (dirname(dir) === dir) throw new Error('The Mindloom package folder was not found above this program.');
  }
}
