// `npm start`: build, then open the desktop app. Electron's binary is fetched by its own install
// step, which cannot run on every machine (no network to its download host): look for the binary
// without loading the `electron` package (loading it would try to fetch it). Without it, the same
// app is served to a browser on loopback (`mindloom serve --demo`), which prints its address.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { electronSqliteBinding } from './electron-native.mjs';

const root = process.cwd();
const electronDir = join(root, 'node_modules', 'electron');
const pathFile = join(electronDir, 'path.txt');
const binary = existsSync(pathFile) ? join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim()) : null;

const runSync = (command, args) => spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1;

const built = runSync('npm', ['run', 'build']);
if (built !== 0) process.exit(built);

const [command, args] =
  binary !== null && existsSync(binary) ? [binary, ['.']] : [process.execPath, [join(root, 'bin', 'mindloom.js'), 'serve', '--demo']];
if (command !== binary) {
  console.log("Electron's binary is not installed on this machine, so the desktop window cannot open: serving the app to a browser instead.");
}
const env = command === binary ? { ...process.env, MINDLOOM_SQLITE_BINDING: electronSqliteBinding(root) } : process.env;
const child = spawn(command, args, { stdio: 'inherit', env });
// Ctrl+C reaches the child too (same terminal); this process waits for it to shut down cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
