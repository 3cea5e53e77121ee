/**
 * The run's picture of the active beliefs: their vectors in a similarity index, and for each
 * belief the run touches, its evidence as the gates read it. Planning decides from this picture
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

export interface BeliefState {
  readonly slot: number;
  /** Null for a belief this dry run would create (it has no id yet). */
  id: string | null;
  seq: number | null;
  /** Set for a belief the run creates: its place among the run's new beliefs. */
  readonly newKey: number | null;
  readonly statement: string;
  readonly fields: Record<string, unknown>;
  readonly vector: Float32Array;
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
  private readonly states: BeliefState[] = [];
  private readonly byId = new Map<string, BeliefState>();
  private newCount = 0;

  constructor(private readonly mind: Mind) {}

  addExisting(record: MemoryRecord, vector: Float32Array): BeliefState {
    const state: BeliefState = {
      slot: this.index.add(vector, contentTerms(record.content)),
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
    vector: Float32Array;
    scope: string;
    project: string | null;
    episodes: readonly string[];
    at: number;
  }): BeliefState {
    const state: BeliefState = {
      slot: this.index.add(input.vector, contentTerms(input.statement)),
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
