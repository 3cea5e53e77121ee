/** Overview: the mind at a glance; every count opens the Browser with that filter. */
import { useQuery } from '@tanstack/react-query';
import type { Overview } from '../../../shared/contract';
import { MEMORY_STATUSES, MEMORY_TYPES, TIERS } from '../../../shared/model';
import { useApi } from '../../api/client';
import { editingQueries } from '../../api/editing-queries';
import { overviewQueries } from '../../api/queries';
import { hrefOf } from '../../app/router';
import { count, words } from '../../components/format';
import { Empty, ErrorState, Loading } from '../../components/states';
import { TimeAgo } from '../../components/time-ago';
import { type BrowserQuery, browserParams } from '../browser/browser-query';
import { InterruptedRunBanner } from '../consolidation/interrupted-run-banner';

const browse = (partial: Partial<BrowserQuery>) => hrefOf.browser(browserParams(partial));

export function OverviewView() {
  const api = useApi();
  const overview = useQuery(overviewQueries.overview(api));
  return (
    <div className="overview">
      <header className="view-head">
        <h1 tabIndex={-1}>Overview</h1>
      </header>
      <InterruptedRunBanner run={overview.data?.lastRun} />
      {overview.isPending ? (
        <Loading label="Counting memories…" />
      ) : overview.isError ? (
        <ErrorState error={overview.error} title="Could not load the overview" onRetry={() => void overview.refetch()} />
      ) : overview.data.total === 0 ? (
        <Empty title="This mind is empty">
          No memories yet. Agents write them through MCP (<code>mindloom mcp --mind FILE</code>); they appear here as they arrive.
        </Empty>
      ) : (
        <OverviewBody data={overview.data} />
      )}
    </div>
  );
}

function OverviewBody({ data }: { data: Overview }) {
  const api = useApi();
  const attention = useQuery(editingQueries.attention(api));
  return (
    <div className="overview-grid">
      <section className="card attention" aria-labelledby="attention-title">
        <h2 id="attention-title">Needs attention</h2>
        <dl className="stat-list big">
          <Stat label="Memories" value={data.total} href={browse({})} />
          <Stat
            label="Review queue"
            value={attention.data?.review ?? data.reviewPending}
            href={hrefOf.editing('review')}
            where="Review"
            hint="Inferred memories and consolidation proposals waiting for a person."
          />
          <Stat label="Inbox" value={attention.data?.inbox ?? 0} href={hrefOf.editing('inbox')} where="Inbox" hint="Raw captures nobody has processed." />
          <Stat label="Open contradictions" value={data.openContradictions} href={hrefOf.editing('contradictions')} where="Contradictions" />
          <Stat
            label="Code changed"
            value={data.codeChanged}
            href={hrefOf.settings()}
            where="Settings"
            hint="Memories whose referenced code changed or whose file is gone since it was verified: no longer grounded."
          />
          <Stat
            label="Uncertain"
            value={data.uncertain.count}
            suffix={data.uncertain.capped ? '+' : ''}
            href={browse({ statuses: ['active'], maxConfidence: 0.5, sort: 'confidence', direction: 'asc' })}
            hint="Active memories reading below 50% confidence after decay (the link lists those stored below 50%)."
          />
          <Stat
            label="Stale"
            value={attention.data?.stale.count ?? 0}
            suffix={attention.data?.stale.capped ? '+' : ''}
            href={browse({ statuses: ['active'], stale: true, sort: 'created', direction: 'asc' })}
            hint="Active memories gone a whole decay period without being verified or reinforced."
          />
        </dl>
      </section>
      <CountsCard title="By type" counts={data.byType} keys={MEMORY_TYPES} link={(type) => browse({ types: [type] })} />
      <CountsCard title="By tier" counts={data.byTier} keys={TIERS} link={(tier) => browse({ tiers: [tier] })} />
      <CountsCard title="By status" counts={data.byStatus} keys={MEMORY_STATUSES} link={(status) => browse({ statuses: [status] })} />
      <Histogram buckets={data.confidenceHistogram} />
      <LastRun run={data.lastRun} />
    </div>
  );
}

function Stat({
  label,
  value,
  href,
  suffix = '',
  hint,
  where = 'Browser',
}: {
  label: string;
  value: number;
  href?: string;
  suffix?: string;
  hint?: string;
  /** The view the link opens. */
  where?: string;
}) {
  const text = `${count(value)}${suffix}`;
  return (
    <div className="stat" title={hint}>
      <dt>{label}</dt>
      <dd>
        {href === undefined ? (
          <span className="stat-value">{text}</span>
        ) : (
          <a className="stat-value" href={href} aria-label={`${label}: ${text} — show in ${where}`}>
            {text}
          </a>
        )}
      </dd>
    </div>
  );
}

function CountsCard<K extends string>({
  title,
  counts,
  keys,
  link,
}: {
  title: string;
  counts: Partial<Record<K, number>>;
  keys: readonly K[];
  link(key: K): string;
}) {
  const max = Math.max(1, ...keys.map((k) => counts[k] ?? 0));
  const id = `counts-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="bar-list">
        {keys.map((key) => {
          const value = counts[key] ?? 0;
          return (
            <li key={key}>
              {/* The visible words are the link's name (then what it opens), so speech and sight agree. */}
              <a href={link(key)} className="bar-row">
                <span className="bar-label">{words(key)}</span>{' '}
                <span className="bar-track" aria-hidden="true">
                  <span className={`bar-fill fill-${key}`} style={{ width: `${(value / max) * 100}%` }} />
                </span>
                <span className="bar-value">{count(value)}</span>
                <span className="visually-hidden"> — show in Browser</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Active memories by stored confidence, ten buckets; each bar opens that confidence band. */
function Histogram({ buckets }: { buckets: number[] }) {
  const max = Math.max(1, ...buckets);
  return (
    <section className="card histogram-card" aria-labelledby="histogram-title">
      <h2 id="histogram-title">Confidence (active memories)</h2>
      <ol className="histogram" aria-label="Confidence histogram">
        {buckets.map((value, i) => {
          const lo = i / buckets.length;
          const hi = (i + 1) / buckets.length;
          // The list filter is inclusive at both ends; nudge the top down so neighbouring bands do not overlap.
          const top = i === buckets.length - 1 ? 1 : Number((hi - 0.0001).toFixed(4));
          const href = browse({ statuses: ['active'], minConfidence: lo, maxConfidence: top });
          const label = `${Math.round(lo * 100)}–${Math.round(hi * 100)}%`;
          return (
            <li key={i}>
              <a href={href} className="histogram-bar" aria-label={`${label}: ${count(value)} memories — show in Browser`} title={`${label}: ${count(value)}`}>
                <span className="histogram-fill" style={{ height: `${(value / max) * 100}%` }} />
              </a>
              <span className="histogram-label" aria-hidden="true">
                {Math.round(lo * 100)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function LastRun({ run }: { run: Overview['lastRun'] }) {
  return (
    <section className="card" aria-labelledby="last-run-title">
      <h2 id="last-run-title">Last consolidation</h2>
      {run === null ? (
        <p className="dim">Consolidation has not run on this mind yet.</p>
      ) : (
        <dl className="kv">
          <dt>Status</dt>
          <dd>{words(run.status)}</dd>
          <dt>Started</dt>
          <dd>
            <TimeAgo iso={run.startedAt} />
          </dd>
          <dt>Trigger</dt>
          <dd>{run.trigger}</dd>
          <dt>Provider</dt>
          <dd>{run.provider}</dd>
          {run.error !== null && (
            <>
              <dt>Error</dt>
              <dd className="danger">{run.error}</dd>
            </>
          )}
        </dl>
      )}
      {run !== null && (
        <p>
          <a href={hrefOf.runs(run.id)}>What it changed</a> · <a href={hrefOf.runs()}>All runs</a>
        </p>
      )}
    </section>
  );
}
