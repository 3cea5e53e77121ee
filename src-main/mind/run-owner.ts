/**
 * Who holds a consolidation run: the process that runs it, named so that another process can tell
 * later whether that holder still exists. A pid alone is not enough (pids are reused), so the
 * owner also carries the process's start time as the operating system reports it, and the host
 * (a pid means nothing on another machine). Where the start time cannot be read (Windows, a
 * stripped-down /proc) or the owner is on another host, the run's heartbeat decides instead.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

export interface RunOwner {
  readonly host: string;
  readonly pid: number;
  /** The OS's start time of the process, as an opaque token; null where it cannot be read. */
  readonly start: string | null;
}

/** How a run's owner stands: still there, or gone (and why, in words for the journal and the UI). */
export type OwnerVerdict = { readonly alive: true } | { readonly alive: false; readonly why: string };

/** Heartbeats come every HEARTBEAT_MS; an owner silent for this long is taken for gone where nothing better can be checked. */
export const HEARTBEAT_MS = 15_000;
export const HEARTBEAT_STALE_MS = 5 * 60_000;

let self: RunOwner | null = null;

/** This process as a run's owner (worker threads share their process's pid, so they share this too). */
export function thisProcess(): RunOwner {
  self ??= processOwner(process.pid);
  return self;
}

/** A process on this host as a run's owner. */
export function processOwner(pid: number): RunOwner {
  return { host: hostname(), pid, start: processStart(pid) };
}

/**
 * Judges a stored owner. `owner` is null for a run recorded before runs named their owner: no
 * process can be holding it for this app. `heartbeatAt` and `now` are epoch ms.
 */
export function judgeOwner(owner: RunOwner | null, heartbeatAt: number | null, now: number): OwnerVerdict {
  if (owner === null) return { alive: false, why: 'no process holds it (it was started by a Mindloom that did not record run owners)' };
  const silentFor = now - (heartbeatAt ?? 0);
  const heardFrom = () =>
    silentFor < HEARTBEAT_STALE_MS
      ? ({ alive: true } as const)
      : { alive: false as const, why: `its owner (pid ${owner.pid} on ${owner.host}) has not been heard from for ${Math.round(silentFor / 60_000)} minutes` };
  if (owner.host !== thisProcess().host) return heardFrom();
  const state = processState(owner.pid);
  if (state === 'gone') return { alive: false, why: `its process (pid ${owner.pid}) has ended` };
  const start = processStart(owner.pid);
  if (owner.start !== null && start !== null) {
    return owner.start === start ? { alive: true } : { alive: false, why: `its process (pid ${owner.pid}) has ended; the pid now belongs to another process` };
  }
  return heardFrom();
}

/** Whether a pid names a live process here. A zombie (ended, not yet reaped) counts as gone. */
function processState(pid: number): 'alive' | 'gone' {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return 'gone';
  }
  const stat = linuxStat(pid);
  return stat !== null && (stat.state === 'Z' || stat.state === 'X') ? 'gone' : 'alive';
}

/** The process's start time: boot id and clock ticks on Linux, `ps`'s start time elsewhere; null when unknowable. */
function processStart(pid: number): string | null {
  const stat = linuxStat(pid);
  if (stat !== null) return `${bootId()}:${stat.startTicks}`;
  if (process.platform === 'win32') return null;
  const ps = spawnSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 2_000 });
  const started = ps.status === 0 ? ps.stdout.trim() : '';
  return started === '' ? null : started;
}

let boot: string | null = null;

/** Clock ticks count from boot: the boot id keeps a start time from matching across reboots. */
function bootId(): string {
  if (boot === null) {
    try {
      boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      boot = 'boot';
    }
  }
  return boot;
}

/** State and start time (field 22) from /proc/PID/stat; the command name may hold spaces and parentheses, so fields count from its last ')'. */
function linuxStat(pid: number): { state: string; startTicks: string } | null {
  if (process.platform !== 'linux') return null;
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const startTicks = fields[19];
  return state === undefined || startTicks === undefined ? null : { state, startTicks };
}
