/**
 * A Browser row's confidence trail: the stored confidence after each change that moved it, drawn
 * small beside the meter. The meter carries the accessible text; the picture is for the eye (its
 * title says where it went).
 */
import { memo } from 'react';
import { percent } from '../../components/format';
import { sparkPoints } from './spark-points';

const WIDTH = 48;
const HEIGHT = 14;

export const ConfidenceTrail = memo(function ConfidenceTrail({ values }: { values: readonly number[] }) {
  const title = `Stored confidence moved from ${percent(values[0] as number)} to ${percent(values.at(-1) as number)}`;
  return (
    <span className="confidence-trail" title={title} data-testid="confidence-trail">
      <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true">
        <polyline points={sparkPoints(values, WIDTH, HEIGHT)} fill="none" stroke="currentColor" strokeWidth="1.25" />
      </svg>
    </span>
  );
});
