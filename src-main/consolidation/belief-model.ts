/**
 * The run's picture of the active beliefs: their vectors in a similarity index, their profiles
 * (what the episodes behind each are about) in another, and for each belief the run touches, its
 * evidence as the gates read it. Planning decides from this picture
 * and the picture is updated as each decision is taken, so a dry run (which writes nothing) makes
 * exactly the decisions a real run makes; a real run also writes each one to the store.
 */
import { contentTerms } from '../../shared/rules/contradiction';
import { betaConfidence } from '../../shared/rules/confidence';
import { beliefEvidence } from '../store/consolidation-repo';
import { findMemoryById } from '../store/memories-repo';
import type { MemoryRecord } from '../store/memory-record';
import type { Mind } from '../mind/mind';
import { SimilarityIndex } from './similarity-index';
import type { Vector } from './vector-math';

/** How many of the latest verdicts against a belief count as its "recent contradictions". */
export const RECENT_VERDICTS = 10;

export interface BeliefEvidenceState {
  supporting: string[];
  counter: string[];
  partial: string[];
  /** Newest first: 'counter_evidence' | 'partial_evidence'. */
  recentAgainst: string[];
  peakConfidence: number;
}

/**
 * What a belief is about as the episodes behind it say it: their mean direction and mean resultant
 * length (vector-math.ts). A belief no episode supports has none: a short statement is no measure
 * of how alike episodes are, so such a belief is matched by its statement only (cluster-step.ts).
 */
export interface Profile {
  readonly direction: Vector;
  readonly resultant: number;
}

/** A belief whose episodes a group of episodes would join, and their average similarity. */
export interface ProfileMatch {
  readonly belief: BeliefState;
  readonly average: number;
}

export interface BeliefState {
  readonly slot: number;
  /** Null for a belief this dry run would create (it has no id yet). */
  id: string | null;
  seq: number | null;
  /** Set for a belief the run creates: its place among the run's new beliefs. */
  readonly newKey: number | null;
  readonly statement: string;
  readonly fields: Record<string, unknown>;
  readonly vector: Vector;
  readonly scope: string;
  readonly project: string | null;
  readonly protected: boolean;
  readonly createdAt: number;
  alpha: number;
  beta: number;
  updatedAt: number;
  lastReinforcedAt: number | null;
  version: number;
  active: boolean;
  touched: boolean;
  evidence: BeliefEvidenceState | null;
}

export const confidenceOf = (belief: Pick<BeliefState, 'alpha' | 'beta'>) => betaConfidence(belief.alpha, belief.beta);

/** "bl_x" or, for a belief the dry run would create, its statement. */
export function beliefLabel(belief: BeliefState): string {
  return belief.id ?? `new belief "${belief.statement}"`;
}

export class BeliefModel {
  readonly index = new SimilarityIndex();
  /** The profiles of the beliefs that have one; each entry's belief slot and resultant. */
  private readonly profiles = new SimilarityIndex();
  private readonly profileEntries: { slot: number; resultant: number }[] = [];
  private readonly profileSlot = new Map<number, number>();
  private readonly states: BeliefState[] = [];
  private readonly byId = new Map<string, BeliefState>();
  private newCount = 0;

  constructor(private readonly mind: Mind) {}

  addExisting(record: MemoryRecord, vector: Vector, profile: Profile | null): BeliefState {
    const state: BeliefState = {
      slot: this.place(vector, contentTerms(record.content), profile),
      id: record.id,
      seq: record.seq,
      newKey: null,
      statement: record.content,
      fields: record.fields,
      vector,
      scope: record.scope,
      project: record.project,
      protected: record.protected,
      createdAt: record.createdAt,
      alpha: record.alpha ?? 1,
      beta: record.beta ?? 1,
      updatedAt: record.updatedAt,
      lastReinforcedAt: record.lastReinforcedAt,
      version: record.version,
      active: true,
      touched: false,
      evidence: null,
    };
    this.states[state.slot] = state;
    this.byId.set(record.id, state);
    return state;
  }

  addNew(input: {
    statement: string;
    fields: Record<string, unknown>;
    vector: Vector;
    profile: Profile;
    scope: string;
    project: string | null;
    episodes: readonly string[];
    at: number;
  }): BeliefState {
    const state: BeliefState = {
      slot: this.place(input.vector, contentTerms(input.statement), input.profile),
      id: null,
      seq: null,
      newKey: this.newCount,
      statement: input.statement,
      fields: input.fields,
      vector: input.vector,
      scope: input.scope,
      project: input.project,
      protected: false,
      createdAt: input.at,
      alpha: 1 + input.episodes.length,
      beta: 1,
      updatedAt: input.at,
      lastReinforcedAt: null,
      version: 1,
      active: true,
      touched: true,
      evidence: { supporting: [...input.episodes], counter: [], partial: [], recentAgainst: [], peakConfidence: 0 },
    };
    state.evidence = { ...(state.evidence as BeliefEvidenceState), peakConfidence: confidenceOf(state) };
    this.newCount += 1;
    this.states[state.slot] = state;
    return state;
  }

  private place(vector: Vector, terms: readonly string[], profile: Profile | null): number {
    const slot = this.index.add(vector, terms);
    if (profile !== null && profile.resultant > 0) {
      this.profileSlot.set(slot, this.profiles.add(profile.direction, terms));
      this.profileEntries.push({ slot, resultant: profile.resultant });
    }
    return slot;
  }

  /** Whether any belief has a profile (a mind whose beliefs no episode supports has none). */
  get profiled(): boolean {
    return this.profileEntries.length > 0;
  }

  /**
   * The beliefs a group of episodes (its profile) would join by average linkage: average cosine
   * between their episodes, profile cosine × both resultants, at least `threshold`; best first.
   */
  profileMatches(group: Profile, terms: readonly string[], threshold: number, accept: (belief: BeliefState) => boolean): ProfileMatch[] {
    if (group.resultant <= 0) return [];
    const owner = (profile: number) => this.profileEntries[profile] as { slot: number; resultant: number };
    return this.profiles
      .near(group.direction, terms, threshold / group.resultant, (profile) => accept(this.at(owner(profile).slot)))
      .map(({ slot: profile, score }) => ({ belief: this.at(owner(profile).slot), average: score * group.resultant * owner(profile).resultant }))
      .filter((match) => match.average >= threshold)
      .sort((a, b) => b.average - a.average || a.belief.slot - b.belief.slot);
  }

  /** A belief the real run just created gets its id. */
  bind(state: BeliefState, record: MemoryRecord): void {
    state.id = record.id;
    state.seq = record.seq;
    this.byId.set(record.id, state);
  }

  at(slot: number): BeliefState {
    const state = this.states[slot];
    if (!state) throw new Error(`no belief in slot ${slot}`);
    return state;
  }

  find(id: string): BeliefState | undefined {
    return this.byId.get(id);
  }

  all(): readonly BeliefState[] {
    return this.states;
  }

  /**
   * The main process keeps writing while a worker's run plans from this picture. Called inside a
   * commit's transaction (so nothing can change between the check and the write): the first of
   * `beliefs` another writer has since taken out of play, as a reason, or null. Such a belief
   * leaves the picture; a belief only this dry run would create is never out of play.
   */
  leftPlay(beliefs: readonly BeliefState[]): string | null {
    for (const state of beliefs) {
      if (state.id === null) continue;
      const record = findMemoryById(this.mind.store.db, state.id);
      if (record?.status === 'active') continue;
      if (state.active) this.deactivate(state);
      return `${state.id} is ${record?.status ?? 'gone'} since the run read it (another writer changed it)`;
    }
    return null;
  }

  deactivate(state: BeliefState): void {
    state.active = false;
    this.index.remove(state.slot);
    const profile = this.profileSlot.get(state.slot);
    if (profile !== undefined) this.profiles.remove(profile);
  }

  /** The belief's evidence, read from the store the first time the run needs it. */
  evidenceOf(state: BeliefState): BeliefEvidenceState {
    if (state.evidence === null) {
      state.evidence =
        state.seq !== null && state.id !== null
          ? beliefEvidence(this.mind.store.db, state.seq, state.id, RECENT_VERDICTS)
          : { supporting: [], counter: [], partial: [], recentAgainst: [], peakConfidence: confidenceOf(state) };
    }
    return state.evidence;
  }
}
