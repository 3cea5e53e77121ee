/** Stored vs effective confidence, and the decay rule that explains the difference. */
import type { MemoryView } from '../../../shared/contract';
import { DECAY, decayAnchor } from '../../../shared/rules/decay';
import { TierBadge } from '../../components/badges';
import { percent, relativeTime } from '../../components/format';
import { TimeAgo } from '../../components/time-ago';
import { ConfidenceSparkline } from '../timeline/confidence-sparkline';

/** Names what last reset the decay clock: the latest of creation, verification and reinforcement. */
function clockStart(view: MemoryView): { at: string; by: string } {
  const times = {
    created: Date.parse(view.createdAt),
    verified: view.lastVerifiedAt === null ? null : Date.parse(view.lastVerifiedAt),
    reinforced: view.lastReinforcedAt === null ? null : Date.parse(view.lastReinforcedAt),
  };
  const anchor = decayAnchor({ createdAt: times.created, lastVerifiedAt: times.verified, lastReinforcedAt: times.reinforced });
  const by = anchor === times.verified ? 'last verified' : anchor === times.reinforced ? 'last reinforced' : 'created';
  return { at: new Date(anchor).toISOString(), by };
}

export function decayExplanation(view: MemoryView): string {
  const config = DECAY[view.type];
  if (config === undefined) return `${view.type} memories do not decay.`;
  const rule = `${percent(config.rate, 1)} per ${config.periodDays} days, never below ${percent(config.floor)}`;
  if (view.protected) return `Protected: does not decay (the rule for ${view.type} would be ${rule}).`;
  if (view.confidence < config.floor) return `Decays ${rule}; stored below that floor, so it reads at its stored value.`;
  const start = clockStart(view);
  const lost = view.confidence - view.effectiveConfidence;
  return `Decays ${rule}. Clock started when ${start.by} (${relativeTime(start.at)}); ${lost > 0.0005 ? `${percent(lost, 1)} lost so far` : 'nothing lost yet'}.`;
}

export function ConfidenceCard({ view }: { view: MemoryView }) {
  return (
    <section className="card" aria-labelledby="confidence-title">
      <h2 id="confidence-title">Confidence</h2>
      <div className="confidence-pair">
        <div>
          <div className="big-number" data-testid="effective-confidence">
            {percent(view.effectiveConfidence, 1)}
          </div>
          <div className="dim">effective (now)</div>
        </div>
        <div>
          <div className="big-number dim-number" data-testid="stored-confidence">
            {percent(view.confidence, 1)}
          </div>
          <div className="dim">stored</div>
        </div>
      </div>
      <ConfidenceSparkline id={view.id} asOf={view.asOf} />
      <p className="explain">{decayExplanation(view)}</p>
      {view.alpha !== null && view.beta !== null && (
        <p className="explain">
          Belief evidence: α = {view.alpha.toFixed(2)}, β = {view.beta.toFixed(2)} → α/(α+β) = {percent(view.alpha / (view.alpha + view.beta), 1)}
        </p>
      )}
      <dl className="kv">
        <dt>Tier</dt>
        <dd>
          <TierBadge tier={view.tier} why={view.tierWhy} /> <span className="tier-why">{view.tierWhy}</span>
        </dd>
        <dt>Staleness</dt>
        <dd>{view.stale ? <span className="warn">Stale: not verified or reinforced within its decay period</span> : 'Fresh'}</dd>
        <dt>Verified</dt>
        <dd>
          {view.verificationCount} {view.verificationCount === 1 ? 'time' : 'times'}
          {view.lastVerifiedAt !== null && (
            <>
              , last <TimeAgo iso={view.lastVerifiedAt} />
            </>
          )}
        </dd>
        <dt>Reinforced</dt>
        <dd>
          {view.timesReinforced} {view.timesReinforced === 1 ? 'time' : 'times'}
          {view.lastReinforcedAt !== null && (
            <>
              , last <TimeAgo iso={view.lastReinforcedAt} />
            </>
          )}
        </dd>
        <dt>Retrieval strength</dt>
        <dd>{percent(view.retrievalStrength)}</dd>
      </dl>
    </section>
  );
}
