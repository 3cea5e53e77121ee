/**
 * Scheduled consolidation by the connected agent's model (the push half of reflection). When the
 * MCP client declares the `sampling` capability, the process serving it announces the agent
 * (mind/sampling-agents.ts: the app then offers "the connected agent's model" under Settings →
 * Provider) and, while the mind's provider is `agent`, runs consolidation itself whenever the
 * scheduler's settings say one is due (N new episodes, or the timer), with the sampling provider
 * (sampling-provider.ts). The run is the ordinary pipeline with its budget (cycle time, per-call
 * timeout, clusters per cycle) and its lease, so it never overlaps a run the app started. While an
 * agent is announced the app's scheduler leaves automatic runs to it; with none, the app runs
 * offline (consolidation/provider-factory.ts).
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { isMindError } from '../../shared/errors';
import { episodesSinceCheckpoint } from '../consolidation/checkpoint';
import { runConsolidation } from '../consolidation/run';
import type { RunSummary, RunTrigger } from '../consolidation/run-types';
import { DEFAULT_POLL_MS } from '../consolidation/scheduler';
import { readSettings } from '../consolidation/settings-store';
import type { Mind } from '../mind/mind';
import { announceSamplingAgent, withdrawSamplingAgent } from '../mind/sampling-agents';
import { createSamplingProvider } from './sampling-provider';

const HOUR_MS = 3_600_000;

export interface SamplingRuns {
  /** Whether the client offers sampling (known once it has initialized). */
  readonly offered: () => boolean;
  /** A run now with the agent's model, whatever the settings' provider; null when the client offers no sampling. */
  runNow(trigger?: RunTrigger): Promise<RunSummary | null>;
  dispose(): void;
}

export interface SamplingRunsOptions {
  /** Who the agent is (`agent:NAME`), for the announcement. */
  readonly actor: () => string;
  readonly pollMs?: number | undefined;
  readonly logError: (message: string, error: unknown) => void;
}

export function watchSampling(server: Server, mind: Mind, options: SamplingRunsOptions): SamplingRuns {
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<RunSummary | null> | null = null;
  let since = 0;
  let lastRunAt = 0;
  let disposed = false;
  const offered = () => server.getClientCapabilities()?.sampling !== undefined;

  const run = (trigger: RunTrigger): Promise<RunSummary | null> => {
    if (!offered()) return Promise.resolve(null);
    if (running) return running;
    const settings = readSettings(mind);
    running = runConsolidation(mind, { trigger, provider: createSamplingProvider(server), settings: { ...settings, provider: 'agent' } }).finally(() => {
      running = null;
      lastRunAt = mind.now();
    });
    return running;
  };

  const poll = () => {
    if (disposed || running) return;
    try {
      announceSamplingAgent(mind, options.actor(), since);
      const settings = readSettings(mind);
      if (settings.provider !== 'agent' || !settings.scheduler.enabled) return;
      const due: RunTrigger | null =
        episodesSinceCheckpoint(mind) >= settings.scheduler.everyEpisodes ? 'episodes' : mind.now() - lastRunAt >= settings.scheduler.everyHours * HOUR_MS ? 'timer' : null;
      if (due !== null) run(due).catch((error: unknown) => {
        // Another process's run holds the mind: the next poll looks again.
        if (!(isMindError(error) && error.code === 'invalid_state')) options.logError('A consolidation run with the agent\'s model failed', error);
      });
    } catch (error) {
      if (!(isMindError(error) && error.code === 'store_busy')) options.logError('Looking for a consolidation run to start failed', error);
    }
  };

  const begin = () => {
    if (disposed || timer !== null || !offered()) return;
    since = mind.now();
    lastRunAt = since;
    poll();
    timer = setInterval(poll, pollMs);
    timer.unref();
  };
  const previous = server.oninitialized;
  server.oninitialized = () => {
    previous?.();
    begin();
  };
  begin();

  return {
    offered,
    runNow: (trigger = 'manual') => run(trigger),
    dispose() {
      disposed = true;
      if (timer !== null) {
        clearInterval(timer);
        try {
          withdrawSamplingAgent(mind);
        } catch (error) {
          options.logError('Withdrawing the agent\'s model from the mind failed', error);
        }
      }
      timer = null;
    },
  };
}
