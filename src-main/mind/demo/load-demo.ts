/**
 * Builds the demo mind: a fresh mind file replayed from the hand-written script through the real
 * operations, on a clock that follows the script's dates, so the journal holds months of real
 * history. Ids come from a seeded, collision-free source: two loads give the same mind (stable screenshots, e2e).
 */
import { existsSync, rmSync } from 'node:fs';
import { MindError } from '../../../shared/errors';
import { uniqueHexSource } from '../../../shared/seeded-ids';
import { finishRun, insertRun } from '../../store/consolidation-runs-repo';
import { recordAccess } from '../access';
import { loadMemory } from '../change';
import { addCounterEvidence, linkEvidence, reinforceMemory, verifyMemory } from '../confidence-ops';
import { listContradictionCases, resolveContradictionCase } from '../contradiction-workbench';
import { scanContradictions } from '../contradictions';
import { createMemory } from '../create';
import { editMemory } from '../edit';
import { addEvidenceRef } from '../evidence-refs';
import { archiveMemory, forgetMemory, restoreMemory, setProtected } from '../lifecycle';
import { type Mind, openMind } from '../mind';
import { thisProcess } from '../run-owner';
import { promoteMemory } from '../promote';
import { approveMemory, rejectMemory } from '../review';
import { getStats } from '../stats';
import { supersedeBelief } from '../supersede';
import type { WriteOptions } from '../write-options';
import { DEMO_CHAPTERS, DEMO_FINAL_SCAN, DEMO_SEED } from './demo-memories';
import type { DemoAction, DemoKey, DemoOperation, DemoStep } from './script';

const WEEK_MS = 7 * 86_400_000;

export interface DemoLoadResult {
  memories: number;
  journalRows: number;
}

export interface DemoLoadOptions {
  /**
   * The present the demo should end at. The script's history is moved by whole weeks so that it
   * ends no later than this (weekdays stay: releases stay on Thursdays). Without it the history
   * keeps its own dates (2026-05-01 to 2026-11-15), which keeps the file identical on every load.
   */
  now?: number;
}

export function loadDemoMind(path: string, options: DemoLoadOptions = {}): DemoLoadResult {
  if (existsSync(path)) {
    throw new MindError('invalid_input', `${path} already exists; the demo mind is only ever written to a new file.`, { path });
  }
  const steps = orderedSteps();
  const finalScanAt = parseTime(DEMO_FINAL_SCAN.at);
  const shift = options.now === undefined ? 0 : Math.floor((options.now - finalScanAt) / WEEK_MS) * WEEK_MS;
  let current = 0;
  const mind = openMind(path, { clock: () => current, randomHex: uniqueHexSource(DEMO_SEED) });
  try {
    // One outer transaction: the load is all or nothing, and fast (each operation is a savepoint).
    mind.store.transaction(() => {
      const replay = new Replay(mind);
      const runs = new Map<string, { startedAt: number; finishedAt: number; counts: Record<RunCount, number> }>();
      for (const step of steps) {
        current = Math.max(parseTime(step.at) + shift, current + 1000);
        replay.run(step);
        if (step.runId !== undefined) {
          const seen = runs.get(step.runId) ?? { startedAt: current, finishedAt: current, counts: { actions: 0, created: 0, reinforced: 0, contradicted: 0 } };
          seen.finishedAt = current;
          seen.counts.actions += 1;
          const counted = RUN_COUNT_OF[step.action.op];
          if (counted !== undefined) seen.counts[counted] += 1;
          runs.set(step.runId, seen);
        }
      }
      // The scripted nightly runs are runs like any other: the overview and the run history list them.
      for (const [id, run] of runs) {
        const owner = thisProcess();
        insertRun(mind.store.db, {
          id,
          trigger: 'timer',
          provider: 'offline',
          status: 'running',
          startedAt: run.startedAt,
          ownerHost: owner.host,
          ownerPid: owner.pid,
          ownerStart: owner.start,
        });
        finishRun(mind.store.db, id, {
          status: 'completed',
          finishedAt: run.finishedAt,
          budgetUsed: {},
          // What a real run reports when it ends (run.ts), so the run history reads the same for both.
          stats: { ...run.counts, proposals: 0 },
          error: null,
        });
      }
      current = Math.max(finalScanAt + shift, current + 1000);
      scanContradictions(mind, { actor: DEMO_FINAL_SCAN.actor });
    });
    const stats = getStats(mind);
    mind.close();
    return { memories: stats.total, journalRows: stats.journalEntries };
  } catch (error) {
    mind.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    throw error;
  }
}

type RunCount = 'actions' | 'created' | 'reinforced' | 'contradicted';
/** Which of a run's reported counts a scripted operation adds to. */
const RUN_COUNT_OF: Partial<Record<DemoOperation['op'], RunCount>> = {
  create: 'created',
  promote: 'created',
  supersede: 'created',
  reinforce: 'reinforced',
  link: 'reinforced',
  counter: 'contradicted',
};

/** Every chapter's steps in time order; steps at the same time keep the script's order. */
function orderedSteps(): DemoStep[] {
  return DEMO_CHAPTERS.flat()
    .map((step, index) => ({ step, index, at: parseTime(step.at) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map((entry) => entry.step);
}

function parseTime(text: string): number {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(text);
  const at = match ? Date.parse(`${match[1]}T${match[2]}:00Z`) : Number.NaN;
  if (Number.isNaN(at)) throw new MindError('invalid_input', `Demo script time "${text}" is not "YYYY-MM-DD HH:MM".`);
  return at;
}

/** Runs steps against a mind, keeping the map from script keys to the ids the mind gave. */
class Replay {
  private readonly ids = new Map<DemoKey, string>();

  constructor(private readonly mind: Mind) {}

  run(step: DemoStep): void {
    const options: WriteOptions = { actor: step.actor, runId: step.runId, reason: step.action.reason };
    try {
      this.apply(step.action, options);
    } catch (error) {
      const what = 'key' in step.action ? step.action.key : 'target' in step.action ? step.action.target : step.action.op;
      if (error instanceof MindError) {
        throw new MindError(error.code, `Demo script step ${step.at} ${step.action.op} ${what}: ${error.message}`, error.details);
      }
      throw error;
    }
  }

  private apply(action: DemoAction, options: WriteOptions): void {
    const mind = this.mind;
    switch (action.op) {
      case 'create': {
        const { derivedFrom, evidence, ...memory } = action.memory;
        const created = createMemory(
          mind,
          { ...memory, derivedFrom: derivedFrom?.map((k) => this.id(k)), evidence: evidence?.map((k) => this.id(k)) },
          options,
        );
        this.name(action.key, created.id);
        return;
      }
      case 'promote': {
        const { created } = promoteMemory(
          mind,
          this.id(action.from),
          { to: action.to, text: action.text, fields: action.fields },
          options,
        );
        this.name(action.key, created.id);
        for (const ref of action.refs ?? []) addEvidenceRef(mind, created.id, ref, options);
        return;
      }
      case 'supersede': {
        const { created } = supersedeBelief(
          mind,
          this.id(action.target),
          { content: action.content, fields: action.fields, source: action.source },
          options,
        );
        this.name(action.key, created.id);
        return;
      }
      case 'verify':
        verifyMemory(mind, this.id(action.target), { evidence: action.evidence }, options);
        return;
      case 'reinforce':
        reinforceMemory(mind, this.id(action.target), { evidence: this.evidence(action) }, options);
        return;
      case 'counter':
        addCounterEvidence(
          mind,
          this.id(action.target),
          { episodeId: action.episode === undefined ? undefined : this.id(action.episode), evidence: action.evidence },
          options,
        );
        return;
      case 'link':
        linkEvidence(mind, this.id(action.target), this.id(action.episode), options);
        return;
      case 'edit': {
        const id = this.id(action.target);
        // The script's actor saw the memory as it stands: the edit names that version.
        editMemory(mind, id, action.change, { ...options, expectedVersion: loadMemory(mind, id).version });
        return;
      }
      case 'ref':
        addEvidenceRef(mind, this.id(action.target), action.ref, options);
        return;
      case 'archive':
        archiveMemory(mind, this.id(action.target), options);
        return;
      case 'restore':
        restoreMemory(mind, this.id(action.target), options);
        return;
      case 'approve':
        approveMemory(mind, this.id(action.target), options);
        return;
      case 'reject':
        rejectMemory(mind, this.id(action.target), { ...options, reason: action.reason });
        return;
      case 'forget':
        forgetMemory(mind, this.id(action.target), options);
        return;
      case 'protect':
        setProtected(mind, this.id(action.target), true, options);
        return;
      case 'access':
        recordAccess(mind, this.id(action.target), options);
        return;
      case 'scan':
        scanContradictions(mind, { actor: options.actor, runId: options.runId });
        return;
      case 'scope': {
        const sides = new Set([this.id(action.a), this.id(action.b)]);
        const open = listContradictionCases(mind, { which: 'open', limit: 500 }).items.find((c) => sides.has(c.a.memory.id) && sides.has(c.b.memory.id));
        if (open === undefined) throw new MindError('not_found', `no open contradiction between ${action.a} and ${action.b}`);
        const contexts = Object.fromEntries(Object.entries(action.contexts).map(([key, context]) => [this.id(key), context]));
        resolveContradictionCase(mind, open.id, { as: 'scope', contexts, note: action.reason }, options);
        return;
      }
    }
  }

  /** A reinforcement names its episode by id (the mind links it) or gives free text. */
  private evidence(action: { episode?: DemoKey; evidence?: string }): string | undefined {
    return action.episode === undefined ? action.evidence : this.id(action.episode);
  }

  private id(key: DemoKey): string {
    const id = this.ids.get(key);
    if (id === undefined) throw new MindError('invalid_input', `the script names "${key}" before creating it.`, { key });
    return id;
  }

  private name(key: DemoKey, id: string): void {
    if (this.ids.has(key)) throw new MindError('invalid_input', `the script creates "${key}" twice.`, { key });
    this.ids.set(key, id);
  }
}
