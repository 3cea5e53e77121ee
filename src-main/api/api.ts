/**
 * The API: one handler table behind one `dispatch`, shared by every transport. `dispatch` never
 * throws: an unknown call, a payload that does not match its schema, a refused operation and an
 * unexpected failure all come back as typed error envelopes.
 */
import type { z } from 'zod';
import { wellFormedDeep } from '../../shared/text';
import { CALLS, type CallResult, isCallName, type MindEvent } from '../../shared/contract';
import { type ErrorCode, isMindError } from '../../shared/errors';
import { codeRefCalls } from './code-refs-calls';
import { bindCodeWatch } from './code-watch-port';
import { bindFollowers } from './follow-port';
import { explainCalls } from './explain-calls';
import { linkedSourceCalls } from './linked-source-calls';
import { journalPosition } from '../mind/outside-writes';
import { type BackupPortOptions, bindBackups } from './backup-port';
import type { ApiContext, HandlerTable } from './handler-table';
import { editingCalls } from './editing-calls';
import { interopCalls } from './interop-calls';
import { lineageCalls } from './lineage-calls';
import { liveCalls } from './live-calls';
import { memoryCalls } from './memory-calls';
import { mindCalls } from './mind-calls';
import { mindDiffCalls } from './mind-diff-calls';
import { checkPayloadShape } from './payload-guard';
import type { LocalServerAddresses } from '../consolidation/local-models';
import { providerCalls } from './provider-calls';
import { recallCalls } from './recall-calls';
import { runCalls } from './run-calls';
import type { Platform } from './platform';
import { type BindOptions, bindScheduler } from './scheduler-port';
import type { Session } from './session';
import { sessionCalls } from './session-calls';
import { timelineCalls } from './timeline-calls';
import { trustCalls } from './trust-calls';

export interface Api {
  dispatch(name: string, payload: unknown): Promise<CallResult>;
  /** Every pushed event; returns the unsubscribe function. */
  subscribe(listener: (event: MindEvent) => void): () => void;
  /** Stops the consolidation scheduler (and its worker), the daily backup, the HEAD watch and the followers; the session stays the caller's. */
  dispose(): Promise<void>;
}

export interface ApiOptions {
  /** Tests pin the scheduler's clock and polling; the app uses the defaults. */
  schedulerOptions?: BindOptions['schedulerOptions'];
  /** Tests move the daily backup's clock by hand. */
  backupClock?: BackupPortOptions['clock'];
  /** Where unexpected failures are reported (their details never reach the caller). */
  logError?: (message: string, error: unknown) => void;
  /** Where to look for local model servers (tests use their own loopback ports). */
  localModelServers?: LocalServerAddresses;
}

export function createApi(session: Session, platform: Platform, options: ApiOptions = {}): Api {
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const context: ApiContext = {
    session,
    platform,
    scheduler: bindScheduler(session, platform, { logError, schedulerOptions: options.schedulerOptions }),
    backups: bindBackups(session, { logError, clock: options.backupClock }),
    changed: (ids) => session.events.emit({ type: 'mind.changed', payload: { origin: 'app', ids, upTo: journalPosition(session.mind()) } }),
  };
  // The app's own watchers: a repository's HEAD moving checks the code references; linked sources are followed.
  const codeWatch = bindCodeWatch(session, { logError, changed: context.changed });
  const followers = bindFollowers(session, { logError, changed: context.changed });
  const handlers: HandlerTable = {
    ...sessionCalls(context),
    ...memoryCalls(context),
    ...recallCalls(context),
    ...mindCalls(context),
    ...providerCalls(context, options.localModelServers),
    ...liveCalls(context),
    ...trustCalls(context),
    ...runCalls(context),
    ...editingCalls(context, logError),
    ...explainCalls(context),
    ...mindDiffCalls(context),
    ...interopCalls(context),
    ...timelineCalls(context),
    ...lineageCalls(context),
    ...codeRefCalls(context),
    ...linkedSourceCalls(context),
  };

  return {
    async dispatch(name, payload) {
      if (!isCallName(name)) {
        return failure('unknown_call', `There is no call named "${String(name).slice(0, 100)}".`);
      }
      try {
        checkPayloadShape(payload);
        // Lone surrogates become U+FFFD before anything reads the payload (shared/text.ts).
        const parsed = (CALLS[name].request as z.ZodType).safeParse(wellFormedDeep(payload));
        if (!parsed.success) return invalidPayload(name, parsed.error);
        const handler = handlers[name] as (request: unknown) => unknown;
        return { ok: true, value: (await handler(parsed.data)) as never };
      } catch (error) {
        if (isMindError(error)) return { ok: false, error: error.toEnvelope() };
        logError(`Call ${name} failed unexpectedly`, error);
        return failure('internal', 'Something went wrong inside Mindloom; nothing was changed by this request.');
      }
    },
    subscribe: (listener) => session.events.subscribe(listener),
    dispose: async () => {
      codeWatch.dispose();
      await Promise.all([context.scheduler.dispose(), context.backups.dispose(), followers.dispose()]);
    },
  };
}

function failure(code: ErrorCode, message: string, details?: Record<string, unknown>): CallResult {
  return { ok: false, error: details === undefined ? { code, message } : { code, message, details } };
}

function invalidPayload(name: string, error: z.ZodError): CallResult {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String),
    code: issue.code,
    message: issue.message,
  }));
  const first = issues[0];
  const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
  return failure('invalid_input', `Invalid request for ${name}: ${where}${first?.message ?? 'not accepted'}.`, { issues });
}
