import { describe, expect, it } from 'vitest';
import { inferSource } from './provenance';

describe('inferSource', () => {
  it('defaults to direct experience without a source', () => {
    expect(inferSource(undefined)).toEqual({ sourceType: 'direct_experience', sourceEntity: null });
    expect(inferSource('')).toEqual({ sourceType: 'direct_experience', sourceEntity: null });
    expect(inferSource('   ')).toEqual({ sourceType: 'direct_experience', sourceEntity: null });
  });

  it.each([
    ['told by Claire', 'claire'],
    ['Claire said so at standup', 'claire'],
    ['heard from Sean', 'sean'],
    ['Heard it from Sean yesterday', 'sean'],
    ['Sean told me this', 'sean'],
    ['shared by Emergent-Claire', 'emergent-claire'],
    ['according to Priya', 'priya'],
    ['TOLD BY CLAIRE', 'claire'],
    ['told to me by Ana.', 'ana'],
  ])('%j is external from %s', (source, entity) => {
    expect(inferSource(source)).toEqual({ sourceType: 'external', sourceEntity: entity });
  });

  it('is external with no entity when nobody in particular is named', () => {
    expect(inferSource('someone said it in a meeting')).toEqual({ sourceType: 'external', sourceEntity: null });
    expect(inferSource('according to the docs')).toEqual({ sourceType: 'external', sourceEntity: null });
    expect(inferSource('heard it around')).toEqual({ sourceType: 'external', sourceEntity: null });
  });

  it('checks external before every other kind', () => {
    expect(inferSource('told by Claire during consolidation')).toEqual({ sourceType: 'external', sourceEntity: 'claire' });
    expect(inferSource('Sean said it while we read the docs')).toEqual({ sourceType: 'external', sourceEntity: 'sean' });
  });

  it.each([
    ['consolidation run', 'consolidation'],
    ['Consolidated overnight', 'consolidation'],
    ['seed beliefs from the roundtable', 'seed'],
    ['Seeded at init', 'seed'],
    ['inferred from three episodes', 'inference'],
    ['my own reasoning', 'inference'],
    ['deduced from the logs pattern', 'inference'],
    ['read it in the manual', 'observation'],
    ['documentation', 'observation'],
    ['a web page', 'observation'],
    ['Article on SQLite WAL', 'observation'],
    ['observed in production', 'observation'],
    ['cli-promote', 'direct_experience'],
    ['raw-processing', 'direct_experience'],
    ['already fixed it myself', 'direct_experience'],
    ['pairing session', 'direct_experience'],
  ])('%j is %s', (source, sourceType) => {
    expect(inferSource(source)).toEqual({ sourceType, sourceEntity: null });
  });

  it('puts consolidation before seed, and seed before inference and observation', () => {
    expect(inferSource('consolidating seed docs').sourceType).toBe('consolidation');
    expect(inferSource('seed docs').sourceType).toBe('seed');
    expect(inferSource('inferred while reading docs').sourceType).toBe('inference');
  });
});
