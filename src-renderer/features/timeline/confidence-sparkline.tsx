/**
 * A small picture of a memory's stored confidence over its changes, on the Details tab, linking to
 * the Timeline tab. Plain SVG (no chart library): at most SPARK_POINTS points, drawn once.
 */
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/client';
import { timelineQueries } from '../../api/timeline-queries';
import { hrefOf } from '../../app/router';
import { percent } from '../../components/format';
import { thinEvenly } from '../../../shared/thin-evenly';
import { sparkPoints } from './spark-points';

const SPARK_POINTS = 120;
const WIDTH = 160;
const HEIGHT = 32;

/** Stored confidence after each change, thinned evenly to at most `SPARK_POINTS` (the last always kept). */
export function sparkValues(confidenceAfter: readonly (number | null)[]): number[] {
  const values: number[] = [];
  let current: number | null = null;
  for (const after of confidenceAfter) {
    current = after ?? current;
    if (current !== null) values.push(current);
  }
  return thinEvenly(values, SPARK_POINTS);
}

export function ConfidenceSparkline({ id, asOf }: { id: string; asOf: string | null }) {
  const api = useApi();
  const timeline = useQuery(timelineQueries.timeline(api, id, asOf));
  const values = timeline.data === undefined ? [] : sparkValues(timeline.data.events.confidenceAfter);
  if (values.length < 2) return null;
  const points = sparkPoints(values, WIDTH, HEIGHT);
  const changes = timeline.data?.events.seq.length ?? 0;
  const label = `Confidence over ${changes} changes, from ${percent(values[0] as number)} to ${percent(values.at(-1) as number)}: open the timeline`;
  return (
    <a href={hrefOf.memory(id, 'timeline', asOf)} className="confidence-sparkline" aria-label={label} title={label} data-testid="confidence-sparkline">
      <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true">
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </a>
  );
}
