/**
 * The property-based fuzz of every contract call (fast-check), against the real API handler table
 * in a host process of its own, on copies of a demo mind. Four passes, each a property whose
 * counterexample fast-check shrinks:
 *
 * - coverage: every call in the contract, with payloads derived from its request schema and
 *   hostile values mixed in, one after another on one mind;
 * - sequences: random sequences of calls and races (copies of one write at one version, or a few
 *   calls at once), each on a fresh copy, then the mind closed and checked;
 * - races: for each call that names a version, a payload the mind accepts is found, then raced at
 *   one version and replayed at the stale one;
 * - destructive targets, one at a time: every call that takes a path pointed at the open mind's
 *   own files (`-wal`, `-shm`, `-journal`, a hard link, a symlink, the file itself) and at files
 *   that are not regular (/dev/zero, a FIFO, a folder), then writes that must survive.
 *
 * Each finding names the invariant it broke (fuzz-run.ts) and carries the calls that broke it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { CALL_NAMES, type CallName } from '../../../shared/contract';
import { type FuzzHost, startFuzzHost } from './fuzz-host';
import { type FuzzFiles, makeFuzzFiles } from './fuzz-files';
import { FuzzRun, type Invariant, type PlannedCall, type RunSettings } from './fuzz-run';
import { emptyStats, type StatsSummary, summarize } from './fuzz-stats';
import { DESTRUCTIVE_PATHS, ODD_MIXES, type PathName, token } from './hostile-values';
import { callsWithField, payloadArbitrary, plausibleVariants } from './schema-arbitrary';

export interface FuzzOptions {
  seed: number;
  /** Generated payloads per call in the coverage pass. */
  payloadsPerCall: number;
  /** Random sequences, each on a fresh copy of the mind. */
  sequences: number;
  maxSteps: number;
  /** Plausible payloads tried per versioned call until the mind accepts one. */
  raceSearch: number;
  /** Copies of one write sent at once. */
  raceWidth: number;
  /** A call that has not answered by then is a finding (and a host that stops answering pings, killed). */
  callTimeoutMs: number;
  /** The host is killed when its memory grows past this while a call runs. */
  memoryLimitMb: number;
  /** Replays a failing property may spend shrinking its counterexample. */
  shrinkRuns: number;
  /** Which passes run (all by default). */
  passes?: readonly FuzzPass[];
  progress?: (line: string) => void;
}

export const QUICK_FUZZ: Omit<FuzzOptions, 'seed'> = {
  payloadsPerCall: 2,
  sequences: 3,
  maxSteps: 10,
  raceSearch: 12,
  raceWidth: 4,
  callTimeoutMs: 5_000,
  memoryLimitMb: 1_500,
  shrinkRuns: 20,
};

export const FUZZ_PASSES = ['coverage', 'sequences', 'races', 'destructive'] as const;
export type FuzzPass = (typeof FUZZ_PASSES)[number];

export interface FuzzFinding {
  pass: FuzzPass;
  invariants: Invariant[];
  /** The findings and the calls that led to them, shrunk where fast-check could. */
  report: string;
}

export interface FuzzReport {
  seed: number;
  durationMs: number;
  stats: StatsSummary;
  findings: FuzzFinding[];
}

export async function runContractFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const root = mkdtempSync(join(tmpdir(), 'mindloom-fuzz-'));
  const log = options.progress ?? (() => undefined);
  const stats = emptyStats();
  const settings: RunSettings = { callTimeoutMs: options.callTimeoutMs };
  const findings: FuzzFinding[] = [];
  let host: FuzzHost | null = null;
  let runs = 0;
  try {
    const files = await makeFuzzFiles(root);
    const liveHost = async (): Promise<FuzzHost> => {
      if (host?.alive) return host;
      host = await startFuzzHost({ appDataDir: join(root, 'app-data'), workDir: root, memoryLimitMb: options.memoryLimitMb });
      return host;
    };
    const newRun = async () => FuzzRun.start(await liveHost(), files, `run-${++runs}`, stats, settings);
    const context: PassContext = { options, files, newRun, findings, log };

    const passes: Record<FuzzPass, (context: PassContext) => Promise<void>> = {
      coverage: coveragePass,
      sequences: sequencesPass,
      races: racesPass,
      destructive: destructivePass,
    };
    for (const pass of options.passes ?? FUZZ_PASSES) await passes[pass](context);
  } finally {
    await (host as FuzzHost | null)?.stop();
    rmSync(root, { recursive: true, force: true });
  }
  return { seed: options.seed, durationMs: Math.round(performance.now() - started), stats: summarize(stats), findings };
}

interface PassContext {
  options: FuzzOptions;
  files: FuzzFiles;
  newRun(): Promise<FuzzRun>;
  findings: FuzzFinding[];
  log(line: string): void;
}

function record(context: PassContext, pass: FuzzFinding['pass'], invariants: Invariant[], report: string): void {
  context.findings.push({ pass, invariants: [...new Set(invariants)], report });
  context.log(`✗ ${pass}: ${[...new Set(invariants)].join(', ')}`);
}

/** fast-check's verdict on a property that throws a FuzzRun's findings: the shrunk counterexample's findings. */
function failureOf<T>(details: fc.RunDetails<T>): { invariants: Invariant[]; report: string } | null {
  if (!details.failed) return null;
  const error = details.errorInstance as (Error & { invariants?: Invariant[] }) | undefined;
  return { invariants: error?.invariants ?? [], report: `${error?.message ?? String(details.errorInstance)}\n(seed ${details.seed}, path "${details.counterexamplePath}", ${details.numShrinks} shrinks)` };
}

class FindingsError extends Error {
  constructor(
    readonly invariants: Invariant[],
    message: string,
  ) {
    super(message);
  }
}

/** Replays after the first failure cost a run each: past the budget, a replay passes without running. */
function shrinkBudget(runs: number): { spend(): boolean; failed(): void } {
  let failing = false;
  let left = runs;
  return {
    spend: () => !failing || left-- > 0,
    failed: () => {
      failing = true;
    },
  };
}

/** A plausible call slower than this gets a single hostile payload in the coverage pass. */
const SLOW_CALL_MS = 1_000;

function distinct(payloads: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  return payloads.filter((payload) => {
    const key = JSON.stringify(payload) ?? 'undefined';
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One call on a run; its findings (taken out of the run) with the trace lines it made. */
async function callAlone(run: FuzzRun, call: PlannedCall): Promise<{ invariants: Invariant[]; report: string } | null> {
  const before = run.findings.length;
  const traced = run.trace.length;
  await run.calls([call]);
  await run.returnToOwnMind();
  const found = run.takeFindingsSince(before);
  if (found.length === 0) return null;
  return {
    invariants: found.map((finding) => finding.invariant),
    report: [...found.map((finding) => `✗ ${finding.invariant}: ${finding.message}`), ...run.trace.slice(traced).map((line) => `  ${line}`)].join('\n'),
  };
}

/**
 * Every call of the contract on one mind: first plausible payloads (one per value of its enum,
 * one with odd text in every free-text field), then hostile ones, a property fast-check shrinks.
 */
async function coveragePass(context: PassContext): Promise<void> {
  let run = await context.newRun();
  for (const [index, name] of CALL_NAMES.entries()) {
    if (!run.hostUsable) {
      await run.finish();
      run = await context.newRun();
    }
    const current = run;
    const seed = context.options.seed + index;
    const plausible = distinct([
      ...plausibleVariants(name, { destructivePaths: false }, seed),
      ...ODD_MIXES.flatMap((oddText) => plausibleVariants(name, { destructivePaths: false, oddText }, seed).slice(0, 1)),
    ]);
    let slowest = 0;
    for (const payload of plausible) {
      if (!current.hostUsable) break;
      const started = performance.now();
      const found = await callAlone(current, { name, payload });
      slowest = Math.max(slowest, performance.now() - started);
      if (found) record(context, 'coverage', found.invariants, `${name}:\n${found.report}`);
    }
    // A call that takes seconds (a consolidation run, a demo mind written) gets one hostile payload: the pass stays bounded.
    const hostile = slowest > SLOW_CALL_MS ? Math.min(1, context.options.payloadsPerCall) : context.options.payloadsPerCall;
    const property = fc.asyncProperty(payloadArbitrary(name, { destructivePaths: false }), async (payload) => {
      if (!current.hostUsable) return;
      const found = await callAlone(current, { name, payload });
      if (found) throw new FindingsError(found.invariants, found.report);
    });
    const failure = failureOf(await fc.check(property, { seed, numRuns: hostile }));
    if (failure) record(context, 'coverage', failure.invariants, `${name}:\n${failure.report}`);
  }
  await run.finish();
  if (run.findings.length > 0) record(context, 'coverage', run.findings.map((finding) => finding.invariant), run.findingsText());
  context.log(`coverage: ${CALL_NAMES.length} calls, plausible payloads and ${context.options.payloadsPerCall} hostile ones each`);
}

/** One step of a sequence: a call, copies of one versioned write sent at once, or a few calls at once. */
function stepArbitrary(versioned: readonly CallName[]): fc.Arbitrary<PlannedCall[]> {
  const call = (names: readonly CallName[], plausible: boolean) =>
    fc.constantFrom(...names).chain((name) => payloadArbitrary(name, { destructivePaths: false, plausible }).map((payload): PlannedCall => ({ name, payload })));
  const single = call(CALL_NAMES, false).map((planned) => [planned]);
  const copies = fc.tuple(call(versioned, true), fc.integer({ min: 2, max: 8 })).map(([planned, width]) => Array.from({ length: width }, () => planned));
  const mixed = fc.array(call(CALL_NAMES, false), { minLength: 2, maxLength: 4 });
  return fc.oneof({ weight: 6, arbitrary: single }, { weight: 1, arbitrary: copies }, { weight: 1, arbitrary: mixed });
}

async function sequencesPass(context: PassContext): Promise<void> {
  const budget = shrinkBudget(context.options.shrinkRuns);
  const versioned = callsWithField(CALL_NAMES, 'expectedVersion');
  const property = fc.asyncProperty(fc.array(stepArbitrary(versioned), { minLength: 1, maxLength: context.options.maxSteps }), async (steps) => {
    if (!budget.spend()) return;
    const run = await context.newRun();
    try {
      for (const step of steps) if (!(await run.calls(step)).usable) break;
    } finally {
      await run.finish();
    }
    if (run.findings.length > 0) {
      budget.failed();
      throw new FindingsError(run.findings.map((finding) => finding.invariant), run.findingsText());
    }
  });
  const failure = failureOf(await fc.check(property, { seed: context.options.seed, numRuns: context.options.sequences }));
  if (failure) record(context, 'sequences', failure.invariants, failure.report);
  context.log(`sequences: ${context.options.sequences} runs of up to ${context.options.maxSteps} steps`);
}

/**
 * For each call that names a version: plausible payloads until the mind acknowledges one; then
 * the same call at the new current version, sent `raceWidth` times at once, and the acknowledged
 * payload replayed at its now stale version. At most one of all of them may be acknowledged.
 */
async function racesPass(context: PassContext): Promise<void> {
  const run = await context.newRun();
  const versioned = callsWithField(CALL_NAMES, 'expectedVersion');
  for (const [index, name] of versioned.entries()) {
    if (!run.hostUsable) break;
    const candidates = fc.sample(payloadArbitrary(name, { destructivePaths: false, plausible: true }), { numRuns: context.options.raceSearch, seed: context.options.seed + index });
    for (const payload of candidates) {
      const before = run.findings.length;
      const traced = run.trace.length;
      const first = await run.calls([{ name, payload }]);
      const answer = first.outcomes[0];
      if (!(answer?.kind === 'answer' && answer.result.ok)) {
        run.takeFindingsSince(before);
        continue;
      }
      await run.calls(Array.from({ length: context.options.raceWidth }, () => ({ name, payload })));
      await run.calls([{ name, payload: first.payloads[0] }]);
      const found = run.takeFindingsSince(before);
      if (found.length > 0) {
        record(context, 'races', found.map((finding) => finding.invariant), [...found.map((finding) => `✗ ${finding.invariant}: ${finding.message}`), ...run.trace.slice(traced).map((line) => `  ${line}`)].join('\n'));
      }
      break;
    }
  }
  await run.finish();
  if (run.findings.length > 0) record(context, 'races', run.findings.map((finding) => finding.invariant), run.findingsText());
  context.log(`races: ${versioned.length} versioned calls`);
}

/** Edits that answer ok after a destructive call: every one must be there when the mind is opened again. */
async function witnessWrites(run: FuzzRun): Promise<void> {
  const ids = [...run.knowledge.versions.keys()].slice(0, 12);
  let written = 0;
  for (const id of ids) {
    if (written === 3 || !run.hostUsable) return;
    const { outcomes } = await run.calls([{ name: 'memories.edit', payload: { id, expectedVersion: token.version('current'), content: `fuzz witness ${written + 1}` } }]);
    const outcome = outcomes[0];
    if (outcome?.kind === 'answer' && outcome.result.ok) written += 1;
  }
}

/**
 * Destructive targets one at a time: for each, a fresh mind, every path-taking call pointed at it,
 * then witness writes, then the mind closed and checked. A run that breaks an invariant is taken
 * apart: each call alone, so the finding names the call that does it.
 */
async function destructivePass(context: PassContext): Promise<void> {
  // Calls that switch minds go last: the others are aimed at the files of the mind the run opened.
  const pathCalls = callsWithField(CALL_NAMES, 'path').sort((a, b) => Number(a.startsWith('session.')) - Number(b.startsWith('session.')));
  const planFor = (target: PathName, seed: number): PlannedCall[] =>
    pathCalls.flatMap((name, index) =>
      plausibleVariants(name, { destructivePaths: true, flagsSet: true }, seed + index).map((payload) => ({ name, payload: { ...(payload as object), path: token.path(target) } })),
    );
  const attempt = async (plan: readonly PlannedCall[]): Promise<FuzzRun> => {
    const run = await context.newRun();
    try {
      for (const call of plan) if (!(await run.calls([call])).usable) break;
      await witnessWrites(run);
    } finally {
      await run.finish();
    }
    return run;
  };
  for (const [index, target] of DESTRUCTIVE_PATHS.entries()) {
    const plan = planFor(target, context.options.seed + 100 * index);
    const together = await attempt(plan);
    if (together.findings.length === 0) continue;
    let isolated = false;
    for (const call of plan) {
      const alone = await attempt([call]);
      if (alone.findings.length === 0) continue;
      isolated = true;
      record(context, 'destructive', alone.findings.map((finding) => finding.invariant), `target ${target}, ${call.name} alone:\n${alone.findingsText()}`);
    }
    if (!isolated) record(context, 'destructive', together.findings.map((finding) => finding.invariant), `target ${target}, the calls together:\n${together.findingsText()}`);
  }
  context.log(`destructive: ${pathCalls.length} path-taking calls × ${DESTRUCTIVE_PATHS.length} targets`);
}
