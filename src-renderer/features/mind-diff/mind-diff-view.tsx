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
import { LoadMore } from '../../components/load-more';
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

/** The counts and the chosen category's list load side by side: the list does not wait for the count. */
function DiffResults({ from, to, category, onCategory }: { from: string; to: string | null; category: DiffCategory; onCategory(c: DiffCategory): void }) {
  const api = useApi();
  const counts = useQuery(mindDiffQueries.counts(api, from, to));
  const tally = counts.data?.counts;
  return (
    <>
      {counts.isError ? (
        <ErrorState error={counts.error} title="Could not count the changes" onRetry={() => void counts.refetch()} />
      ) : (
        <div className="diff-categories" role="group" aria-label="Categories" aria-busy={tally === undefined}>
          {DIFF_CATEGORIES.map((c) => (
            <button key={c} type="button" className="diff-category" aria-pressed={c === category} data-category={c} onClick={() => onCategory(c)}>
              <span className="diff-count">{tally === undefined ? '…' : count(tally[c])}</span> {DIFF_CATEGORY_LABELS[c]}
            </button>
          ))}
        </div>
      )}
      <DiffList from={from} to={to} category={category} total={tally?.[category]} />
    </>
  );
}

function DiffList({ from, to, category, total }: { from: string; to: string | null; category: DiffCategory; total: number | undefined }) {
  const api = useApi();
  const list = useInfiniteQuery(mindDiffQueries.page(api, from, to, category));
  const label = `${DIFF_CATEGORY_LABELS[category]} memories`;
  if (list.isPending) return <Loading label="Loading changes…" />;
  if (list.isError) return <ErrorState error={list.error} title="Could not list the changes" onRetry={() => void list.refetch()} />;
  const items = list.data.pages.flatMap((page) => page.items);
  // The window's end as the host resolved it ("now" included): links open the memories as they stood then.
  const end = list.data.pages[0]?.to ?? to ?? '';
  if (items.length === 0) return <Empty title={`Nothing ${DIFF_CATEGORY_LABELS[category].toLowerCase()} in this window`} />;
  return (
    <section className="diff-list" aria-label={label}>
      <p className="dim" role="status">
        {count(items.length)} {total === undefined ? '' : `of ${count(total)} `}changes shown; each memory opens as it stood at the end of the window.
      </p>
      <ul className="plain-list">
        {items.map((item) => (
          <DiffRow key={item.entry} item={item} end={end} />
        ))}
      </ul>
      <LoadMore list={list} label="Show more" />
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
        {item.reason !== null && ` · “${item.reason}”`}
      </p>
    </li>
  );
}
