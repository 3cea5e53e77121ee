// `npm start`: build, then open the desktop app. Electron's binary is fetched by its own install
// step, which cannot run on every machine (no network to its download host): look for the binary
// without loading the `electron` package (loading it would try to fetch it) and say what to do.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const electronDir = join(process.cwd(), 'node_modules', 'electron');
const pathFile = join(electronDir, 'path.txt');
const binary = existsSync(pathFile) ? join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim()) : null;

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1;

if (binary === null || !existsSync(binary)) {
  console.log(
    "Electron's binary is not installed on this machine, so the desktop window cannot open; the mind is usable from the CLI meanwhile: npx mindloom --help",
  );
  process.exit(run('npm', ['run', 'build:cli']));
}
const built = run('npx', ['electron-vite', 'build']);
if (built !== 0) process.exit(built);
process.exit(run(binary, ['.']));
