/** The frame around every view of an open mind: skip link, navigation, the view, the palette. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../api/client';
import { sessionQueries } from '../api/queries';
import { FileMenu } from '../features/backup/file-menu';
import { BrowserView } from '../features/browser/browser-view';
import { RunsView } from '../features/consolidation/runs-view';
import { MemoryDetailView } from '../features/memory/memory-detail-view';
import { MindDiffView } from '../features/mind-diff/mind-diff-view';
import { OverviewView } from '../features/overview/overview-view';
import { RecallView } from '../features/recall/recall-view';
import { SettingsView } from '../features/settings/settings-view';
import { ContradictionsView } from '../features/contradictions/contradictions-view';
import { InboxView } from '../features/inbox/inbox-view';
import { RejectionsView } from '../features/review/rejections-view';
import { ReviewView } from '../features/review/review-view';
import { TimeTravelBar } from '../features/time-travel/time-travel-bar';
import { AttentionCount, type AttentionKey, useUndoKey } from '../features/undo/attention';
import { CommandPalette } from './command-palette';
import { ErrorBoundary } from './error-boundary';
import { type EditingView, hrefOf, type Route, useRoute } from './router';

const NAV: { view: 'overview' | 'browser' | 'recall' | 'diff' | 'runs' | 'settings' | EditingView; label: string; href: string; count?: AttentionKey }[] = [
  { view: 'overview', label: 'Overview', href: hrefOf.overview() },
  { view: 'browser', label: 'Browser', href: hrefOf.browser() },
  { view: 'recall', label: 'Recall', href: hrefOf.recall() },
  { view: 'review', label: 'Review', href: hrefOf.editing('review'), count: 'review' },
  { view: 'inbox', label: 'Inbox', href: hrefOf.editing('inbox'), count: 'inbox' },
  { view: 'contradictions', label: 'Contradictions', href: hrefOf.editing('contradictions'), count: 'openContradictions' },
  { view: 'diff', label: 'Mind diff', href: hrefOf.diff() },
  { view: 'runs', label: 'Runs', href: hrefOf.runs() },
  { view: 'settings', label: 'Settings', href: hrefOf.settings() },
];

/** Which navigation entry a route belongs to: a memory is reached from the Browser, rejections from Review. */
const section = (route: Route) => (route.view === 'memory' ? 'browser' : route.view === 'rejections' ? 'review' : route.view);

function View({ route }: { route: Route }) {
  switch (route.view) {
    case 'overview':
      return <OverviewView />;
    case 'browser':
      return <BrowserView params={route.query} />;
    case 'memory':
      return <MemoryDetailView id={route.id} tab={route.tab} asOf={route.asOf} />;
    case 'settings':
      return <SettingsView />;
    case 'diff':
      return <MindDiffView from={route.from} to={route.to} />;
    case 'recall':
      return <RecallView query={route.query} types={route.types} />;
    case 'runs':
      return <RunsView id={route.id} />;
    case 'review':
      return <ReviewView />;
    case 'rejections':
      return <RejectionsView />;
    case 'inbox':
      return <InboxView />;
    case 'contradictions':
      return <ContradictionsView />;
    case 'unknown':
      return (
        <div className="state state-empty" role="alert">
          <h1 tabIndex={-1}>Nothing here</h1>
          <p>
            There is no view at <code>{route.path}</code>.
          </p>
          <a href={hrefOf.overview()}>Go to the Overview</a>
        </div>
      );
  }
}

export function Shell() {
  const api = useApi();
  const route = useRoute();
  const session = useQuery(sessionQueries.status(api));
  const [paletteOpen, setPaletteOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const viewKey = route.view === 'memory' ? `memory:${route.id}` : route.view === 'runs' ? `runs:${route.id ?? ''}` : route.view;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setPaletteOpen((open) => !open);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A new view: move focus to its heading so keyboard and screen-reader users start there.
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    const heading = main.current?.querySelector<HTMLElement>('h1');
    heading?.focus({ preventScroll: true });
  }, [viewKey]);

  useUndoKey();
  const mindName = session.data?.state === 'open' ? session.data.name : '';
  const current = section(route);
  return (
    <div className="shell">
      <a className="skip-link" href="#main" onClick={(event) => { event.preventDefault(); main.current?.focus(); }}>
        Skip to content
      </a>
      <nav className="sidebar" aria-label="Main">
        <div className="brand">
          <span className="brand-name">Mindloom</span>
          {mindName !== '' && (
            <span className="mind-name" title={session.data?.state === 'open' ? session.data.path : undefined}>
              {mindName}
              {session.data?.state === 'open' && session.data.isDemo && <span className="badge">demo</span>}
            </span>
          )}
        </div>
        <FileMenu />
        <ul className="nav-list">
          {NAV.map((item) => (
            <li key={item.view}>
              <a href={item.href} aria-current={current === item.view ? 'page' : undefined}>
                {item.label}
                {item.count !== undefined && <AttentionCount which={item.count} />}
              </a>
            </li>
          ))}
        </ul>
        <button type="button" className="palette-button" onClick={() => setPaletteOpen(true)} aria-keyshortcuts="Control+K Meta+K">
          Jump to… <kbd>Ctrl K</kbd>
        </button>
      </nav>
      <main className="content" id="main" ref={main} tabIndex={-1}>
        <ErrorBoundary key={viewKey}>
          <TimeTravelBar />
          <View route={route} />
        </ErrorBoundary>
      </main>
      <CommandPalette open={paletteOpen} onClose={() => setPaletteOpen(false)} />
    </div>
  );
}
