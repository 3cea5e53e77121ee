/** The built renderer, served from its folder: nothing outside it, index.html for app routes. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
  isIndex: boolean;
}

export function checkRendererDir(dir: string): void {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`The app is not built (no index.html in ${dir}): run npm run build first.`);
  }
}

/**
 * The file for a URL path, or null. A path with no extension is an app route and gets
 * index.html; one with an extension that is not there is a 404.
 */
export function findStaticFile(dir: string, urlPath: string): StaticFile | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const root = resolve(dir);
  const target = resolve(root, `.${normalize(`/${decoded}`)}`);
  if (target !== root && !target.startsWith(root + sep)) return null;
  const isFile = existsSync(target) && statSync(target).isFile();
  if (!isFile && extname(target) !== '') return null;
  const path = isFile ? target : join(root, 'index.html');
  return {
    body: readFileSync(path),
    contentType: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
    isIndex: path === join(root, 'index.html'),
  };
}
