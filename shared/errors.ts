/**
 * Typed errors. Every failure a caller can cause has a code; errors cross process boundaries as
 * plain `{code, message, details?}` envelopes.
 */
export const ERROR_CODES = [
  'not_found',
  'invalid_input',
  'invalid_fields',
  'forbidden_promotion',
  'not_a_belief',
  'invalid_state',
  'version_conflict',
  'not_a_mind',
  'corrupt_file',
  'schema_too_new',
  'unreadable_file',
  'store_busy',
  'internal',
  // Transport codes: a call that never reached a handler, or one this shell cannot serve.
  'unauthorized',
  'unknown_call',
  'no_mind_open',
  'unsupported',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorEnvelope {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

export class MindError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'MindError';
    this.code = code;
    this.details = details;
  }

  toEnvelope(): ErrorEnvelope {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export function isMindError(error: unknown): error is MindError {
  return error instanceof MindError;
}
