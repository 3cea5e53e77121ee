/**
 * Mind diff (`#/diff?from=…&to=…`): what the mind added, changed, superseded, archived, forgot and
 * reviewed between two instants, counted per category, each a paged list linking to the memory
 * as it stood at the window's end.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DiffItem } from '../../../shared/contract/mind-diff';
import { DIFF_CATEGORIES, DIFF_CATEGORY_LABELS, type DiffCategory } from '../../../shared/mind-diff';
import { useApi } from '../../api/client';
import { mindDiffQueries } from '../../api/mind-diff-queries';
import { hrefOf, navigate } from '../../app/router';
import { StatusBadge, TypeBadge } from '../../components/badges';
import { count, dateTime, words } from '../../components/format';
import { Empty, ErrorState, Loading } from '../../components/states';
import { TimeAgo } from '../../components/time-ago';
import { InstantPicker } from '../time-travel/instant-picker';
import { daysAgo } from '../time-travel/instants';
import './mind-diff.css';

const DEFAULT_DAYS = 30;

export function MindDiffView({ from, to }: { from: string | null; to: string | null }) {
  // Without a start in the address the diff covers the last month.
  const [fallbackFrom] = useState(() => daysAgo(DEFAULT_DAYS));
  const start = from ?? fallbackFrom;
  const [category, setCategory] = useState<DiffCategory>('added');
  const backwards = to !== null && Date.parse(start) >= Date.parse(to);
  return (
    <div className="mind-diff">
      <header className="view-head">
        <h1 tabIndex={-1}>Mind diff</h1>
      </header>
      <section className="card diff-window" aria-label="Window">
        <InstantPicker label="From" value={start} onChange={(iso) => navigate(hrefOf.diff(iso, to), { replace: true })} />
        <InstantPicker label="To" value={to} action="Set" onChange={(iso) => navigate(hrefOf.diff(start, iso), { replace: true })} />
        <p className="dim">
          What happened after {dateTime(start)} up to {to === null ? 'now' : dateTime(to)}.{' '}
          {to !== null && (
            <button type="button" className="link-button" onClick={() => navigate(hrefOf.diff(start, null), { replace: true })}>
              Up to now
            </button>
          )}
        </p>
      </section>
      {backwards ? (
        <p className="state state-empty" role="alert">
          The start must come before the end: pick an earlier From or a later To.
        </p>
      ) : (
        <DiffResults from={start} to={to} category={category} onCategory={setCategory} />
      )}
    </div>
  );
}

function DiffResults({ from, to, category, onCategory }: { from: string; to: string | null; category: DiffCategory; onCategory(c: DiffCategory): void }) {
  const api = useApi();
  const counts = useQuery(mindDiffQueries.counts(api, from, to));
  if (counts.isPending) return <Loading label="Counting changes…" />;
  if (counts.isError) return <ErrorState error={counts.error} title="Could not compare the mind" onRetry={() => void counts.refetch()} />;
  const { counts: tally, to: end } = counts.data;
  return (
    <>
      <div className="diff-categories" role="group" aria-label="Categories">
        {DIFF_CATEGORIES.map((c) => (
          <button key={c} type="button" className="diff-category" aria-pressed={c === category} data-category={c} onClick={() => onCategory(c)}>
            <span className="diff-count">{count(tally[c])}</span> {DIFF_CATEGORY_LABELS[c]}
          </button>
        ))}
      </div>
      <DiffList from={from} to={to} end={end} category={category} total={tally[category]} />
    </>
  );
}

function DiffList({ from, to, end, category, total }: { from: string; to: string | null; end: string; category: DiffCategory; total: number }) {
  const api = useApi();
  const list = useInfiniteQuery(mindDiffQueries.page(api, from, to, category));
  const label = `${DIFF_CATEGORY_LABELS[category]} memories`;
  if (list.isPending) return <Loading label="Loading changes…" />;
  if (list.isError) return <ErrorState error={list.error} title="Could not list the changes" onRetry={() => void list.refetch()} />;
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <Empty title={`Nothing ${DIFF_CATEGORY_LABELS[category].toLowerCase()} in this window`} />;
  return (
    <section className="diff-list" aria-label={label}>
      <p className="dim" role="status">
        {count(items.length)} of {count(total)} shown; each opens as it stood at the end of the window.
      </p>
      <ul className="plain-list">
        {items.map((item) => (
          <DiffRow key={item.id} item={item} end={end} />
        ))}
      </ul>
      {list.hasNextPage && (
        <button type="button" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      )}
    </section>
  );
}

function DiffRow({ item, end }: { item: DiffItem; end: string }) {
  return (
    <li className="diff-item" data-memory-id={item.id}>
      <a href={hrefOf.memory(item.id, 'details', end)} className="ref-link">
        <TypeBadge type={item.type} />
        <span className="ref-content">{item.content === '' ? <span className="dim">(words forgotten)</span> : item.content}</span>
        <StatusBadge status={item.status} />
      </a>
      <p className="diff-what dim">
        {words(item.op)} by {item.actor} <TimeAgo iso={item.at} />
        {item.events > 1 && ` · ${count(item.events)} times`}
        {item.reason !== null && ` · “${item.reason}”`}
      </p>
    </li>
  );
}
