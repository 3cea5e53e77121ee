/** Calls about the mind as a whole: the overview, its settings, its consolidation. */
import { MindError } from '../../shared/errors';
import { embedderKey } from '../consolidation/provider-factory';
import { readSettings, writeSettings } from '../consolidation/settings-store';
import { getOverview } from '../mind/overview';
import type { ApiContext, HandlerSlice } from './handler-table';

type MindCall =
  | 'mind.overview'
  | 'settings.get'
  | 'settings.update'
  | 'settings.setApiKey'
  | 'consolidation.status'
  | 'consolidation.runNow'
  | 'consolidation.pause'
  | 'consolidation.resume'
  | 'consolidation.cancel';

export function mindCalls(ctx: ApiContext): HandlerSlice<MindCall> {
  const mind = () => ctx.session.mind();
  const { secrets } = ctx.platform;
  const apiKeySet = () => secrets.get('openai-api-key') !== null;

  return {
    'mind.overview': () => getOverview(mind()),
    'settings.get': () => ({ settings: readSettings(mind()), apiKeySet: apiKeySet() }),
    'settings.update': (patch) => {
      const embedderBefore = embedderKey(readSettings(mind()));
      const settings = writeSettings(mind(), patch, 'user');
      if (embedderKey(settings) !== embedderBefore) {
        // The vectors are rebuilt now, in the worker, rather than at the next run. Not awaited: a
        // failure is the scheduler's `reembedFailed` event (pushed and logged); a refusal because
        // a run (or a rebuild) is going leaves it to the next run, which re-embeds for a changed
        // embedder itself (run.ts, embedStage).
        ctx.scheduler.reembed().catch(() => undefined);
      }
      return { settings, apiKeySet: apiKeySet() };
    },
    'settings.setApiKey': ({ key }) => {
      if (!secrets.writable) {
        throw new MindError(
          'unsupported',
          'This window cannot keep secrets: set OPENAI_API_KEY in the environment that runs `mindloom serve`.',
        );
      }
      secrets.set('openai-api-key', key);
      return { apiKeySet: apiKeySet() };
    },
    'consolidation.status': () => ctx.scheduler.status(mind()),
    'consolidation.runNow': async (request) => {
      const summary = await ctx.scheduler.runNow({ dryRun: request?.dryRun ?? false });
      return { ...summary, skipped: [...summary.skipped], actions: [...summary.actions] };
    },
    'consolidation.pause': () => {
      ctx.scheduler.pause();
      return ctx.scheduler.status(mind());
    },
    'consolidation.resume': () => {
      ctx.scheduler.resume();
      return ctx.scheduler.status(mind());
    },
    'consolidation.cancel': () => {
      ctx.scheduler.cancel();
      return ctx.scheduler.status(mind());
    },
  };
}
