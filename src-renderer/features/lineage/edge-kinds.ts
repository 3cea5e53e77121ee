/** How each kind of link is drawn, in the graph, its legend and the exported images alike. */
import type { LinkKind } from '../../../shared/model';

export interface EdgeStyle {
  label: string;
  colour: string;
  /** SVG stroke-dasharray; empty for a solid line. */
  dash: string;
}

export const EDGE_STYLES: Readonly<Record<LinkKind, EdgeStyle>> = {
  derived_from: { label: 'derived from', colour: '#5c7cfa', dash: '' },
  evidence: { label: 'evidence', colour: '#2f9e44', dash: '6 3' },
  counter_evidence: { label: 'counter-evidence', colour: '#e03131', dash: '2 3' },
  supersedes: { label: 'supersedes', colour: '#f08c00', dash: '10 4' },
  merged_from: { label: 'merged from', colour: '#ae3ec9', dash: '8 3 2 3' },
  split_from: { label: 'split from', colour: '#0c8599', dash: '3 6' },
};

/** Tier colours for exported images (the view itself uses the theme's variables). */
export const TIER_COLOURS: Readonly<Record<string, string>> = {
  grounded: '#237a35',
  observed: '#1971c2',
  inferred: '#a05a00',
  hypothesis: '#5f666e',
};
