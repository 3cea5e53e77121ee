import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The migrations ship beside the package, not inside the bundle: walk up from this module (its
 * source file in tests, the bundled CLI in production) to the folder that holds them.
 */
export function findMigrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'migrations');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Mindloom migrations folder not found beside the package');
    dir = parent;
  }
}
