/**
 * Turns what an openai-package call threw into what the pipeline understands. The client has
 * already retried what is worth retrying (connection failures, timeouts, 408/409/429/5xx, with
 * exponential backoff), so what reaches here is final for this item:
 * - the caller's own abort propagates unchanged (the run is being cancelled);
 * - a refused key or an unknown model is the configuration's fault, not the item's: a MindError,
 *   so the run stops with a message the person can act on instead of skipping every item;
 * - everything else is one item's failure: a ProviderItemError the pipeline skips and records.
 */
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  AuthenticationError,
  NotFoundError,
  PermissionDeniedError,
} from 'openai';
import { MindError } from '../../../shared/errors';
import { ProviderItemError } from '../provider';

/** Which call failed, against which endpoint, so the recorded reason says it. */
export interface CallContext {
  /** 'synthesis', 'classification', 'triage', 'embedding'. */
  readonly what: string;
  readonly baseUrl: string;
  readonly model: string;
  readonly timeoutMs: number;
  /** Requests the client makes before giving up: 1 + maxRetries. */
  readonly attempts: number;
}

export function callFailure(error: unknown, call: CallContext, signal: AbortSignal): Error {
  if (signal.aborted) return signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
  const at = `${call.what} with ${call.model} at ${call.baseUrl}`;
  if (error instanceof APIConnectionTimeoutError) {
    return new ProviderItemError(`${at}: no answer within ${call.timeoutMs} ms, ${call.attempts} attempt(s)`, 'timeout');
  }
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
    return new MindError(
      'invalid_input',
      `The endpoint ${call.baseUrl} refused the API key (HTTP ${error.status}: ${serverMessage(error)}). ` +
        "Set a valid key: OPENAI_API_KEY or MINDLOOM_OPENAI_API_KEY for the command line, or the app's Settings.",
      { status: error.status },
    );
  }
  if (error instanceof NotFoundError) {
    return new MindError(
      'invalid_input',
      `The endpoint ${call.baseUrl} answered 404 for model "${call.model}" (${serverMessage(error)}). Check the base URL and the model names in the settings.`,
      { status: error.status },
    );
  }
  if (error instanceof APIConnectionError) {
    return new ProviderItemError(`${at}: could not connect (${error.message}), ${call.attempts} attempt(s)`, 'http_error');
  }
  if (error instanceof APIError) {
    return new ProviderItemError(`${at}: HTTP ${String(error.status)}: ${serverMessage(error)}`, 'http_error');
  }
  // A 200 whose body is not JSON: the openai package hands back the parser's error.
  if (error instanceof SyntaxError) return new ProviderItemError(`${at}: the response body is not JSON (${error.message})`, 'malformed');
  return error instanceof Error ? error : new Error(String(error));
}

/** The server's own words: the openai package prefixes its messages with the status. */
function serverMessage(error: APIError): string {
  return error.message.replace(/^\d{3} /, '');
}
