/** The renderer's one error type: what a call's `{code, message, details}` envelope becomes when thrown. */
import { ERROR_CODES, type ErrorCode, type ErrorEnvelope } from '../../shared/errors';

/** `unreachable`: the transport itself failed (the host stopped, the network to it broke). */
export type ApiErrorCode = ErrorCode | 'unreachable';

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ApiErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.details = details;
  }

  static fromEnvelope(envelope: ErrorEnvelope): ApiError {
    return new ApiError(envelope.code, envelope.message, envelope.details);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** A code and a sentence for anything thrown: typed errors keep theirs, the rest say what they can. */
export function describeError(error: unknown): { code: string; message: string } {
  if (isApiError(error)) return { code: error.code, message: error.message };
  if (error instanceof Error) return { code: 'internal', message: error.message };
  return { code: 'internal', message: String(error) };
}
