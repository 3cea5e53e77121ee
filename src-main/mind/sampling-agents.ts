/**
 * Which agents connected over MCP offer their model for consolidation (MCP sampling). The process
 * serving such an agent announces it and keeps a heartbeat (agent/sampling-runs.ts); an entry
 * whose process is gone, or silent too long, does not count (judged like a run's owner, run-owner.ts).
 */
import { deleteSamplingAgent, samplingAgentRows, writeSamplingAgent } from '../store/agent-presence-repo';
import type { Mind } from './mind';
import { judgeOwner, thisProcess } from './run-owner';

export interface SamplingAgent {
  /** The actor its writes carry (`agent:NAME`). */
  readonly agent: string;
  /** Epoch ms it connected. */
  readonly since: number;
}

/** This process serves an agent that offers sampling; called again as a heartbeat. */
export function announceSamplingAgent(mind: Mind, agent: string, since: number): void {
  const owner = thisProcess();
  mind.store.transaction(() => writeSamplingAgent(mind.store.db, { agent, ...owner, since, beatAt: mind.now() }));
}

export function withdrawSamplingAgent(mind: Mind): void {
  mind.store.transaction(() => deleteSamplingAgent(mind.store.db, thisProcess()));
}

/** The live ones, first connected first. */
export function connectedSamplingAgents(mind: Mind): SamplingAgent[] {
  const now = mind.now();
  return samplingAgentRows(mind.store.db)
    .filter((row) => judgeOwner({ host: row.host, pid: row.pid, start: row.start }, row.beatAt, now).alive)
    .sort((a, b) => a.since - b.since)
    .map((row) => ({ agent: row.agent, since: row.since }));
}
