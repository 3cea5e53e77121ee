/** Small labelled markers for a memory's type, tier, status and confidence. */
import type { MemoryStatus, MemoryType, Tier } from '../../shared/model';
import { percent } from './format';

export function TypeBadge({ type }: { type: MemoryType }) {
  return <span className={`badge badge-type type-${type}`}>{type}</span>;
}

export function TierBadge({ tier, why }: { tier: Tier; why?: string }) {
  return (
    <span className={`badge badge-tier tier-${tier}`} title={why}>
      {tier}
    </span>
  );
}

export function StatusBadge({ status }: { status: MemoryStatus }) {
  if (status === 'active') return null;
  return <span className={`badge badge-status status-${status}`}>{status}</span>;
}

/** A bar for the effective confidence, with the stored value noted when decay has lowered it. */
export function ConfidenceMeter({ effective, stored }: { effective: number; stored: number }) {
  const decayed = stored - effective > 0.0005;
  const label = decayed ? `${percent(effective)} (stored ${percent(stored)})` : percent(effective);
  return (
    <span className="confidence" title={`Confidence ${label}`}>
      <span className="confidence-track" aria-hidden="true">
        <span className="confidence-fill" style={{ width: percent(effective, 1) }} />
      </span>
      <span className="confidence-value">{percent(effective)}</span>
    </span>
  );
}
