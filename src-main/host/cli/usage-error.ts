/**
 * A mistake in how the command was typed (unknown option, missing argument, malformed value).
 * Kept apart from MindError because it exits with 2, the conventional code for bad usage.
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
