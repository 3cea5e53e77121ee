/**
 * The confidence chart, drawn by uPlot: a canvas chart that stays fast with tens of thousands of
 * points (one typed-array pass per draw, no DOM node per point) and weighs about 50 kB, so a memory
 * reinforced thousands of times still opens at once. Series: the stored confidence (step), the
 * effective (decayed) confidence and its projection to the floor, change markers, overlays, and
 * α/β on a second axis for beliefs. Hovering picks the nearest change; the parent shows its cause.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TimelineColumns } from './timeline-series';

export interface ChartSeriesNames {
  /** The focus memory first, then each overlay. */
  stored: string[];
  belief: boolean;
}

/** Overlays: colours apart from the focus (accent), α (green) and β (red). */
const OVERLAY_COLOURS = ['#d9480f', '#862e9c', '#0b7285', '#845e00'];
const HEIGHT = 280;

function cssColour(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

/** The marker nearest to a data index (the markers' indexes are ascending). */
function nearestMarker(markerIndex: readonly number[], idx: number): number | null {
  if (markerIndex.length === 0) return null;
  let lo = 0;
  let hi = markerIndex.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((markerIndex[mid] as number) < idx) lo = mid + 1;
    else hi = mid;
  }
  const after = lo;
  const before = Math.max(0, lo - 1);
  return Math.abs((markerIndex[before] as number) - idx) <= Math.abs((markerIndex[after] as number) - idx) ? before : after;
}

function chartOptions(columns: TimelineColumns, names: ChartSeriesNames, width: number, onHover: (event: number | null) => void, onPainted: () => void): uPlot.Options {
  const accent = cssColour('--accent', '#3b5bdb');
  const dim = cssColour('--text-dim', '#5c6270');
  const text = cssColour('--text', '#1b1d21');
  const grid = cssColour('--border', '#d9dbe0');
  const stepped = uPlot.paths.stepped?.({ align: 1 });
  const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
  const series: uPlot.Series[] = [
    {},
    { label: 'effective (decayed)', stroke: accent, width: 2, scale: 'confidence', points: { show: false }, value: (_u, v) => percentOrDash(v) },
    { label: 'projection to floor', stroke: accent, dash: [6, 4], width: 1.5, scale: 'confidence', points: { show: false }, value: (_u, v) => percentOrDash(v) },
    ...names.stored.map((name, i) => ({
      label: `stored (${name})`,
      stroke: i === 0 ? dim : (OVERLAY_COLOURS[(i - 1) % OVERLAY_COLOURS.length] as string),
      width: i === 0 ? 1.5 : 2,
      scale: 'confidence',
      paths: stepped,
      points: { show: false },
      value: (_u: uPlot, v: number | null) => percentOrDash(v),
    })),
    {
      label: 'changes',
      scale: 'confidence',
      stroke: accent,
      fill: accent,
      paths: () => null,
      points: { show: true, size: 7, stroke: accent, fill: cssColour('--surface', '#ffffff'), width: 2 },
      value: (_u, v) => percentOrDash(v),
    },
  ];
  if (names.belief) {
    series.push(
      { label: 'α (support)', stroke: '#2b8a3e', width: 1, scale: 'evidence', paths: stepped, points: { show: false } },
      { label: 'β (against)', stroke: '#c92a2a', width: 1, scale: 'evidence', paths: stepped, points: { show: false } },
    );
  }
  return {
    width,
    height: HEIGHT,
    series,
    scales: { x: { time: true }, confidence: { range: [0, 1] } },
    axes: [
      axis,
      { ...axis, scale: 'confidence', values: (_u, ticks) => ticks.map((t) => `${Math.round(t * 100)}%`) },
      ...(names.belief ? [{ ...axis, scale: 'evidence', side: 1, grid: { show: false } }] : []),
    ],
    cursor: { drag: { x: true, y: false }, focus: { prox: 24 } },
    legend: { live: true },
    hooks: {
      setCursor: [
        (u) => {
          const idx = u.cursor.idx;
          onHover(idx === null || idx === undefined ? null : nearestMarker(columns.markerIndex, idx));
        },
      ],
      draw: [onPainted],
    },
    focus: { alpha: 0.4 },
  };
}

function percentOrDash(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)}%`;
}

function chartData(columns: TimelineColumns, belief: boolean): uPlot.AlignedData {
  return [
    columns.x,
    columns.effective,
    columns.projection,
    ...columns.stored,
    columns.markers,
    ...(belief ? [columns.alpha, columns.beta] : []),
  ] as uPlot.AlignedData;
}

/**
 * The chart itself. `selected` (an event's position) moves the cursor to that change, so focusing a
 * row of the events table or pressing an arrow key shows the same change the mouse would.
 */
export function TimelineChart({
  columns,
  names,
  selected,
  onHover,
}: {
  columns: TimelineColumns;
  names: ChartSeriesNames;
  selected: number | null;
  onHover(event: number | null): void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const hover = useRef(onHover);
  hover.current = onHover;

  useEffect(() => {
    const element = host.current;
    if (element === null) return undefined;
    const painted = () => element.setAttribute('data-painted', String(columns.markerIndex.length));
    const chart = new uPlot(
      chartOptions(columns, names, element.clientWidth || 600, (event) => hover.current(event), painted),
      chartData(columns, names.belief),
      element,
    );
    plot.current = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
      element.removeAttribute('data-painted');
    };
  }, [columns, names]);

  useEffect(() => {
    const chart = plot.current;
    const idx = selected === null ? undefined : columns.markerIndex[selected];
    if (chart === null || idx === undefined) return;
    const x = columns.x[idx] as number;
    const y = columns.markers[idx] ?? 0;
    chart.setCursor({ left: chart.valToPos(x, 'x'), top: chart.valToPos(y, 'confidence') }, false);
  }, [selected, columns]);

  return <div ref={host} className="timeline-chart" data-testid="timeline-chart" aria-hidden="true" />;
}
