/** Each gate exactly on its boundaries: just in, just out (the seed's conditions). */
import { describe, expect, it } from 'vitest';
import { archiveGate, type GateFacts, mergeGate, revisionGate, splitGate } from './gates';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 6, 1);

const facts = (over: Partial<GateFacts> = {}): GateFacts => ({
  confidence: 0.7,
  peakConfidence: 0.8,
  supporting: 5,
  contradicting: 0,
  recentPartials: 0,
  lastReinforcedAt: NOW,
  protected: false,
  ...over,
});

describe('archive gate', () => {
  it('fires below confidence 0.3, not at it', () => {
    expect(archiveGate(facts({ confidence: 0.2999 }), NOW)).toMatch(/below 0.3/);
    expect(archiveGate(facts({ confidence: 0.3 }), NOW)).toBeNull();
  });

  it('fires when unreinforced for more than 90 days with fewer than 5 episodes of evidence', () => {
    const weak = { supporting: 2, contradicting: 2 };
    expect(archiveGate(facts({ ...weak, lastReinforcedAt: NOW - 90 * DAY - 1 }), NOW)).toMatch(/not reinforced for 90 days/);
    expect(archiveGate(facts({ ...weak, lastReinforcedAt: NOW - 90 * DAY }), NOW)).toBeNull();
    expect(archiveGate(facts({ supporting: 3, contradicting: 2, lastReinforcedAt: NOW - 200 * DAY }), NOW)).toBeNull();
  });

  it('never fires for a protected belief', () => {
    expect(archiveGate(facts({ confidence: 0.1, protected: true }), NOW)).toBeNull();
  });
});

describe('revision gate', () => {
  const due = { confidence: 0.39, peakConfidence: 0.51, contradicting: 3, supporting: 2 };
  it('fires when confidence fell below 0.4 from above 0.5 with 3 contradictions and 5 episodes', () => {
    expect(revisionGate(facts(due))).toMatch(/fell to 0.39 from 0.51/);
  });
  it('each condition just out stops it', () => {
    expect(revisionGate(facts({ ...due, confidence: 0.4 }))).toBeNull();
    expect(revisionGate(facts({ ...due, peakConfidence: 0.5 }))).toBeNull();
    expect(revisionGate(facts({ ...due, contradicting: 2, supporting: 3 }))).toBeNull();
    expect(revisionGate(facts({ ...due, supporting: 1 }))).toBeNull();
  });
});

describe('split gate', () => {
  const due = { supporting: 3, contradicting: 3, recentPartials: 2 };
  it('fires with 3 supporting, 3 contradicting, 2 recent partials and 5 episodes', () => {
    expect(splitGate(facts(due))).toMatch(/in some contexts only/);
  });
  it('each condition just out stops it', () => {
    expect(splitGate(facts({ ...due, supporting: 2 }))).toBeNull();
    expect(splitGate(facts({ ...due, contradicting: 2, supporting: 4 }))).toBeNull();
    expect(splitGate(facts({ ...due, recentPartials: 1 }))).toBeNull();
  });
});

describe('merge gate', () => {
  const side = { confidence: 0.61, scope: 'global', project: null, updatedAt: NOW - 7 * DAY - 1 };
  it('fires above the threshold for confident, settled beliefs in one scope', () => {
    expect(mergeGate(side, side, 0.921, 0.92, NOW)).toMatch(/near duplicates/);
  });
  it('each condition just out stops it', () => {
    expect(mergeGate(side, side, 0.92, 0.92, NOW)).toBeNull();
    expect(mergeGate(side, { ...side, confidence: 0.6 }, 0.95, 0.92, NOW)).toBeNull();
    expect(mergeGate(side, { ...side, updatedAt: NOW - 7 * DAY }, 0.95, 0.92, NOW)).toBeNull();
    expect(mergeGate(side, { ...side, scope: 'project', project: 'x' }, 0.95, 0.92, NOW)).toBeNull();
  });
});
