/**
 * Where the window may go and what it may open, as plain functions (no electron import), so the
 * rules are tested where Electron's binary is absent. main.ts and ipc.ts apply them.
 */
import { pathToFileURL } from 'node:url';

/** Where the renderer legitimately lives: the dev server in development, the bundled file otherwise. */
export function appUrlCheck(rendererIndexFile: string, devServerUrl: string | undefined): (url: string) => boolean {
  if (devServerUrl) {
    const origin = new URL(devServerUrl).origin;
    return (url) => URL.canParse(url) && new URL(url).origin === origin;
  }
  // A file:// URL's origin is opaque ("null"): compare the page itself. The app's routes live in the
  // fragment, so the fragment (and any query) does not make it another page.
  const page = pathToFileURL(rendererIndexFile).href;
  return (url) => URL.canParse(url) && withoutQueryOrFragment(url) === page;
}

function withoutQueryOrFragment(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  parsed.search = '';
  return parsed.href;
}

/**
 * The address to hand to the person's browser for a link the page tried to open, or null: only
 * web pages over https, and none that carry credentials (`https://user:pass@…` is a phishing
 * classic).
 */
export function externalLinkTarget(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return null;
  return parsed.href;
}
