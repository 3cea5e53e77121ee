/**
 * A small hash router: the whole app state a person may want to bookmark or go back to (the view,
 * the Browser's filters, the open memory) lives in `location.hash`, so Back/Forward and reloads work
 * without a router package.
 */
import { useSyncExternalStore } from 'react';
import { MEMORY_TYPES, type MemoryType } from '../../shared/model';

export type Route =
  | { view: 'overview' }
  | { view: 'browser'; query: URLSearchParams }
  | { view: 'memory'; id: string; tab: MemoryTab; asOf: string | null }
  | { view: 'settings' }
  | { view: 'diff'; from: string | null; to: string | null }
  /** What the agent would recall for a query (`?q=`), of some types only (`?type=belief,note`). */
  | { view: 'recall'; query: string; types: MemoryType[] }
  /** Consolidation runs newest first, or one run's changeset. */
  | { view: 'runs'; id: string | null }
  | { view: EditingView }
  | { view: 'unknown'; path: string };

/** The editing views: each a single path, no parameters. */
export const EDITING_VIEWS = ['review', 'rejections', 'inbox', 'contradictions'] as const;
export type EditingView = (typeof EDITING_VIEWS)[number];
const isEditingView = (name: string | undefined): name is EditingView => (EDITING_VIEWS as readonly (string | undefined)[]).includes(name);

/** The memory page's tabs: `#/memory/ID` is its details, `#/memory/ID/lineage` and so on the others. */
export const MEMORY_TABS = ['details', 'lineage', 'timeline', 'history'] as const;
export type MemoryTab = (typeof MEMORY_TABS)[number];
const isMemoryTab = (name: string | undefined): name is MemoryTab => (MEMORY_TABS as readonly (string | undefined)[]).includes(name);

export type ViewName = Route['view'];

/** Reads a hash such as `#/browser?type=belief` or `#/memory/bl_123`. */
export function parseRoute(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  const [pathPart = '', queryPart = ''] = raw.split('?', 2);
  const segments = pathPart.split('/').filter((s) => s !== '');
  const [head, second, third] = segments;
  if (head === undefined || head === 'overview') return { view: 'overview' };
  if (head === 'browser' && segments.length === 1) return { view: 'browser', query: new URLSearchParams(queryPart) };
  if (head === 'settings' && segments.length === 1) return { view: 'settings' };
  if (head === 'diff' && segments.length === 1) {
    const query = new URLSearchParams(queryPart);
    return { view: 'diff', from: readInstant(query, 'from'), to: readInstant(query, 'to') };
  }
  if (head === 'recall' && segments.length === 1) {
    const query = new URLSearchParams(queryPart);
    const types = (query.get('type') ?? '').split(',').filter((t): t is MemoryType => (MEMORY_TYPES as readonly string[]).includes(t));
    return { view: 'recall', query: query.get('q') ?? '', types: [...new Set(types)] };
  }
  if (head === 'runs' && segments.length <= 2) return { view: 'runs', id: second === undefined ? null : decodeURIComponent(second) };
  if (isEditingView(head) && segments.length === 1) return { view: head };
  if (head === 'memory' && second !== undefined && segments.length <= 3 && (third === undefined || (third !== 'details' && isMemoryTab(third)))) {
    // `?asOf=` shows the memory as it stood then (time travel); an unreadable date is dropped, not guessed.
    return { view: 'memory', id: decodeURIComponent(second), tab: third ?? 'details', asOf: readAsOf(new URLSearchParams(queryPart)) };
  }
  return { view: 'unknown', path: pathPart };
}

export function formatRoute(route: Route): string {
  switch (route.view) {
    case 'overview':
      return '#/overview';
    case 'settings':
      return '#/settings';
    case 'memory': {
      const path = `#/memory/${encodeURIComponent(route.id)}${route.tab === 'details' ? '' : `/${route.tab}`}`;
      return route.asOf === null ? path : `${path}?${new URLSearchParams({ asOf: route.asOf }).toString()}`;
    }
    case 'diff': {
      const query = new URLSearchParams();
      if (route.from !== null) query.set('from', route.from);
      if (route.to !== null) query.set('to', route.to);
      return query.size === 0 ? '#/diff' : `#/diff?${query.toString()}`;
    }
    case 'recall': {
      const query = new URLSearchParams();
      if (route.query !== '') query.set('q', route.query);
      if (route.types.length > 0) query.set('type', route.types.join(','));
      return query.size === 0 ? '#/recall' : `#/recall?${query.toString()}`;
    }
    case 'runs':
      return route.id === null ? '#/runs' : `#/runs/${encodeURIComponent(route.id)}`;
    case 'browser': {
      const query = route.query.toString();
      return query === '' ? '#/browser' : `#/browser?${query}`;
    }
    case 'unknown':
      return `#${route.path}`;
    default:
      return `#/${route.view}`;
  }
}

export const hrefOf = {
  overview: () => formatRoute({ view: 'overview' }),
  settings: () => formatRoute({ view: 'settings' }),
  editing: (view: EditingView) => formatRoute({ view }),
  memory: (id: string, tab: MemoryTab = 'details', asOf: string | null = null) => formatRoute({ view: 'memory', id, tab, asOf }),
  diff: (from: string | null = null, to: string | null = null) => formatRoute({ view: 'diff', from, to }),
  runs: (id: string | null = null) => formatRoute({ view: 'runs', id }),
  recall: (query = '', types: MemoryType[] = []) => formatRoute({ view: 'recall', query, types }),
  browser: (query?: URLSearchParams | Record<string, string>) =>
    formatRoute({ view: 'browser', query: new URLSearchParams(query) }),
};

/** The `asOf` query parameter as an ISO instant, or null when absent or not a date. */
export function readAsOf(query: URLSearchParams): string | null {
  return readInstant(query, 'asOf');
}

/** A query parameter holding an instant, as ISO; null when absent or not a date. */
function readInstant(query: URLSearchParams, name: string): string | null {
  const raw = query.get(name);
  if (raw === null || raw === '') return null;
  const time = Date.parse(raw);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Goes to a hash. `replace` keeps filter tweaks from filling the Back history. */
export function navigate(hash: string, options: { replace?: boolean } = {}): void {
  if (hash === window.location.hash) return;
  if (options.replace) {
    window.history.replaceState(window.history.state, '', hash);
    // replaceState does not fire hashchange: tell the subscribers ourselves.
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    window.location.hash = hash;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const currentHash = () => window.location.hash;

/** The current hash; components parse what they need (parsing is cheap, the string is stable). */
export function useHash(): string {
  return useSyncExternalStore(subscribe, currentHash);
}

export function useRoute(): Route {
  return parseRoute(useHash());
}
