// better-sqlite3 is a native module compiled for Node's ABI; Electron's ABI differs. Rather than
// rebuilding it in place (which would break the CLI and the tests, which run on Node), build a
// second copy for the installed Electron into out/native/ once, and let the desktop app load it
// through better-sqlite3's `nativeBinding` option (the MINDLOOM_SQLITE_BINDING variable).
// Needs Electron's headers (electronjs.org), reachable wherever Electron's binary was.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Returns the path of better_sqlite3.node built for this Electron, building it when missing. */
export function electronSqliteBinding(root) {
  const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
  const target = join(root, 'out', 'native', `electron-${electronVersion}`, 'better_sqlite3.node');
  if (existsSync(target)) return target;

  console.log(`Building better-sqlite3 for Electron ${electronVersion} (once; about a minute)…`);
  const work = mkdtempSync(join(tmpdir(), 'mindloom-native-'));
  try {
    cpSync(join(root, 'node_modules', 'better-sqlite3'), work, { recursive: true, filter: (path) => !path.includes(`${join('build', '')}`) });
    const built = spawnSync(
      'npx',
      ['--yes', 'node-gyp', 'rebuild', '--release', `--target=${electronVersion}`, '--runtime=electron', '--dist-url=https://electronjs.org/headers'],
      { cwd: work, stdio: 'inherit', shell: process.platform === 'win32' },
    );
    if (built.status !== 0) throw new Error('building better-sqlite3 for Electron failed (see above)');
    mkdirSync(join(target, '..'), { recursive: true });
    cpSync(join(work, 'build', 'Release', 'better_sqlite3.node'), target);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
