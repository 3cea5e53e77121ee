/**
 * One fuzz run: a fresh copy of the mind open in the host, another program's connection beside it,
 * and the calls of one example, each answer checked as it comes, then the mind closed and opened
 * again to check what must have survived. The invariants (docs/ARCHITECTURE.md, "The contract
 * fuzz") are named, so a finding says which one broke.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { CALLS, type CallResult, ErrorEnvelopeSchema, isCallName, type SessionStatus } from '../../../shared/contract';
import { ERROR_CODES } from '../../../shared/errors';
import { loadMemory } from '../../mind/change';
import { checkMind } from '../../mind/check';
import { openMind } from '../../mind/mind';
import { openSecondReader, type SecondReader } from '../../store/second-reader';
import type { CallOutcome, FuzzHost } from './fuzz-host';
import type { FuzzFiles } from './fuzz-files';
import { emptyKnowledge, harvest, type Knowledge, resolvePayload } from './fuzz-knowledge';
import { type FuzzStats, recordCall } from './fuzz-stats';
import { showValue, traceLine } from './fuzz-trace';

export const INVARIANTS = [
  'typed-answer',
  'no-internal',
  'host-responsive',
  'host-alive',
  'failed-open-keeps-mind',
  'nothing-beside-failed-open',
  'one-write-per-version',
  'dry-run-holds-no-lock',
  'integrity',
  'check-ok',
  'mind-reopens',
  'acked-writes-present',
  'valid-utf8',
] as const;
export type Invariant = (typeof INVARIANTS)[number];

export interface Finding {
  invariant: Invariant;
  message: string;
}

export interface PlannedCall {
  name: string;
  /** With tokens (`«ref:id:3»`), resolved when the call is made. */
  payload: unknown;
}

export interface RunSettings {
  callTimeoutMs: number;
}

/** Lists whose answers fill the fuzz's knowledge of the mind before the first call. */
const SURVEY: readonly PlannedCall[] = [
  { name: 'inbox.list', payload: { limit: 500 } },
  { name: 'review.queue', payload: { limit: 500 } },
  { name: 'contradictions.list', payload: {} },
  { name: 'runs.list', payload: {} },
  { name: 'rejections.list', payload: { status: 'all' } },
  { name: 'memories.list', payload: { limit: 500, filter: { statuses: ['active', 'superseded', 'archived', 'processed', 'forgotten'] } } },
];
const SESSION_SWITCHES = new Set(['session.open', 'session.create', 'session.openDemo']);
const MAX_TRACE = 400;
/** How long a dry run waits for background work (a consolidation run, a scan) to end first. */
const QUIET_WAIT_MS = 15_000;

interface OpenFile {
  path: string;
  /** The file as it was when opened (device and inode): a link to it is the same mind. */
  key: string;
  isDemo: boolean;
}

/** A call that only looks (a preview, a dry run) and so must hold no write lock. */
function isDryRun(name: string, payload: unknown): boolean {
  return /preview$/i.test(name) || (typeof payload === 'object' && payload !== null && (payload as { dryRun?: unknown }).dryRun === true);
}

function fileKey(path: string): string {
  const stat = statSync(path);
  return `${stat.dev}:${stat.ino}`;
}

export class FuzzRun {
  readonly knowledge: Knowledge = emptyKnowledge();
  readonly findings: Finding[] = [];
  readonly trace: string[] = [];
  private readonly acked = new Map<string, { path: string; versions: Map<string, number> }>();
  private readonly versionWrites = new Map<string, number>();
  private reader: SecondReader | null = null;
  private open: OpenFile | null;
  private readonly inFlight = new Set<{ name: string; payload: unknown }>();
  private probe: NodeJS.Timeout | null = null;
  private heldSince: number | null = null;
  private heldDuring = new Set<string>();
  private dryRunHeld: string | null = null;
  private step = 0;

  private constructor(
    private readonly host: FuzzHost,
    private readonly files: FuzzFiles,
    readonly runDir: string,
    readonly mindPath: string,
    private readonly stats: FuzzStats,
    private readonly settings: RunSettings,
  ) {
    this.open = { path: mindPath, key: fileKey(mindPath), isDemo: false };
  }

  /** A fresh copy of the mind, open in the host, with a second connection and a survey of its lists. */
  static async start(host: FuzzHost, files: FuzzFiles, name: string, stats: FuzzStats, settings: RunSettings): Promise<FuzzRun> {
    const mindPath = files.prepareRun(name);
    const status = await host.open(mindPath);
    if (status.state !== 'open') throw new Error(`The fuzz could not open its own mind ${mindPath}: ${JSON.stringify(status)}`);
    const run = new FuzzRun(host, files, dirname(mindPath), mindPath, stats, settings);
    run.reader = openSecondReader(mindPath);
    for (const call of SURVEY) {
      const outcome = await host.call(call.name, call.payload, settings.callTimeoutMs);
      if (outcome.kind === 'answer' && outcome.result.ok) harvest(run.knowledge, outcome.result.value);
    }
    return run;
  }

  get hostUsable(): boolean {
    return this.host.alive;
  }

  /** Calls made at once (one, or a race), each answer checked; `usable` is false once the host stopped answering. */
  async calls(planned: readonly PlannedCall[]): Promise<{ usable: boolean; outcomes: CallOutcome[]; payloads: unknown[] }> {
    const resolved: { name: string; payload: unknown; target: string | null; besideBefore: string[]; before: SessionStatus | null }[] = [];
    for (const call of planned) {
      const payload = await resolvePayload(call.payload, {
        knowledge: this.knowledge,
        path: (name, kind) => this.files.resolve(name, { mindPath: this.open?.path ?? this.mindPath, runDir: this.runDir, kind }),
        refreshVersion: (id) => this.refreshVersion(id),
      });
      const target = SESSION_SWITCHES.has(call.name) ? pathOf(payload) : null;
      const before = target === null ? null : await this.status();
      resolved.push({ name: call.name, payload, target, besideBefore: target === null ? [] : besideFiles(target), before });
    }
    // A dry run is judged on a quiet mind: a consolidation run or a scan writing meanwhile would hold the lock it is checked for.
    if (resolved.some((call) => isDryRun(call.name, call.payload))) await this.quiet();
    const concurrent = resolved.length > 1;
    const outcomes = await Promise.all(resolved.map((call) => this.dispatch(call.name, call.payload)));
    let usable = true;
    for (const [i, call] of resolved.entries()) {
      const outcome = outcomes[i] as CallOutcome;
      this.step += 1;
      const line = traceLine(this.step, call.name, call.payload, outcome, concurrent);
      if (this.trace.length < MAX_TRACE) this.trace.push(line);
      usable = (await this.checkAnswer(call.name, call.payload, outcome, line)) && usable;
      if (outcome.kind === 'answer' && outcome.result.ok) this.learn(call.name, call.payload, outcome.result, line);
      if (call.target !== null && outcome.kind === 'answer') await this.checkSessionSwitch(call.name, call.target, call.before, call.besideBefore, outcome.result, line);
    }
    if (this.dryRunHeld !== null) {
      if (await this.backgroundIdle()) this.find('dry-run-holds-no-lock', `another connection found the write lock held while only ${this.dryRunHeld} was running`);
      this.dryRunHeld = null;
    }
    return { usable, outcomes, payloads: resolved.map((call) => call.payload) };
  }

  /** After a call that switched minds: the run's own mind again (opened afresh), so the calls after it test that. */
  async returnToOwnMind(): Promise<void> {
    if (!this.host.alive || this.open?.path === this.mindPath) return;
    const status = await this.host.open(this.mindPath);
    if (status.state === 'open') this.open = { path: this.mindPath, key: fileKey(this.mindPath), isDemo: false };
  }

  /** Findings made since `count` were made, taken out of the run (a shrinking replay makes its own). */
  takeFindingsSince(count: number): Finding[] {
    return this.findings.splice(count);
  }

  /** Ends the run: the API's check, the host lets go, the second connection closes, then every mind written is opened again and checked. */
  async finish(): Promise<void> {
    if (this.host.alive && this.open && !this.open.isDemo) {
      const outcome = await this.host.call('mind.check', {}, this.settings.callTimeoutMs * 4);
      if (outcome.kind === 'answer' && outcome.result.ok) {
        const report = outcome.result.value as { ok: boolean; checks: { name: string; ok: boolean; summary: string; samples?: unknown[] }[] };
        if (!report.ok) this.find('check-ok', `mind.check on the open mind: ${failedChecks(report.checks)}`);
      }
    }
    // Another program opens the mind now and still reads it while the host stops (an agent's MCP
    // server, the CLI): writes the host kept where that program cannot see them are lost here.
    this.stopProbe();
    this.reader?.close();
    this.reader = null;
    const lateReader = this.open && existsSync(this.open.path) ? openLateReader(this.open.path) : null;
    if (this.host.alive) await this.host.closeSession();
    lateReader?.close();
    const minds = new Map(this.acked);
    if (![...minds.values()].some((mind) => mind.path === this.mindPath)) minds.set('run', { path: this.mindPath, versions: new Map() });
    for (const { path, versions } of minds.values()) this.verifyClosedMind(path, versions);
  }

  findingsText(): string {
    return [...this.findings.map((finding) => `✗ ${finding.invariant}: ${finding.message}`), 'calls:', ...this.trace.map((line) => `  ${line}`)].join('\n');
  }

  private find(invariant: Invariant, message: string): void {
    this.findings.push({ invariant, message });
  }

  private async dispatch(name: string, payload: unknown): Promise<CallOutcome> {
    const entry = { name, payload };
    this.inFlight.add(entry);
    this.startProbe();
    try {
      const outcome = await this.host.call(name, payload, this.settings.callTimeoutMs);
      recordCall(this.stats, name, outcome);
      return outcome;
    } finally {
      this.inFlight.delete(entry);
      if (this.inFlight.size === 0) this.stopProbe();
    }
  }

  private async checkAnswer(name: string, payload: unknown, outcome: CallOutcome, line: string): Promise<boolean> {
    if (outcome.kind === 'host_died') {
      this.find('host-alive', `${line}`);
      return false;
    }
    if (outcome.kind === 'no_answer') {
      this.find('host-responsive', line);
      if (!outcome.hostAnswersPings) await this.host.stop();
      return outcome.hostAnswersPings;
    }
    const result = outcome.result;
    if (result.ok) {
      const schema = isCallName(name) ? CALLS[name].response : null;
      const parsed = schema?.safeParse(result.value);
      if (schema === null || !parsed?.success) this.find('typed-answer', `${line}: the value does not match ${name}'s response schema (${parsed?.error?.issues[0]?.path.join('.')}: ${parsed?.error?.issues[0]?.message})`);
      return true;
    }
    if (!ErrorEnvelopeSchema.safeParse(result.error).success || !(ERROR_CODES as readonly string[]).includes(result.error.code)) {
      this.find('typed-answer', `${line}: not a typed error envelope: ${showValue(result.error)}`);
    } else if (result.error.code === 'internal') {
      this.find('no-internal', `${line}${outcome.logs.length > 0 ? ` (host log: ${outcome.logs.join(' | ')})` : ''}`);
    }
    void payload;
    return true;
  }

  /** An acknowledged answer: what it names is learned, what it wrote must survive, and no second write may land at one version. */
  private learn(name: string, payload: unknown, result: Extract<CallResult, { ok: true }>, line: string): void {
    harvest(this.knowledge, result.value);
    if (SESSION_SWITCHES.has(name)) {
      const status = result.value as SessionStatus;
      if (status.state === 'open' && existsSync(status.path)) this.open = { path: status.path, key: fileKey(status.path), isDemo: status.isDemo };
      else if (this.open && !existsSync(this.open.path)) this.open = null;
      return;
    }
    if (!this.open || this.open.isDemo) return;
    let mind = this.acked.get(this.open.key);
    if (!mind) this.acked.set(this.open.key, (mind = { path: this.open.path, versions: new Map() }));
    for (const [id, version] of seenVersions(result.value)) mind.versions.set(id, Math.max(version, mind.versions.get(id) ?? 0));
    if (isDryRun(name, payload)) return;
    for (const [id, version] of versionedTargets(payload)) {
      const key = `${this.open.key}|${id}|${version}`;
      const earlier = this.versionWrites.get(key);
      if (earlier !== undefined) this.find('one-write-per-version', `${id} was written at version ${version} by step ${earlier} and again by: ${line}`);
      else this.versionWrites.set(key, this.step);
    }
  }

  private async checkSessionSwitch(name: string, target: string, before: SessionStatus | null, besideBefore: string[], result: CallResult, line: string): Promise<void> {
    const failed = !result.ok || (result.value as SessionStatus).state !== 'open';
    if (!failed) return;
    const after = await this.status();
    if (before?.state === 'open' && !(after?.state === 'open' && after.path === before.path)) {
      this.find('failed-open-keeps-mind', `${line}; before it ${before.path} was open, after it: ${showValue(after)}`);
      // The rest of the run needs a mind: the finding is made, the mind is opened again.
      if (this.host.alive) await this.host.open(before.path);
    }
    const left = besideFiles(target).filter((file) => !besideBefore.includes(file));
    if (left.length > 0) this.find('nothing-beside-failed-open', `${line}; left behind: ${left.join(', ')}`);
    void name;
  }

  private async status(): Promise<SessionStatus | null> {
    const outcome = await this.host.call('session.status', {}, this.settings.callTimeoutMs);
    return outcome.kind === 'answer' && outcome.result.ok ? (outcome.result.value as SessionStatus) : null;
  }

  private async refreshVersion(id: string): Promise<void> {
    const outcome = await this.host.call('memories.get', { id }, this.settings.callTimeoutMs);
    if (outcome.kind === 'answer' && outcome.result.ok) harvest(this.knowledge, outcome.result.value);
  }

  private async quiet(): Promise<void> {
    for (let waited = 0; waited < QUIET_WAIT_MS && this.host.alive && !(await this.backgroundIdle()); waited += 50) {
      await new Promise((resume) => setTimeout(resume, 50));
    }
  }

  private async backgroundIdle(): Promise<boolean> {
    const consolidation = await this.host.call('consolidation.status', {}, this.settings.callTimeoutMs);
    const scan = await this.host.call('contradictions.scanState', {}, this.settings.callTimeoutMs);
    const running = (outcome: CallOutcome, busy: (value: never) => boolean) => outcome.kind === 'answer' && outcome.result.ok && busy(outcome.result.value as never);
    return !running(consolidation, (value: { state: string }) => value.state === 'running') && !running(scan, (value: { running: boolean }) => value.running);
  }

  /** Another connection asks for the write lock, without waiting, every few ms while calls run: how long it is held, and by what. */
  private startProbe(): void {
    if (this.probe !== null || this.reader === null) return;
    this.probe = setInterval(() => this.probeOnce(), 2);
  }

  private stopProbe(): void {
    if (this.probe !== null) clearInterval(this.probe);
    this.probe = null;
    this.probeOnce();
  }

  private probeOnce(): void {
    if (this.reader === null) return;
    let held: boolean;
    try {
      held = this.reader.writeLockHeld();
    } catch {
      // A file replaced under the reader (an export over the mind) answers errors: integrity will say so.
      return;
    }
    const now = performance.now();
    if (held) {
      this.heldSince ??= now;
      for (const call of this.inFlight) this.heldDuring.add(call.name);
      const calls = [...this.inFlight];
      if (calls.length > 0 && calls.every((call) => isDryRun(call.name, call.payload))) this.dryRunHeld ??= calls.map((call) => `${call.name} ${showValue(call.payload)}`).join(', ');
    } else if (this.heldSince !== null) {
      const waited = now - this.heldSince;
      if (waited > this.stats.longestLockWait.ms) this.stats.longestLockWait = { ms: waited, during: [...this.heldDuring] };
      this.heldSince = null;
      this.heldDuring = new Set();
    }
  }

  /** The mind as the next program to open it finds it. */
  private verifyClosedMind(path: string, versions: Map<string, number>): void {
    if (!existsSync(path)) {
      this.find('acked-writes-present', `${path}, which answered ${versions.size} writes, is gone`);
      return;
    }
    let reader: SecondReader | null = null;
    try {
      reader = openSecondReader(path);
      const problems = reader.integrityProblems();
      if (problems.length > 0) this.find('integrity', `${path}: ${problems.slice(0, 3).join('; ')}`);
      const invalid = reader.invalidUtf8();
      if (invalid.length > 0) this.find('valid-utf8', `${path}: ${invalid.length} text value(s) are not UTF-8, e.g. ${invalid.slice(0, 3).map((text) => `${text.table}.${text.column} rowid ${text.rowid}: ${text.bytes}`).join('; ')}`);
    } catch (error) {
      this.find('integrity', `${path} cannot be read by another program: ${(error as Error).message}`);
    } finally {
      reader?.close();
    }
    let mind;
    try {
      mind = openMind(path, { mustExist: true });
    } catch (error) {
      this.find('mind-reopens', `${path}: ${(error as Error).message}`);
      return;
    }
    try {
      const report = checkMind(mind);
      if (!report.ok) this.find('check-ok', `${path} after reopening: ${failedChecks(report.checks)}`);
      const lost: string[] = [];
      for (const [id, version] of versions) {
        try {
          const stored = loadMemory(mind, id).version;
          if (stored < version) lost.push(`${id} v${version} (now v${stored})`);
        } catch {
          lost.push(`${id} v${version} (missing)`);
        }
      }
      if (lost.length > 0) this.find('acked-writes-present', `${path} after closing and reopening lost ${lost.length} acknowledged state(s): ${lost.slice(0, 5).join(', ')}`);
    } finally {
      mind.close();
    }
  }
}

function openLateReader(path: string): SecondReader | null {
  try {
    const reader = openSecondReader(path);
    reader.memoryCount();
    return reader;
  } catch {
    // A file the calls made unreadable: integrity will say so.
    return null;
  }
}

/** Each failed check with its first sample, so a finding says what was damaged, not only that something was. */
function failedChecks(checks: readonly { name: string; ok: boolean; summary: string; samples?: readonly unknown[] }[]): string {
  const sample = (samples: readonly unknown[] | undefined) => (samples?.[0] === undefined ? '' : ` (${JSON.stringify(samples[0])})`);
  return checks
    .filter((check) => !check.ok)
    .map((check) => `${check.name}: ${check.summary}${sample(check.samples)}`)
    .join('; ');
}

function pathOf(payload: unknown): string | null {
  const path = (payload as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' && !path.includes('\u0000') ? path : null;
}

/** What SQLite may leave beside a file it opened: its rollback journal, write-ahead log and index. */
function besideFiles(target: string): string[] {
  return ['-journal', '-wal', '-shm'].map((suffix) => `${target}${suffix}`).filter((file) => existsSync(file));
}

/** Every (id, version) a value reports: what the mind acknowledged it holds. */
function seenVersions(value: unknown): [string, number][] {
  const found: [string, number][] = [];
  const pending: unknown[] = [value];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next !== 'object' || next === null) continue;
    if (Array.isArray(next)) pending.push(...next);
    else {
      const record = next as Record<string, unknown>;
      if (typeof record.id === 'string' && typeof record.version === 'number' && typeof record.content === 'string' && typeof record.type === 'string' && 'status' in record && 'fields' in record) found.push([record.id, record.version]);
      pending.push(...Object.values(record));
    }
  }
  return found;
}

/** The (id, expectedVersion) pairs a write names: at the top level and in `items`. */
function versionedTargets(payload: unknown): [string, number][] {
  const pairs: [string, number][] = [];
  const add = (value: unknown) => {
    const record = value as { id?: unknown; expectedVersion?: unknown } | null;
    if (record && typeof record.id === 'string' && typeof record.expectedVersion === 'number') pairs.push([record.id, record.expectedVersion]);
  };
  add(payload);
  const items = (payload as { items?: unknown } | null)?.items;
  if (Array.isArray(items)) items.forEach(add);
  return pairs;
}
